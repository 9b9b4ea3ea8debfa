import { z } from 'zod';
import { isValidEmail } from './email';
import { text } from './text';

export const companyMemberRoles = ['owner', 'member'] as const;
export type CompanyMemberRole = (typeof companyMemberRoles)[number];

export const companyProfileSchema = z.object({
  name: text().trim().min(1, { message: 'Please enter the company name.' }).max(120),
  contact_email: text().trim().toLowerCase().refine(isValidEmail, { message: 'Please enter a valid email address' }),
  website: text()
    .trim()
    .max(200)
    .refine((value) => value === '' || /^https?:\/\/[^\s.]+\.[^\s]+$/.test(value), {
      message: 'Please enter a full web address, starting with https://',
    }),
});
export type CompanyProfileInput = z.input<typeof companyProfileSchema>;

export const companyProfileResponseSchema = z.object({
  id: z.string(),
  name: z.string(),
  contact_email: z.string(),
  website: z.string(),
});
export type CompanyProfile = z.infer<typeof companyProfileResponseSchema>;
