import { z } from 'zod';
import { applicationStatuses, REVIEW_RATING_MAX, REVIEW_RATING_MIN } from './applications';
import type { QueryOf } from './contract';
import type { jobsContract } from './contracts/jobs';
import { isValidEmail } from './email';
import { currencySchema } from './fx-rates';
import { interviewStageSchema, interviewStagesInputSchema, interviewStageTexts } from './interview-stages';
import {
  APPLICANT_LOCATIONS_MAX,
  applicationSources,
  isApplicantLocation,
  jobReachTexts,
  todayInUtc,
} from './job-reach';
import {
  DEFAULT_OPENINGS,
  DEFAULT_TIMEZONE,
  DEFAULT_WEEKLY_HOURS,
  engagementTypes,
  JOB_TITLE_MAX_LENGTH,
  jobTexts,
  jobTimezones,
  jobVisibilities,
  OPENINGS_MAX,
  OPENINGS_MIN,
  WEEKLY_HOURS_MAX,
  WEEKLY_HOURS_MIN,
} from './job-texts';
import { screeningQuestionSchema, screeningQuestionsInputSchema } from './screening-questions';
import { calendarDate, singleLine, text } from './text';

export {
  DEFAULT_OPENINGS,
  DEFAULT_TIMEZONE,
  DEFAULT_WEEKLY_HOURS,
  type EngagementType,
  engagementTypes,
  formatHourlyRate,
  formatJobBudget,
  JOB_TITLE_MAX_LENGTH,
  jobTexts,
  jobTimezones,
  jobVisibilities,
  MAX_JOB_TAGS_SHOWN,
  OPENINGS_MAX,
  OPENINGS_MIN,
  WEEKLY_HOURS_MAX,
  WEEKLY_HOURS_MIN,
} from './job-texts';

// The contract of a company's job posts (docs/spec/portal-and-public-site.md §3 "Job (as sent)", §5, §9;
// docs/design.md §5): constants, the texts both sides show, the payloads and answers of /api/jobs.

export const jobStatuses = ['draft', 'open', 'paused', 'closed', 'archived'] as const;
export type JobStatus = (typeof jobStatuses)[number];

export const jobCertifications = [
  'AWS Solutions Architect',
  'Azure',
  'Google Cloud',
  'Kubernetes Administrator',
  'CISSP',
  'Security+',
  'CEH',
  'Data Professional',
  'PMP',
  'Scrum Master',
] as const;

// What Save as Draft fills in when the form leaves it empty (docs/spec/portal-and-public-site.md §5).
export const draftJobDefaults = {
  title: 'Untitled Job',
  description: 'Job description to be added.',
} as const;

// Dollars on the wire (as the spec's payload), at most two decimals; cents in the database.
const money = (message: string) => z.number({ message }).min(1, { message }).max(1_000_000, { message }).nullish();

const tagList = (max: number, itemMax: number) =>
  z
    .array(singleLine().trim().min(1).max(itemMax))
    .max(max)
    .default([])
    // A tag is added only once (docs/spec/portal-and-public-site.md §5), whatever its case.
    .transform((tags) =>
      tags.filter((tag, index) => tags.findIndex((other) => other.toLowerCase() === tag.toLowerCase()) === index),
    );

