import { z } from 'zod';
import { applicationStatuses } from './applications';
import { testTypes } from './assessments';
import { companySizes } from './companies';
import type { QueryOf } from './contract';
import type { jobBoardContract } from './contracts/job-board';
import {
  COVER_LETTER_MAX_LENGTH,
  JOB_BOARD_PAGE_SIZE,
  JOB_BOARD_PAGE_SIZE_MAX,
  jobBoardSorts,
  jobBoardTexts,
  PROPOSAL_RATE_MAX,
} from './job-board-texts';
import { applicantLocationPlaces, countryCodes, validThroughOf } from './job-reach';
import { earliestStartDate, engagementTypes, jobSchema, jobTimezones, jobVisibilities } from './jobs';
import {
  MILESTONE_AMOUNT_MAX_CENTS,
  MILESTONE_AMOUNT_MIN_CENTS,
  MILESTONES_MAX,
  milestoneTexts,
  offerMilestoneSchema,
} from './milestones';
import { offeredMilestoneSchema } from './offered-milestones';
import type { Role } from './permissions';
import { proposalFileSchema, proposalFilesInputSchema } from './proposal-files';
import { screeningAnswerSchema, screeningAnswersInputSchema, screeningQuestionSchema } from './screening-questions';
import { isStorableText, text, textTexts } from './text';

export {
  COVER_LETTER_MAX_LENGTH,
  canApplyTo,
  excerptOf,
  formatListingBudget,
  type JobBoardPageData,
  type JobBoardSort,
  jobBoardSearchKey,
  jobBoardSortLabels,
  jobBoardSorts,
  jobBoardTexts,
  PROPOSAL_RATE_MAX,
} from './job-board-texts';

// The contract of the job board: what applicants search and read (/api/applicant/jobs), the
// jobs they save (/api/applicant/saved-jobs), applying (POST /api/jobs/:id/applications), a company's
// invitations to a private job, and the public job pages (/api/public/jobs/:id, /jobs/:id).

// An amount in the query string: empty means no bound; anything else must be dollars.
const queryAmount = z.preprocess(
  (value) => (value === '' || value === undefined ? undefined : value),
  z.coerce
    .number({ message: jobBoardTexts.rateNumber })
    .min(0, { message: jobBoardTexts.rateNumber })
    .max(1_000_000, { message: jobBoardTexts.rateNumber })
    .optional(),
);

// ?skills=React,Node.js — each skill once, whatever its case.
const skillList = text()
  .optional()
  .transform((value) => {
    const parts = (value ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    return parts.filter(
      (part, index) => parts.findIndex((other) => other.toLowerCase() === part.toLowerCase()) === index,
    );
  })
  .pipe(z.array(z.string().max(40, { message: 'A skill can be at most 40 characters.' })).max(20));

// GET /api/applicant/jobs
export const jobBoardQuerySchema = z
  .object({
    // Matched against the title, skills and description (full text) and the company's name.
    q: text().trim().max(200).optional(),
    engagement_type: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.enum(engagementTypes, { message: jobBoardTexts.engagementType }).optional(),
    ),
    // Dollars: an hourly job's rate range, or a fixed-price job's total, must meet the range.
    rate_min: queryAmount,
    rate_max: queryAmount,
    // Jobs that ask for any of these skills.
    skills: skillList,
    timezone: z.preprocess(
      (value) => (value === '' ? undefined : value),
      text()
        .refine((value) => jobTimezones.includes(value), { message: jobBoardTexts.timezone })
        .optional(),
    ),
    sort: z.enum(jobBoardSorts, { message: 'Sort by newest, best match or highest rate.' }).default('newest'),
    page: z.coerce.number({ message: 'The page must be a whole number.' }).int().min(1).max(10_000).default(1),
    page_size: z.coerce
      .number({ message: 'The page size must be a whole number.' })
      .int()
      .min(1)
      .max(JOB_BOARD_PAGE_SIZE_MAX)
      .default(JOB_BOARD_PAGE_SIZE),
  })
  .refine((query) => query.rate_min === undefined || query.rate_max === undefined || query.rate_min <= query.rate_max, {
    message: jobBoardTexts.rateRange,
    path: ['rate_max'],
  });
// What a caller sends: the coerced fields as their parsed type (decision 019's QueryOf).
export type JobBoardQuery = QueryOf<typeof jobBoardContract.findJobs>;

