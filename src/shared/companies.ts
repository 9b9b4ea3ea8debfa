import { z } from 'zod';
import { shiftStatuses } from './billing';
import {
  type DashboardPipelineColumn,
  dashboardPipelineColumns,
  dashboardPipelineLabels,
} from './company-dashboard-columns';
import { isValidEmail } from './email';
import { currencySchema } from './fx-rates';
import { engagementTypes } from './job-texts';
import { singleLine, text } from './text';

// How many people work at the company, as the job board shows it (the ranges job sites use).
export const companySizes = ['1-10', '11-50', '51-200', '201-500', '501-1000', '1001+'] as const;
export type CompanySize = (typeof companySizes)[number];
export const COMPANY_ABOUT_MAX_LENGTH = 2000;

export const companyProfileSchema = z.object({
  name: singleLine().trim().min(1, { message: 'Please enter the company name.' }).max(120),
  contact_email: text().trim().toLowerCase().refine(isValidEmail, { message: 'Please enter a valid email address' }),
  website: text()
    .trim()
    .max(200)
    .refine((value) => value === '' || /^https?:\/\/[^\s.]+\.[^\s]+$/.test(value), {
      message: 'Please enter a full web address, starting with https://',
    }),
  // The public profile shown with the company's jobs; all optional.
  about: text()
    .trim()
    .max(COMPANY_ABOUT_MAX_LENGTH, {
      message: `About can be at most ${COMPANY_ABOUT_MAX_LENGTH.toLocaleString('en-US')} characters.`,
    })
    .default(''),
  size: z.preprocess(
    (value) => (value === '' ? null : value),
    z.enum(companySizes, { message: 'Choose a company size from the list.' }).nullable().default(null),
  ),
  location: singleLine().trim().max(120, { message: 'A location can be at most 120 characters.' }).default(''),
});
export type CompanyProfileInput = z.input<typeof companyProfileSchema>;

export const companyProfileResponseSchema = z.object({
  id: z.string(),
  name: z.string(),
  contact_email: z.string(),
  website: z.string(),
  about: z.string(),
  size: z.enum(companySizes).nullable(),
  location: z.string(),
});
export type CompanyProfile = z.infer<typeof companyProfileResponseSchema>;

// GET /api/company/dashboard (docs/spec/portal-and-public-site.md §2 "Company dashboard"): the company's people at
// work, its jobs by pipeline column, and its account manager. Featured Candidates come from Talent Search.
// The pipeline's columns count jobs as the Jobs list shows them: Draft the drafts, Open every open job,
// Interviewing the open jobs badged Interviewing or Offer (so such a job is in both); paused jobs in none.
export const COMPANY_DASHBOARD_JOBS_PER_COLUMN = 5;
export const COMPANY_DASHBOARD_EMPLOYEES = 6;
export { type DashboardPipelineColumn, dashboardPipelineColumns, dashboardPipelineLabels };

const dashboardEmployeeSchema = z.object({
  id: z.string(),
  applicant_id: z.string(),
  name: z.string(),
  role: z.string(),
  // By the hour, or a fixed-price contract (its page: /company/contracts/:id, the assignment's id).
  engagement_type: z.enum(engagementTypes),
  // The assignment's state: pending (starts later) or active.
  status: z.enum(['pending', 'active']),
  // A tab of theirs is open now (live presence).
  online: z.boolean(),
  // On shift, on a break or offline, from their clock on this assignment (the status dot).
  shift_status: z.enum(shiftStatuses),
});
const dashboardJobSchema = z.object({
  id: z.string(),
  title: z.string(),
  stage: z.enum(dashboardPipelineColumns),
  // Its applications, every one, as the Jobs list's Applications column counts them.
  applicant_count: z.number(),
});
const dashboardPipelineSchema = z.object(
  Object.fromEntries(
    dashboardPipelineColumns.map((column) => [
      column,
      z.object({ items: z.array(dashboardJobSchema), total: z.number() }),
    ]),
  ) as Record<
    DashboardPipelineColumn,
    z.ZodObject<{ items: z.ZodArray<typeof dashboardJobSchema>; total: z.ZodNumber }>
  >,
);

// Each section is there only for a member whose role may read what it shows (docs/decisions/032); null
// otherwise, so a Billing member gets no pipeline and a Hiring Manager no billing figures.
export const companyDashboardSchema = z.object({
  // The people at work: for the roles that read assignments.
  employees: z.object({ items: z.array(dashboardEmployeeSchema), total: z.number() }).nullable(),
  // Jobs by column: for the roles that read jobs.
  pipeline: dashboardPipelineSchema.nullable(),
  // Paused jobs are in no pipeline column (their badge says only Paused): how many there are, as the
  // Jobs list's Paused Jobs figure. Null with the pipeline.
  paused_jobs: z.number().nullable(),
  account_manager: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  // The skills the company's open jobs ask for most: Featured Candidates are the best matches for them.
  // Null for a role that may not search talent (no Featured Candidates, no Find Talent).
  open_job_skills: z.array(z.string()).nullable(),
  // What is owed and what waits for approval: for the roles that read invoices.
  billing: z
    .object({
      unpaid_invoices: z.number(),
      outstanding_cents: z.number(),
      overdue_invoices: z.number(),
      // What the overdue invoices come to: the Overdue figure, as on the Billing page.
      overdue_cents: z.number(),
      // The currency of both sums: the company's billing currency.
      currency: currencySchema,
      timesheets_to_review: z.number(),
    })
    .nullable(),
});
export type CompanyDashboard = z.infer<typeof companyDashboardSchema>;
export type DashboardEmployee = z.infer<typeof dashboardEmployeeSchema>;