// The fields of a job, as created, edited or saved as a draft. Rules that need more than one field, and
// the ones only a published job must meet, are in checkJobRules (the server checks them at publish time too).
export const jobFieldsSchema = z.object({
  title: singleLine().trim().max(JOB_TITLE_MAX_LENGTH, { message: jobTexts.titleTooLong }).default(''),
  description: text().trim().max(20_000).default(''),
  engagement_type: z.enum(engagementTypes).default('hourly'),
  budget_min: money(jobTexts.rateMinimum),
  budget_max: money(jobTexts.rateMinimum),
  budget_total: money(jobTexts.totalMinimum),
  weekly_hours: z
    .number({ message: jobTexts.weeklyHoursRange })
    .int({ message: jobTexts.weeklyHoursRange })
    .min(WEEKLY_HOURS_MIN, { message: jobTexts.weeklyHoursRange })
    .max(WEEKLY_HOURS_MAX, { message: jobTexts.weeklyHoursRange })
    .default(DEFAULT_WEEKLY_HOURS),
  openings: z
    .number({ message: jobTexts.openingsRange })
    .int({ message: jobTexts.openingsRange })
    .min(OPENINGS_MIN, { message: jobTexts.openingsRange })
    .max(OPENINGS_MAX, { message: jobTexts.openingsRange })
    .default(DEFAULT_OPENINGS),
  start_date: calendarDate().nullish(),
  // The last day it takes applications; empty: the platform's default validity from the day it is published.
  closes_on: calendarDate().nullish(),
  // Where applicants may live (shared/job-reach.ts): countries ("DE") or regions ("US-CA"); none: anywhere.
  applicant_locations: z
    .array(text().trim().toUpperCase().refine(isApplicantLocation, { message: jobReachTexts.locationUnknown }), {
      message: jobReachTexts.locationUnknown,
    })
    .max(APPLICANT_LOCATIONS_MAX, { message: jobReachTexts.tooManyLocations })
    .default([])
    .transform((codes) => [...new Set(codes)]),
  skill_tags: tagList(30, 40),
  timezone: text()
    .refine((value) => jobTimezones.includes(value), { message: jobTexts.timezone })
    .default(DEFAULT_TIMEZONE),
  test_ids: z
    .array(z.uuid({ message: 'This test does not exist.' }))
    .max(20)
    .default([]),
  required_certs: z
    .array(z.enum(jobCertifications, { message: jobTexts.certification }))
    .max(jobCertifications.length)
    .default([])
    .transform((certs) => [...new Set(certs)]),
  visibility: z.enum(jobVisibilities).default('public'),
  screening_questions: screeningQuestionsInputSchema,
  interview_stages: interviewStagesInputSchema,
  cc_email: text()
    .trim()
    .toLowerCase()
    .max(200)
    .refine((value) => value === '' || isValidEmail(value), { message: jobTexts.ccEmail })
    .nullish()
    .transform((value) => value || null),
});
export type JobFields = z.output<typeof jobFieldsSchema>;

