import { z } from 'zod';

// The admin's System Settings and their defaults (spec §9 of the admin document). The defaults are
// also inserted by migration 0001 as reference data.
export const platformSettingsSchema = z.object({
  session_timeout_minutes: z
    .number()
    .int()
    .min(5)
    .max(24 * 60),
  allow_registrations: z.boolean(),
  email_verification: z.boolean(),
  admin_two_factor: z.boolean(),
  maintenance_mode: z.boolean(),
  notify_new_user: z.boolean(),
  notify_new_job: z.boolean(),
  api_access: z.boolean(),
  // The platform fee added to every invoice, in basis points of the work (1000 = 10%); issue 15.
  platform_fee_basis_points: z.number().int().min(0).max(5000),
});

export type PlatformSettings = z.infer<typeof platformSettingsSchema>;

export const defaultPlatformSettings: PlatformSettings = {
  session_timeout_minutes: 60,
  allow_registrations: true,
  email_verification: true,
  admin_two_factor: true,
  maintenance_mode: false,
  notify_new_user: true,
  notify_new_job: true,
  api_access: true,
  platform_fee_basis_points: 1000,
};
