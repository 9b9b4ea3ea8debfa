import { z } from 'zod';
import { DEFAULT_JOB_VALIDITY_DAYS, JOB_VALIDITY_DAYS_MAX, JOB_VALIDITY_DAYS_MIN } from './job-reach';

// The admin's System Settings and their defaults (docs/spec/admin-billing-and-content.md §9). The defaults are
// also inserted by migration 0001 as reference data.
const onOff = (what: string) => z.boolean({ message: `${what} must be on or off.` });

export const SESSION_TIMEOUT_MINUTES_MIN = 5;
export const SESSION_TIMEOUT_MINUTES_MAX = 24 * 60;
export const PLATFORM_FEE_BASIS_POINTS_MAX = 5000;
export const PAYOUT_SECURITY_DAYS_MAX = 30;
export const PAYOUT_MINIMUM_CENTS_MAX = 100_000;

const sessionTimeoutMessage = `Session timeout must be a whole number of minutes from ${SESSION_TIMEOUT_MINUTES_MIN} to ${SESSION_TIMEOUT_MINUTES_MAX}.`;
const securityDaysMessage = `The security period must be a whole number of days from 0 to ${PAYOUT_SECURITY_DAYS_MAX}.`;
const payoutMinimumMessage = `The payout minimum must be from $1 to $${PAYOUT_MINIMUM_CENTS_MAX / 100}, in whole cents.`;
const jobValidityMessage = `A job's validity must be a whole number of days from ${JOB_VALIDITY_DAYS_MIN} to ${JOB_VALIDITY_DAYS_MAX}.`;
const platformFeeMessage = `The platform fee must be from 0% to ${PLATFORM_FEE_BASIS_POINTS_MAX / 100}%, in steps of 0.01%.`;

export const platformSettingsSchema = z.object({
  session_timeout_minutes: z
    .number({ message: sessionTimeoutMessage })
    .int({ message: sessionTimeoutMessage })
    .min(SESSION_TIMEOUT_MINUTES_MIN, { message: sessionTimeoutMessage })
    .max(SESSION_TIMEOUT_MINUTES_MAX, { message: sessionTimeoutMessage }),
  allow_registrations: onOff('Allow registrations'),
  email_verification: onOff('Email verification'),
  admin_two_factor: onOff('Two-factor authentication for admins'),
  maintenance_mode: onOff('Maintenance mode'),
  notify_new_user: onOff('New user notifications'),
  notify_new_job: onOff('New job notifications'),
  // Administrators emailed about each message of the public contact forms (migration 0032).
  notify_contact_message: onOff('Contact message notifications'),
  api_access: onOff('API access'),
  // The platform fee added to every invoice, in basis points of the work (1000 = 10%); decision 013.
  platform_fee_basis_points: z
    .number({ message: platformFeeMessage })
    .int({ message: platformFeeMessage })
    .min(0, { message: platformFeeMessage })
    .max(PLATFORM_FEE_BASIS_POINTS_MAX, { message: platformFeeMessage }),
  // Paying the talent (decision 036): whether an hourly week's earnings wait until the company has paid its
  // invoice, how many days earnings stay pending after that (a refund or chargeback comes in this time),
  // and the smallest balance a payout run pays.
  payouts_wait_for_payment: onOff('Hold earnings until the company pays'),
  payout_security_days: z
    .number({ message: securityDaysMessage })
    .int({ message: securityDaysMessage })
    .min(0, { message: securityDaysMessage })
    .max(PAYOUT_SECURITY_DAYS_MAX, { message: securityDaysMessage }),
  payout_minimum_cents: z
    .number({ message: payoutMinimumMessage })
    .int({ message: payoutMinimumMessage })
    .min(100, { message: payoutMinimumMessage })
    .max(PAYOUT_MINIMUM_CENTS_MAX, { message: payoutMinimumMessage }),
  // A talent is paid only with a W-9 or a W-8BEN in force (issue 56).
  payouts_require_tax_form: onOff('Require a tax form before payouts'),
  // How long a job takes applications when its company names no closing date (issue 59, decision 058).
  job_validity_days: z
    .number({ message: jobValidityMessage })
    .int({ message: jobValidityMessage })
    .min(JOB_VALIDITY_DAYS_MIN, { message: jobValidityMessage })
    .max(JOB_VALIDITY_DAYS_MAX, { message: jobValidityMessage }),
});

export type PlatformSettings = z.infer<typeof platformSettingsSchema>;
export type PlatformSettingKey = keyof PlatformSettings;

export const defaultPlatformSettings: PlatformSettings = {
  session_timeout_minutes: 60,
  allow_registrations: true,
  email_verification: true,
  admin_two_factor: true,
  maintenance_mode: false,
  notify_new_user: true,
  notify_new_job: true,
  notify_contact_message: true,
  api_access: true,
  platform_fee_basis_points: 1000,
  payouts_wait_for_payment: true,
  payout_security_days: 5,
  payout_minimum_cents: 2000,
  payouts_require_tax_form: true,
  job_validity_days: DEFAULT_JOB_VALIDITY_DAYS,
};

export const platformSettingKeys = Object.keys(defaultPlatformSettings) as PlatformSettingKey[];

// PUT /api/admin/settings: some settings or all of them; a key the platform does not know is refused.
export const platformSettingsUpdateSchema = z
  .strictObject(platformSettingsSchema.partial().shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `There is no setting called ${issue.keys.join(', ')}.`
        : 'Send the settings as an object.',
  })
  .refine((changes) => Object.keys(changes).length > 0, { message: 'Send at least one setting to change.' });
export type PlatformSettingsUpdate = z.infer<typeof platformSettingsUpdateSchema>;

// The answer of GET, PUT and POST …/reset: the settings in force.
export const platformSettingsResponseSchema = z.object({ settings: platformSettingsSchema });

export { maintenanceTexts } from './maintenance-texts';

// The System Settings screen.
export const systemSettingsTexts = {
  savedTitle: 'Settings Saved',
  savedDescription: 'System settings have been updated successfully.',
  resetTitle: 'Settings Reset',
  resetDescription: 'System settings have been restored to their defaults.',
  saveFailedTitle: 'Error',
  saveFailed: 'Failed to save settings. Please try again.',
  resetFailed: 'Failed to reset settings. Please try again.',
  loadFailed: 'Failed to load settings. Please try again.',
  resetConfirmTitle: 'Reset all settings?',
  resetConfirmDescription:
    'Every system setting goes back to its default: registrations and API access on, maintenance mode off, a 60-minute session timeout, a 10% platform fee, and earnings held until the company pays, then 5 days, paid out from $20 to talent with a tax form on file, and jobs open for 60 days unless they name a closing date.',
} as const;

// Basis points as the screen shows them: 1000 → 10 (%).
export const percentOfBasisPoints = (basisPoints: number) => basisPoints / 100;
export const basisPointsOfPercent = (percent: number) => Math.round(percent * 100);