// Today as YYYY-MM-DD in UTC minus a day: a start date is "in the past" only when it is before
// today everywhere on Earth, so a person in UTC-12 can still choose their today.
export function earliestStartDate(now = new Date()): string {
  return new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

// The cross-field rules, and what a job needs before it can be published. Returns field → message.
export function checkJobRules(
  job: Pick<
    JobFields,
    'title' | 'description' | 'engagement_type' | 'budget_min' | 'budget_max' | 'budget_total' | 'start_date'
  > & { closes_on?: string | null },
  { publishing, now = new Date() }: { publishing: boolean; now?: Date },
): Record<string, string> {
  const problems: Record<string, string> = {};
  const { budget_min: min, budget_max: max } = job;
  if (job.engagement_type === 'hourly' && min != null && max != null && min > max) {
    problems.budget_max = jobTexts.rateOrder;
  }
  if (job.start_date && job.start_date < earliestStartDate(now)) problems.start_date = jobTexts.startDatePast;
  // The closing date is read in UTC, as the sweep that closes the job reads it (docs/decisions/058).
  if (job.closes_on && job.closes_on < todayInUtc(now)) problems.closes_on = jobReachTexts.closingDatePast;
  else if (job.closes_on && job.start_date && job.closes_on < job.start_date) {
    problems.closes_on = jobReachTexts.closingBeforeStart;
  }
  if (!publishing) return problems;
  if (!job.title) problems.title = jobTexts.titleRequired;
  if (job.engagement_type === 'hourly') {
    if (min == null) problems.budget_min = jobTexts.hourlyRatesRequired;
    if (max == null) problems.budget_max = jobTexts.hourlyRatesRequired;
  } else if (job.budget_total == null) {
    problems.budget_total = jobTexts.totalRequired;
  }
  if (!job.description) problems.description = jobTexts.descriptionRequired;
  return problems;
}

// POST /api/jobs: the fields plus whether to publish now ('open') or keep a draft.
export const createJobSchema = jobFieldsSchema.extend({ status: z.enum(['open', 'draft']).default('draft') });
export type CreateJobInput = z.input<typeof createJobSchema>;
// PUT /api/jobs/:id replaces the editable fields; the status changes only through the transitions.
export const updateJobSchema = jobFieldsSchema;
export type UpdateJobInput = z.input<typeof updateJobSchema>;

// The pipeline badge of a job follows its applications (docs/design.md §5): the furthest stage any reached.
export const jobPipelineStages = ['interviewing', 'offer', 'filled'] as const;
export type JobPipelineStage = (typeof jobPipelineStages)[number];

// The pipeline stage worth showing beside a job's status, or null. It must add information and never
// contradict the status: an open job shows where its hiring is (Interviewing, Offer) but not "Filled"
// (it is still looking); a paused job shows only that it is paused; a closed job may say it was filled.
export function visiblePipelineStage(status: JobStatus, stage: JobPipelineStage | null): JobPipelineStage | null {
  if (!stage) return null;
  if (status === 'open') return stage === 'filled' ? null : stage;
  if (status === 'closed') return stage === 'filled' ? stage : null;
  return null;
}

export const jobSchema = z.object({
  id: z.string(),
  company_name: z.string(),
  title: z.string(),
  description: z.string(),
  engagement_type: z.enum(engagementTypes),
  budget_min: z.number().nullable(),
  budget_max: z.number().nullable(),
  budget_total: z.number().nullable(),
  // The budget's currency: the company's billing currency.
  currency: currencySchema,
  weekly_hours: z.number(),
  // How many people it hires, and how many are hired so far.
  openings: z.number(),
  hired_count: z.number(),
  start_date: z.string().nullable(),
  // The last day it takes applications (YYYY-MM-DD, UTC), and where its applicants may live.
  closes_on: z.string().nullable(),
  applicant_locations: z.array(z.string()),
  skill_tags: z.array(z.string()),
  timezone: z.string(),
  test_ids: z.array(z.string()),
  required_certs: z.array(z.string()),
  screening_questions: z.array(screeningQuestionSchema),
  interview_stages: z.array(interviewStageSchema),
  visibility: z.enum(jobVisibilities),
  cc_email: z.string().nullable(),
  status: z.enum(jobStatuses),
  // published_at, or created_at while it has never been published.
  launch_date: z.string(),
  published_at: z.string().nullable(),
  closed_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  applications_count: z.number(),
  // Applications new to the company (applicationStatusesNeverNew): arrived since it last opened the job's
  // applications, at applications_seen_at (null: never).
  new_applications_count: z.number(),
  applications_seen_at: z.string().nullable(),
  // The furthest stage any application reached: the Interviewing / Offer / Filled badge.
  pipeline_stage: z.enum(jobPipelineStages).nullable(),
});
export type Job = z.infer<typeof jobSchema>;

// A job as an edit left it, and how many applicants still being decided on were sent the tests it has just
// come to require (0 when it requires none it did not before).
export const editedJobSchema = jobSchema.extend({ new_tests_sent_to: z.number().int().nonnegative() });
export type EditedJob = z.infer<typeof editedJobSchema>;

// What saving an edit adds to "Changes saved" when new tests went out.
export function testsSentPhrase(count: number): string {
  return count === 0 ? '' : ` Its new tests were sent to ${count} ${count === 1 ? 'applicant' : 'applicants'}.`;
}

export const jobSorts = ['launch_date_desc', 'launch_date_asc', 'title_asc', 'applications_desc'] as const;

// Comma-separated lists in the query string: ?status=open,paused&tags=React,Design
const commaList = <Output>(item: z.ZodType<Output, string>, max = 50) =>
  text()
    .optional()
    .transform((value) =>
      value
        ? value
            .split(',')
            .map((part) => part.trim())
            .filter(Boolean)
        : [],
    )
    .pipe(z.array(item).max(max));

export const jobListQuerySchema = z.object({
  q: text().trim().max(200).optional(),
  status: commaList(z.enum(jobStatuses, { message: 'Unknown job status.' })),
  tags: commaList(text().max(40)),
  // Launch date range, inclusive days (YYYY-MM-DD).
  launched_from: calendarDate().optional(),
  launched_to: calendarDate().optional(),
  // Archived jobs are hidden unless asked for by status.
  sort: z.enum(jobSorts).default('launch_date_desc'),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
// What a caller sends (the query's coerced numbers as numbers, decision 019's QueryOf).
type PagedInput<Schema extends z.ZodType> = Omit<z.input<Schema>, 'page' | 'page_size'> & {
  page?: number;
  page_size?: number;
};
export type JobListQuery = PagedInput<typeof jobListQuerySchema>;

export const jobListSchema = z.object({
  items: z.array(jobSchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});
export type JobList = z.infer<typeof jobListSchema>;

// GET /api/jobs/export.csv takes the list filters, or ids=… for the selected rows.
export const jobExportQuerySchema = jobListQuerySchema.omit({ page: true, page_size: true }).extend({
  // Up to a full page of the largest page size.
  ids: commaList(z.uuid({ message: 'This job does not exist.' }), 100),
});

export const jobTransitions = ['publish', 'pause', 'resume', 'close', 'reopen', 'archive'] as const;
export type JobTransition = (typeof jobTransitions)[number];

const bulkJobActions = ['pause', 'resume', 'archive'] as const;
export const bulkJobSchema = z.object({
  action: z.enum(bulkJobActions),
  ids: z
    .array(z.uuid({ message: 'This job does not exist.' }))
    .min(1, { message: 'Select at least one job.' })
    .max(100),
});
export type BulkJobInput = z.infer<typeof bulkJobSchema>;
export const bulkJobResultSchema = z.object({
  results: z.array(
    z.object({
      id: z.string(),
      outcome: z.enum(['updated', 'skipped', 'not_found']),
      status: z.enum(jobStatuses).optional(),
      // Why a job was skipped (an illegal move for its status).
      error: z.string().optional(),
    }),
  ),
  updated: z.number(),
});
export type BulkJobResult = z.infer<typeof bulkJobResultSchema>;

// The five summary cards of /company/jobs.
export const jobSummarySchema = z.object({
  open_jobs: z.number(),
  paused_jobs: z.number(),
  pending_interviews: z.number(),
  tests_assigned: z.number(),
  // Mean days from publishing to hire; null while nobody has been hired.
  avg_time_to_hire_days: z.number().nullable(),
});
export type JobSummary = z.infer<typeof jobSummarySchema>;

// The Analytics tab.
export const hiringAnalyticsSchema = z.object({
  applications: z.number(),
  hires: z.number(),
  offers: z.number(),
  offers_accepted: z.number(),
  // Offers the applicant has not answered yet: neither accepted nor declined, so not in the acceptance rate.
  offers_open: z.number(),
  // Ratios 0–1; null when the denominator is 0.
  conversion_rate: z.number().nullable(),
  offer_acceptance_rate: z.number().nullable(),
  avg_time_to_hire_days: z.number().nullable(),
  // The last 12 weeks, oldest first; weeks start on Sunday (UTC).
  applicants_per_week: z.array(z.object({ week_start: z.string(), applicants: z.number() })),
  // Where the applications came from (shared/job-reach.ts), every source in its order, and how many of each
  // ended in a hire.
  by_source: z.array(z.object({ source: z.enum(applicationSources), applications: z.number(), hires: z.number() })),
});
export type HiringAnalytics = z.infer<typeof hiringAnalyticsSchema>;

export const jobTagsSchema = z.object({ tags: z.array(z.string()) });

// POST /api/jobs/:id/referral-link: the caller's own tracked link to the job (made once, the same after),
// and how many applications came through it.
export const referralLinkSchema = z.object({
  job_id: z.string(),
  code: z.string(),
  url: z.string(),
  applications: z.number().int().nonnegative(),
});
export type ReferralLink = z.infer<typeof referralLinkSchema>;

// POST /api/jobs/:id/applications/seen: when the new-applications badge starts again from zero.
export const applicationsSeenSchema = z.object({ applications_seen_at: z.string() });

export const jobStatusLabels: Record<JobStatus, string> = {
  draft: 'Draft',
  open: 'Open',
  paused: 'Paused',
  closed: 'Closed',
  archived: 'Archived',
};

// The state machine of docs/design.md §5: which statuses each transition leaves from, and where it goes.
export const jobTransitionRules: Record<JobTransition, { from: readonly JobStatus[]; to: JobStatus }> = {
  publish: { from: ['draft'], to: 'open' },
  pause: { from: ['open'], to: 'paused' },
  resume: { from: ['paused'], to: 'open' },
  close: { from: ['open', 'paused'], to: 'closed' },
  reopen: { from: ['closed'], to: 'open' },
  archive: { from: ['draft', 'open', 'paused', 'closed'], to: 'archived' },
};

export function canTransitionJob(status: JobStatus, transition: JobTransition): boolean {
  return jobTransitionRules[transition].from.includes(status);
}

const jobWithStatus: Record<JobStatus, string> = {
  draft: 'A draft',
  open: 'An open job',
  paused: 'A paused job',
  closed: 'A closed job',
  archived: 'An archived job',
};
const transitionDone: Record<JobTransition, string> = {
  publish: 'published',
  pause: 'paused',
  resume: 'resumed',
  close: 'closed',
  reopen: 'reopened',
  archive: 'archived',
};
// What to do instead, where there is a move that gets the person where they wanted.
const transitionHints: Partial<Record<`${JobTransition}:${JobStatus}`, string>> = {
  'publish:paused': 'Resume it instead.',
  'publish:closed': 'Reopen it instead.',
  'pause:draft': 'Publish it first.',
  'resume:draft': 'Publish it instead.',
  'resume:closed': 'Reopen it instead.',
  'close:draft': 'Delete it or archive it instead.',
  'reopen:draft': 'Publish it instead.',
  'reopen:paused': 'Resume it instead.',
};

// The sentence of the 409 for a move the state machine refuses, e.g. 'A closed job cannot be paused.'
export function illegalJobTransitionMessage(transition: JobTransition, status: JobStatus): string {
  if (jobTransitionRules[transition].to === status) {
    return `This job is already ${jobStatusLabels[status].toLowerCase()}.`;
  }
  const sentence = `${jobWithStatus[status]} cannot be ${transitionDone[transition]}.`;
  const hint = transitionHints[`${transition}:${status}`];
  return hint ? `${sentence} ${hint}` : sentence;
}

export const jobEditTexts = {
  archivedCannotBeEdited: 'An archived job cannot be edited.',
  onlyDraftDeleted: 'Only a draft can be deleted. Archive this job instead.',
  archivedCannotBeDeleted: 'Only a draft can be deleted; this job is archived already.',
  notFound: 'This job does not exist.',
  testNotFound: 'This test does not exist.',
  // A filled job stays closed (the form: "The job closes once they are all hired") until it has openings left.
  filledCannotReopen: 'Every opening of this job is filled. Raise the number of openings to reopen it.',
  filledCannotResume: 'Every opening of this job is filled. Raise the number of openings to resume it.',
} as const;

// Where an application's skills tests stand, each test by its latest attempt: none assigned; one still to
// take or finish; one waiting for grading; all graded and one failed; all graded and passed.
export const applicationTestStates = ['none', 'pending', 'review', 'failed', 'passed'] as const;
export type ApplicationTestState = (typeof applicationTestStates)[number];
export const applicationTestStateLabels: Record<ApplicationTestState, string> = {
  none: 'No tests',
  pending: 'Test pending',
  review: 'Test to grade',
  failed: 'Test failed',
  passed: 'Tests passed',
};

const minRatingText = `Choose a rating from ${REVIEW_RATING_MIN} to ${REVIEW_RATING_MAX} stars.`;

export const jobApplicationListQuerySchema = z.object({
  // The applicant's name or email.
  q: text().trim().max(200).optional(),
  status: commaList(z.enum(applicationStatuses, { message: 'Unknown application status.' })),
  // The reviewers' average rating (as shown, one decimal) at least this many stars.
  min_rating: z.coerce
    .number({ message: minRatingText })
    .int({ message: minRatingText })
    .min(REVIEW_RATING_MIN, { message: minRatingText })
    .max(REVIEW_RATING_MAX, { message: minRatingText })
    .optional(),
  test: z.enum(applicationTestStates, { message: 'Unknown test state.' }).optional(),
  // One of the job's interview stages (the board's column): its applications in Interviewing.
  interview_stage: z.uuid({ message: interviewStageTexts.unknownStage }).optional(),
  // New means arrived after this moment, rather than after the job's applications were last opened: the
  // job page passes the moment they had last been opened when its visit began, so the marks and the
  // count last the whole visit though it marks them seen as it opens.
  new_since: z.iso.datetime({ offset: true, message: 'Give the moment as an ISO 8601 date and time.' }).optional(),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
// What a caller sends: the coerced fields as their parsed type (decision 019's QueryOf).
export type JobApplicationListQuery = QueryOf<typeof jobsContract.applications>;

const jobApplicationSchema = z.object({
  id: z.string(),
  job_id: z.string(),
  job_title: z.string(),
  applicant_id: z.string(),
  applicant_name: z.string(),
  // The applicant's profile headline ("Senior React Developer"), when they wrote one.
  applicant_headline: z.string().nullable(),
  status: z.enum(applicationStatuses),
  // Which of the job's interview stages it is in, while Interviewing on a job that has them.
  interview_stage_id: z.string().nullable(),
  // Dollars per hour the applicant proposed for an hourly job, when they did.
  proposal_rate: z.number().nullable(),
  // The total they proposed for a fixed-price job, when they did.
  proposal_price_cents: z.number().int().nullable(),
  // The currency of the proposal: the company's billing currency.
  currency: currencySchema,
  created_at: z.string(),
  // New to the company (applicationStatusesNeverNew): nobody acted on it yet and it arrived after the company
  // last opened the job's applications (or after new_since).
  is_new: z.boolean(),
  // The reviewers' 1–5 ratings: their mean (one decimal) and how many; null while nobody rated.
  average_rating: z.number().nullable(),
  rating_count: z.number(),
  test_state: z.enum(applicationTestStates),
  // Where the applicant came from (shared/job-reach.ts), and the member who referred them.
  source: z.enum(applicationSources),
  referrer_name: z.string().nullable(),
});
export type JobApplication = z.infer<typeof jobApplicationSchema>;

export const jobApplicationListSchema = z.object({
  items: z.array(jobApplicationSchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
  // Applications per stage with the same search and job, whatever the status filter: the stage tabs.
  counts: z.record(z.enum(applicationStatuses), z.number()),
  // Of those in Interviewing, how many per interview stage (by the stage's id): the board's columns.
  interview_stage_counts: z.record(z.string(), z.number()),
  // Of those, how many are new (as is_new says): the job page's "N new".
  new_count: z.number(),
});
export type JobApplicationList = z.infer<typeof jobApplicationListSchema>;
