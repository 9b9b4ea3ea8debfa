import { z } from 'zod';
import { type AccountManagerStatus, accountManagerStatuses } from './admin';
import { authMessages, emailSchema } from './auth';
import { companyMemberSummarySchema } from './company-members';
import { isValidEmail } from './email';
import { singleLine, text } from './text';

// Account Manager Management (docs/spec/admin-billing-and-content.md §2 item 6, §3 "Account manager") and the
// account manager's own portal (/manager/...): the companies assigned to them, their people and jobs.
// Money is integer cents; Monthly Revenue is docs/decisions/023-monthly-revenue.md's (shared/monthly-revenue.ts).

export const accountManagerStatusLabels: Record<AccountManagerStatus, string> = {
  active: 'Active',
  on_leave: 'On Leave',
};

// The table shows the first two specialties and a "+N" for the rest (docs/spec/admin-billing-and-content.md §9).
export const SHOWN_SPECIALTIES = 2;

const page = z.coerce.number({ message: 'The page must be a whole number.' }).int().min(1).default(1);
const pageSize = z.coerce
  .number({ message: 'The page size must be a whole number.' })
  .int()
  .min(1)
  .max(100)
  .default(20);
const searchText = z.string().trim().max(200, { message: 'Search for at most 200 characters.' }).optional();

// GET /api/admin/account-managers?q=&page=&page_size= (q: name or email).
export const accountManagerListQuerySchema = z.object({ q: searchText, page, page_size: pageSize });
export type AccountManagerListQuery = z.infer<typeof accountManagerListQuerySchema>;

export const accountManagerSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  status: z.enum(accountManagerStatuses),
  total_companies: z.number().int(),
  // Active assignments at their companies.
  total_employees: z.number().int(),
  monthly_revenue_cents: z.number().int(),
  specialties: z.array(z.string()),
  bio: z.string(),
  join_date: z.string(),
  // False until they have chosen a password from the invitation email.
  has_password: z.boolean(),
});
export type AccountManager = z.infer<typeof accountManagerSchema>;

