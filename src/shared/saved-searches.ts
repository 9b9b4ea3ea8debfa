import { z } from 'zod';
import type { QueryOf } from './contract';
import { absoluteUrl, appPath } from './contract-schemas';
import type { savedSearchesContract } from './contracts/saved-searches';
import { jobBoardQuerySchema, jobBoardSorts, jobBoardTexts } from './job-board';
import { singleLine, text } from './text';

export { describeFilters, findJobsQueryStringOf } from './saved-search-filters';

// An applicant's saved searches (Find Jobs' filters kept under a name) and the job alerts they choose for
// each: a daily or weekly email of the open public jobs new since the last one, or none.

export const alertFrequencies = ['daily', 'weekly', 'none'] as const;
export type AlertFrequency = (typeof alertFrequencies)[number];
export const alertFrequencyLabels: Record<AlertFrequency, string> = {
  daily: 'Daily email',
  weekly: 'Weekly email',
  none: 'No email',
};

export const SAVED_SEARCH_NAME_MAX_LENGTH = 80;
// Each saved search with alerts is a query every day: a person keeps a handful, a script would keep thousands.
export const SAVED_SEARCHES_MAX = 25;
export const SAVED_SEARCHES_PAGE_SIZE = 10;
const SAVED_SEARCHES_PAGE_SIZE_MAX = 50;
// An alert lists this many jobs, newest first, and counts the rest behind a link to the search.
export const JOB_ALERT_JOBS_MAX = 10;

export const savedSearchTexts = {
  nameRequired: 'Give the search a name.',
  nameTooLong: `Keep the name to ${SAVED_SEARCH_NAME_MAX_LENGTH} characters or fewer.`,
  frequency: 'Choose a daily email, a weekly email or no email.',
  nameTaken: (name: string) => `You already have a saved search called “${name}”. Choose another name.`,
  tooMany: `You can keep up to ${SAVED_SEARCHES_MAX} saved searches. Delete one to save another.`,
  notFound: 'This saved search does not exist.',
  skillTooLong: 'A skill can be at most 40 characters.',
  tooManySkills: 'Choose at most 20 skills.',
  loadError: 'Failed to load your saved searches. Please try again.',
  unsubscribeNotFound: 'This unsubscribe link is not valid any more: the saved search was deleted.',
  unsubscribed: 'You will get no more emails for this search.',
} as const;

// ["React", "react "] → ["React"]: each skill once, whatever its case.
const skillArray = z
  .array(text().trim().max(40, { message: savedSearchTexts.skillTooLong }), { message: savedSearchTexts.skillTooLong })
  .max(20, { message: savedSearchTexts.tooManySkills })
  .transform((skills) =>
    skills
      .filter(Boolean)
      .filter((skill, index, all) => all.findIndex((other) => other.toLowerCase() === skill.toLowerCase()) === index),
  );

// Find Jobs' filters and sort, as GET /api/applicant/jobs reads them (one rule for both), with the skills as a
// list rather than the query string's comma-separated text.
const { q, engagement_type, rate_min, rate_max, timezone } = jobBoardQuerySchema.shape;
export const savedSearchFiltersSchema = z
  .object({
    q,
    engagement_type,
    rate_min,
    rate_max,
    skills: skillArray.default([]),
    timezone,
    sort: z.enum(jobBoardSorts, { message: 'Sort by newest, best match or highest rate.' }).default('newest'),
  })
  .refine((filters) => filters.rate_min == null || filters.rate_max == null || filters.rate_min <= filters.rate_max, {
    message: jobBoardTexts.rateRange,
    path: ['rate_max'],
  });
export type SavedSearchFilters = z.output<typeof savedSearchFiltersSchema>;
export type SavedSearchFiltersInput = z.input<typeof savedSearchFiltersSchema>;

const savedSearchName = singleLine()
  .trim()
  .min(1, { message: savedSearchTexts.nameRequired })
  .max(SAVED_SEARCH_NAME_MAX_LENGTH, { message: savedSearchTexts.nameTooLong });
const alertFrequency = z.enum(alertFrequencies, { message: savedSearchTexts.frequency });

// POST /api/applicant/saved-searches
export const createSavedSearchSchema = z.object({
  name: savedSearchName,
  frequency: alertFrequency,
  filters: savedSearchFiltersSchema,
});
export type CreateSavedSearchInput = z.input<typeof createSavedSearchSchema>;

// PATCH /api/applicant/saved-searches/:id: rename, change the alerts or the filters; what is left out stays.
export const updateSavedSearchSchema = z.object({
  name: savedSearchName.optional(),
  frequency: alertFrequency.optional(),
  filters: savedSearchFiltersSchema.optional(),
});
export type UpdateSavedSearchInput = z.input<typeof updateSavedSearchSchema>;

// The dialog's form: the name and the alerts (the filters come from the page).
export const savedSearchFormSchema = createSavedSearchSchema.pick({ name: true, frequency: true });
export type SavedSearchFormInput = z.input<typeof savedSearchFormSchema>;

export const savedSearchSchema = z.object({
  id: z.string(),
  name: z.string(),
  frequency: z.enum(alertFrequencies),
  filters: z.object({
    q: z.string().nullable(),
    engagement_type: z.string().nullable(),
    rate_min: z.number().nullable(),
    rate_max: z.number().nullable(),
    skills: z.array(z.string()),
    timezone: z.string().nullable(),
    sort: z.enum(jobBoardSorts),
  }),
  // Find Jobs with these filters: the search run again in one click.
  search_path: appPath('Find Jobs with the saved filters'),
  // When the last alert went out (null: none yet), and when the next is due (null: no email).
  last_alerted_at: z.string().nullable(),
  next_alert_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;

// GET /api/applicant/saved-searches
export const savedSearchListQuerySchema = z.object({
  page: z.coerce.number({ message: 'The page must be a whole number.' }).int().min(1).max(10_000).default(1),
  page_size: z.coerce
    .number({ message: 'The page size must be a whole number.' })
    .int()
    .min(1)
    .max(SAVED_SEARCHES_PAGE_SIZE_MAX)
    .default(SAVED_SEARCHES_PAGE_SIZE),
});
export type SavedSearchListQuery = QueryOf<typeof savedSearchesContract.list>;

export const savedSearchListSchema = z.object({
  items: z.array(savedSearchSchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
  // How many more may be saved (SAVED_SEARCHES_MAX minus every saved one, on every page).
  remaining: z.number(),
});
export type SavedSearchList = z.infer<typeof savedSearchListSchema>;

// GET and POST /api/public/job-alerts/:token(/unsubscribe): what an alert's unsubscribe link names, read and
// changed without signing in.
export const jobAlertSubscriptionSchema = z.object({
  search_name: z.string(),
  frequency: z.enum(alertFrequencies),
  // Where the person changes their searches once signed in.
  manage_url: absoluteUrl('The saved searches page'),
});
export type JobAlertSubscription = z.infer<typeof jobAlertSubscriptionSchema>;
