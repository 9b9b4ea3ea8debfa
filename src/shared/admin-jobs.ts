import { z } from 'zod';
import { createJobSchema, jobStatuses } from './jobs';

// Job Management (docs/spec/admin-billing-and-content.md §2 item 4): every company's jobs, searched, filtered and
// paged on the server; Edit and Archive on each row; Create Job for a company the administrator picks.
// The job's own rules (fields, publishing, the state machine) are the company's, in ./jobs.

const filterQuery = {
  q: z.string().trim().max(200, { message: 'Search for at most 200 characters.' }).optional(),
  status: z.enum(jobStatuses, { message: 'Choose a status from the list.' }).optional(),
  company_id: z.uuid({ message: 'Choose a company from the list.' }).optional(),
};

// GET /api/admin/jobs?q=&status=&company_id=&page=&page_size= (q: the job's title or its company's name).
export const adminJobListQuerySchema = z.object({
  ...filterQuery,
  page: z.coerce.number({ message: 'The page must be a whole number.' }).int().min(1).default(1),
  page_size: z.coerce.number({ message: 'The page size must be a whole number.' }).int().min(1).max(100).default(20),
});
export type AdminJobListQuery = z.infer<typeof adminJobListQuerySchema>;

const adminJobSchema = z.object({
  id: z.string(),
  title: z.string(),
  company_id: z.string(),
  company_name: z.string(),
  status: z.enum(jobStatuses),
  applications_count: z.number(),
  // published_at, or created_at while it has never been published (the company list's launch date).
  posted_at: z.string(),
});
export type AdminJob = z.infer<typeof adminJobSchema>;

export const adminJobListSchema = z.object({
  items: z.array(adminJobSchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});
export type AdminJobList = z.infer<typeof adminJobListSchema>;

// POST /api/admin/jobs: the company's job form, for the company the administrator chose.
export const adminCreateJobSchema = createJobSchema.extend({
  company_id: z.uuid({ message: 'Choose the company this job is for.' }),
});
export type AdminCreateJobInput = z.input<typeof adminCreateJobSchema>;

export const adminJobTexts = {
  created: 'Job created',
  updated: 'Job updated',
  archived: 'Job archived',
  companyNotFound: 'This company does not exist.',
  loadErrorTitle: 'Error loading jobs',
  loadError: 'Failed to load job listings. Please try again.',
} as const;