export const accountManagerListSchema = z.object({
  items: z.array(accountManagerSchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});
export type AccountManagerList = z.infer<typeof accountManagerListSchema>;

// GET /api/admin/account-managers/summary: the four cards.
export const accountManagerSummarySchema = z.object({
  total_managers: z.number().int(),
  // Companies (not deleted) that have an account manager.
  total_companies: z.number().int(),
  total_employees: z.number().int(),
  monthly_revenue_cents: z.number().int(),
});
export type AccountManagerSummary = z.infer<typeof accountManagerSummarySchema>;

const MAX_SPECIALTIES = 20;
const MAX_SPECIALTY_LENGTH = 60;

export const accountManagerTexts = {
  nameRequired: 'Please enter the manager’s name.',
  nameTooLong: 'Use at most 100 characters for the name.',
  emailTaken: 'An account already uses this email address. Use another address.',
  notFound: 'This account manager does not exist.',
  tooManySpecialties: `List at most ${MAX_SPECIALTIES} specialties.`,
  specialtyTooLong: `Keep each specialty under ${MAX_SPECIALTY_LENGTH} characters.`,
  bioTooLong: 'Keep the bio under 2,000 characters.',
  saved: 'Manager Updated',
  savedDescription: 'Account manager information has been saved successfully.',
  added: 'Manager Added',
  companyNotFound: 'This company does not exist or is not assigned to you.',
} as const;

const specialtiesSchema = z
  .array(text().trim().min(1).max(MAX_SPECIALTY_LENGTH, { message: accountManagerTexts.specialtyTooLong }))
  .max(MAX_SPECIALTIES, { message: accountManagerTexts.tooManySpecialties });

const profileFields = {
  name: singleLine()
    .trim()
    .min(1, { message: accountManagerTexts.nameRequired })
    .max(100, { message: accountManagerTexts.nameTooLong }),
  status: z.enum(accountManagerStatuses, { message: 'Choose Active or On Leave.' }),
  specialties: specialtiesSchema,
  bio: text().trim().max(2000, { message: accountManagerTexts.bioTooLong }),
};

// PATCH /api/admin/account-managers/{id}: the sign-in address stays the manager's own to change.
export const updateAccountManagerSchema = z.object(profileFields);
export type UpdateAccountManagerInput = z.infer<typeof updateAccountManagerSchema>;

// POST /api/admin/account-managers: a new account (no password; an email invites them to choose one).
export const createAccountManagerSchema = z.object({ ...profileFields, email: emailSchema });
export type CreateAccountManagerInput = z.infer<typeof createAccountManagerSchema>;

// Specialties are typed comma-separated (docs/spec/admin-billing-and-content.md §5): "Technology, SaaS" →
// ["Technology", "SaaS"], each once.
export function parseSpecialties(typed: string): string[] {
  const seen = new Set<string>();
  const specialties: string[] = [];
  for (const part of typed.split(',')) {
    const specialty = part.trim();
    if (specialty && !seen.has(specialty.toLowerCase())) {
      seen.add(specialty.toLowerCase());
      specialties.push(specialty);
    }
  }
  return specialties;
}

// The dialog's form: specialties as one comma-separated line; email only when adding.
export const accountManagerFormSchema = z.object({
  name: profileFields.name,
  email: z.string(),
  status: profileFields.status,
  specialties: text().refine((typed) => parseSpecialties(typed).length <= MAX_SPECIALTIES, {
    message: accountManagerTexts.tooManySpecialties,
  }),
  bio: profileFields.bio,
});
export type AccountManagerFormValues = z.infer<typeof accountManagerFormSchema>;

// Adding also needs the address the invitation goes to.
export const addAccountManagerFormSchema = accountManagerFormSchema.extend({
  email: z
    .string()
    .trim()
    .min(1, { message: 'Please enter the manager’s email address.' })
    .refine(isValidEmail, { message: authMessages.invalidEmail }),
});

// The manager portal: the companies assigned to the signed-in account manager.

// GET /api/manager/companies?q=&page=&page_size=
export const managedCompanyListQuerySchema = z.object({ q: searchText, page, page_size: pageSize });
export type ManagedCompanyListQuery = z.infer<typeof managedCompanyListQuerySchema>;

const managedCompanySchema = z.object({
  id: z.string(),
  name: z.string(),
  contact_email: z.string(),
  status: z.enum(['active', 'suspended']),
  // Active assignments.
  total_employees: z.number().int(),
  open_jobs: z.number().int(),
  monthly_revenue_cents: z.number().int(),
});
export type ManagedCompany = z.infer<typeof managedCompanySchema>;

export const managedCompanyListSchema = z.object({
  items: z.array(managedCompanySchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
  // Over every company assigned to the manager, not only this page.
  summary: z.object({
    total_companies: z.number().int(),
    total_employees: z.number().int(),
    monthly_revenue_cents: z.number().int(),
  }),
});
export type ManagedCompanyList = z.infer<typeof managedCompanyListSchema>;

// GET /api/manager/companies/{id}: one company's people (members, talent at work) and open jobs.
export const managedCompanyDetailSchema = z.object({
  company: managedCompanySchema,
  // Its team: each member's role in it and when they last used Tandem (null: never).
  members: z.array(companyMemberSummarySchema),
  assignments: z.array(
    z.object({
      id: z.string(),
      talent_name: z.string(),
      talent_email: z.string(),
      role: z.string(),
      start_date: z.string(),
      // Null for a fixed-price assignment (milestones, decision 035).
      rate_cents: z.number().int().nullable(),
      weekly_hours: z.number().int().nullable(),
    }),
  ),
  open_jobs: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      published_at: z.string().nullable(),
      applications: z.number().int(),
    }),
  ),
  // The lists show at most this many rows each; the totals say how many there are.
  totals: z.object({ members: z.number().int(), assignments: z.number().int(), open_jobs: z.number().int() }),
});
export type ManagedCompanyDetail = z.infer<typeof managedCompanyDetailSchema>;

export const MANAGED_COMPANY_LIST_LIMIT = 100;