// GET /api/applicant/saved-jobs
export const savedJobsQuerySchema = z.object({
  page: z.coerce.number({ message: 'The page must be a whole number.' }).int().min(1).max(10_000).default(1),
  page_size: z.coerce
    .number({ message: 'The page size must be a whole number.' })
    .int()
    .min(1)
    .max(JOB_BOARD_PAGE_SIZE_MAX)
    .default(JOB_BOARD_PAGE_SIZE),
});
export type SavedJobsQuery = QueryOf<typeof jobBoardContract.savedJobs>;

// The caller's own application to a job, as a job card shows it.
const myApplicationSchema = z.object({
  id: z.string(),
  status: z.enum(applicationStatuses),
  created_at: z.string(),
});
export type MyApplication = z.infer<typeof myApplicationSchema>;

// What every view of a posted job shares with the company's own job (shared/jobs.ts), field for field.
const postedJobSchema = jobSchema
  .pick({
    id: true,
    title: true,
    company_name: true,
    engagement_type: true,
    budget_min: true,
    budget_max: true,
    budget_total: true,
    // The budget's: the company's billing currency.
    currency: true,
    weekly_hours: true,
    skill_tags: true,
    timezone: true,
    // Open on the board; a saved job may have paused or closed since.
    status: true,
  })
  .extend({ published_at: z.string() });

// A job as the board lists it (a card): also the item of the saved-jobs list.
const jobListingSchema = postedJobSchema.extend({
  // The start of the description (excerptOf), for the card.
  excerpt: z.string(),
  visibility: z.enum(jobVisibilities),
  screening_questions: z.array(screeningQuestionSchema),
  is_saved: z.boolean(),
  application: myApplicationSchema.nullable(),
});
export type JobListing = z.infer<typeof jobListingSchema>;

export const jobListingListSchema = z.object({
  items: z.array(jobListingSchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});
export type JobListingList = z.infer<typeof jobListingListSchema>;

// A job as the public board (/jobs) lists it: what a card shows, nothing about who reads it.
const publicJobListingSchema = postedJobSchema.extend({ excerpt: z.string() });
export type PublicJobListing = z.infer<typeof publicJobListingSchema>;

// GET /api/public/jobs
export const publicJobListingListSchema = z.object({
  items: z.array(publicJobListingSchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});
export type PublicJobListingList = z.infer<typeof publicJobListingListSchema>;

// The company beside its job on /jobs/:id: what it wrote about itself (Settings → Company profile) and what
// its record on Tandem says, so an applicant can judge who is hiring.
export const publicCompanySchema = z.object({
  name: z.string(),
  about: z.string(),
  size: z.enum(companySizes).nullable(),
  location: z.string(),
  website: z.string().nullable(),
  // When it joined Tandem.
  member_since: z.string(),
  // Jobs it has published, open or not.
  jobs_posted: z.number(),
  // Applicants it hired through Tandem.
  hires_made: z.number(),
  // It has paid an invoice or holds a payment method.
  payment_verified: z.boolean(),
  // The stars talent gave it after working for it (revealed, not hidden reviews), as Upwork shows a client's.
  rating: z.number().nullable(),
  review_count: z.number().int(),
});
export type PublicCompany = z.infer<typeof publicCompanySchema>;

// A test the job requires, as an applicant reads it before applying.
const requiredTestSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(testTypes),
  // Minutes.
  time_limit: z.number(),
});
export type RequiredTest = z.infer<typeof requiredTestSchema>;

// A required test the caller still has to take or finish: their open attempt at it (started or not),
// whichever job it was assigned for. Its id is the attempt's, the page where it is taken
// (/applicant/tests/:id).
const waitingTestSchema = z.object({
  id: z.string(),
  test_id: z.string(),
  name: z.string(),
  // Minutes, from Start.
  time_limit: z.number(),
  status: z.enum(['assigned', 'started']),
});
export type WaitingTest = z.infer<typeof waitingTestSchema>;

// The whole post, as anyone may read an open public job (no company-internal fields such as cc_email).
export const publicJobSchema = postedJobSchema.extend({
  description: z.string(),
  start_date: z.string().nullable(),
  // The last day it takes applications (UTC), and where its applicants may live (shared/job-reach.ts).
  closes_on: z.string().nullable(),
  applicant_locations: z.array(z.string()),
  required_certs: z.array(z.string()),
  required_tests: z.array(requiredTestSchema),
  screening_questions: z.array(screeningQuestionSchema),
});
export type PublicJob = z.infer<typeof publicJobSchema>;

// Who reads /jobs/:id, for its Apply button. The public pages keep no query cache of the signed-in person
// (decisions 005 and 006), so the job's answer says it: null when nobody is signed in, else the role and, for
// an applicant, their application to this job.
// Every role, named here rather than imported: the permission tables would come along into /jobs/:id's
// JavaScript (decision 005). The Record keeps the list whole when a role is added.
const viewerRoles: Record<Role, true> = { applicant: true, company: true, admin: true, account_manager: true };
const publicJobViewerSchema = z.object({
  role: z.enum(Object.keys(viewerRoles) as [Role, ...Role[]]),
  application: myApplicationSchema.nullable(),
});
export type PublicJobViewer = z.infer<typeof publicJobViewerSchema>;

// An open public job with its company, as /jobs/:id shows it to anyone (and the server writes it into the
// page's HTML).
export const publicJobWithCompanySchema = publicJobSchema.extend({ company: publicCompanySchema });
export type PublicJobWithCompany = z.infer<typeof publicJobWithCompanySchema>;

// GET /api/public/jobs/:id
export const publicJobViewSchema = publicJobWithCompanySchema.extend({ viewer: publicJobViewerSchema.nullable() });
export type PublicJobView = z.infer<typeof publicJobViewSchema>;

// GET /api/applicant/jobs/:id: the post plus where the caller stands with it.
export const jobPostingSchema = publicJobSchema.extend({
  visibility: z.enum(jobVisibilities),
  is_saved: z.boolean(),
  application: myApplicationSchema.nullable(),
  // Once applied: the required tests still waiting for the caller (empty before applying).
  waiting_tests: z.array(waitingTestSchema),
});
export type JobPosting = z.infer<typeof jobPostingSchema>;

// PUT / DELETE /api/applicant/saved-jobs/:id
export const savedJobStateSchema = z.object({ job_id: z.string(), is_saved: z.boolean() });
export type SavedJobState = z.infer<typeof savedJobStateSchema>;

// POST /api/jobs/:id/applications (docs/spec/portal-and-public-site.md §3 "Application": cover letter, optional
// proposal rate; for a fixed-price job, an optional total price and milestones instead).
export const applyToJobSchema = z
  .object({
    cover_letter: z
      .string({ message: jobBoardTexts.coverLetterRequired })
      .refine(isStorableText, { message: textTexts.unstorable })
      .transform((value) => value.trim())
      .pipe(
        z
          .string()
          .min(1, { message: jobBoardTexts.coverLetterRequired })
          .max(COVER_LETTER_MAX_LENGTH, { message: jobBoardTexts.coverLetterTooLong }),
      ),
    // An hourly job's: dollars an hour, at most two decimals kept (stored as cents).
    proposal_rate: z
      .number({ message: jobBoardTexts.proposalRate })
      .min(1, { message: jobBoardTexts.proposalRate })
      .max(PROPOSAL_RATE_MAX, { message: jobBoardTexts.proposalRate })
      .nullish(),
    // A fixed-price job's: a total in cents and, if the applicant splits it, milestones that add up to it to
    // the cent, as an offer's do (decision 035); the company's offer starts from them.
    proposal_price_cents: z
      .number({ message: milestoneTexts.total })
      .int({ message: milestoneTexts.total })
      .min(MILESTONE_AMOUNT_MIN_CENTS, { message: milestoneTexts.total })
      .max(MILESTONE_AMOUNT_MAX_CENTS, { message: milestoneTexts.total })
      .nullish(),
    proposal_milestones: z
      .array(offerMilestoneSchema, { message: milestoneTexts.atLeastOne })
      .min(1, { message: milestoneTexts.atLeastOne })
      .max(MILESTONES_MAX, { message: milestoneTexts.tooMany })
      .nullish(),
    // The job's screening questions, answered (checked against the job's own as the application is made).
    screening_answers: screeningAnswersInputSchema,
    // Files uploaded for it (POST /api/applicant/proposal-files), by their file_id.
    attachment_ids: proposalFilesInputSchema,
    // Where the applicant came from (shared/job-reach.ts): the landing's ?source= (indeed, google, feed,
    // shared_link) and a member's ?ref= code. The server checks both: anything it does not know counts as
    // the Tandem board, and a code of another job, or the applicant's own, is ignored.
    source: z.string().max(40).nullish(),
    ref: z.string().max(64).nullish(),
  })
  .superRefine((proposal, context) => {
    const milestones = proposal.proposal_milestones;
    if (!milestones) return;
    const price = proposal.proposal_price_cents;
    if (price == null) {
      context.addIssue({ code: 'custom', path: ['proposal_price_cents'], message: jobBoardTexts.milestonesNeedPrice });
      return;
    }
    const today = earliestStartDate();
    milestones.forEach((milestone, index) => {
      if (milestone.due_date < today) {
        context.addIssue({
          code: 'custom',
          path: ['proposal_milestones', index, 'due_date'],
          message: jobBoardTexts.milestoneDuePast,
        });
      }
    });
    const sum = milestones.reduce((total, milestone) => total + milestone.amount_cents, 0);
    if (sum !== price) {
      context.addIssue({
        code: 'custom',
        path: ['proposal_price_cents'],
        message: milestoneTexts.totalMismatch(sum, price),
      });
    }
  });
export type ApplyToJobInput = z.input<typeof applyToJobSchema>;

export const submittedApplicationSchema = z.object({
  id: z.string(),
  job_id: z.string(),
  status: z.enum(applicationStatuses),
  cover_letter: z.string(),
  proposal_rate: z.number().nullable(),
  proposal_price_cents: z.number().int().nullable(),
  proposal_milestones: z.array(offeredMilestoneSchema).nullable(),
  screening_answers: z.array(screeningAnswerSchema),
  attachments: z.array(proposalFileSchema),
  created_at: z.string(),
  // The job's required tests the applicant now has to take (docs/design.md §5: assigned as they apply).
  waiting_tests: z.array(waitingTestSchema),
});
export type SubmittedApplication = z.infer<typeof submittedApplicationSchema>;

// GET /api/public/jobs/feeds/indeed.xml and …/rss.xml: a page of the feed (1,000 jobs a page, newest first).
export const jobFeedQuerySchema = z.object({
  page: z.coerce.number({ message: 'The page must be a whole number.' }).int().min(1).max(1000).default(1),
});

// POST /api/jobs/:id/invitations: a company lets one applicant see its private job.
export const inviteToJobSchema = z.object({
  applicant_id: z.uuid({ message: jobBoardTexts.applicantNotFound }),
});
export const jobInvitationSchema = z.object({
  job_id: z.string(),
  applicant_id: z.string(),
  invited_at: z.string(),
});
export type JobInvitation = z.infer<typeof jobInvitationSchema>;

// schema.org JobPosting for search engines, by Google's rules
// (https://developers.google.com/search/docs/appearance/structured-data/job-posting): datePosted the day it
// was published; validThrough the end (UTC) of the job's closing date, which every published job has
// (decision 058); every Tandem job is done remotely, so jobLocationType TELECOMMUTE with the countries or
// regions its company chose as applicantLocationRequirements (Google asks for real places, not an area
// called "Worldwide": a job that names none is open to talent in every country, and says so country by
// country); baseSalary the hourly range, or a fixed price's total as a plain amount (no unitText of
// Google's — hour, day, week, month, year — describes a total);
// directApply only while the page itself takes the application (the job is open).
export function jobPostingStructuredData(job: PublicJobWithCompany, publicUrl: string) {
  const hasHourlyRate = job.engagement_type === 'hourly' && (job.budget_min != null || job.budget_max != null);
  const hourlyValue = hasHourlyRate && {
    '@type': 'QuantitativeValue',
    ...(job.budget_min != null && { minValue: job.budget_min }),
    ...(job.budget_max != null && { maxValue: job.budget_max }),
    unitText: 'HOUR',
  };
  const places = applicantLocationPlaces(job.applicant_locations.length > 0 ? job.applicant_locations : countryCodes);
  return {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: job.title,
    description: job.description,
    identifier: { '@type': 'PropertyValue', name: 'Tandem', value: job.id },
    url: `${publicUrl}/jobs/${job.id}`,
    datePosted: job.published_at,
    ...(job.closes_on && { validThrough: validThroughOf(job.closes_on) }),
    // Every Tandem engagement is a contract; the weekly hours say whether it is a full week.
    employmentType: ['CONTRACTOR', job.weekly_hours >= 35 ? 'FULL_TIME' : 'PART_TIME'],
    hiringOrganization: {
      '@type': 'Organization',
      name: job.company.name,
      ...(job.company.website && { sameAs: job.company.website }),
    },
    jobLocationType: 'TELECOMMUTE',
    applicantLocationRequirements: places.length === 1 ? places[0] : places,
    directApply: job.status === 'open',
    ...(job.skill_tags.length > 0 && { skills: job.skill_tags.join(', ') }),
    ...(hourlyValue && { baseSalary: { '@type': 'MonetaryAmount', currency: job.currency, value: hourlyValue } }),
    // A fixed price is the whole engagement's: its amount alone, with no unit of time it would be false to name.
    ...(job.engagement_type === 'fixed' &&
      job.budget_total != null && {
        baseSalary: { '@type': 'MonetaryAmount', currency: job.currency, value: job.budget_total },
      }),
  };
}

// JSON inside a <script> element: "</script>" and the HTML comment openers must not appear in it, and
// U+2028/2029 are escaped for older parsers. Escaped this way it is still the same JSON.
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
