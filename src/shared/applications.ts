import { z } from 'zod';
import { ACTIVE_HOURS_TARGET, applicationStatuses, assignmentStatuses } from './application-statuses';
import type { QueryOf } from './contract';
import type { applicationsContract } from './contracts/applications';
import { currencySchema } from './fx-rates';
import { engagementTypes } from './job-texts';
import { offeredMilestoneSchema } from './offered-milestones';
import { proposalFileSchema } from './proposal-files';
import { screeningAnswerSchema } from './screening-questions';

export * from './application-statuses';
export { applicationTexts } from './application-texts';
export { ACTIVE_HOURS_TARGET };

const pageQuery = {
  page: z.coerce.number({ message: 'The page must be a whole number.' }).int().min(1).default(1),
  page_size: z.coerce.number({ message: 'The page size must be a whole number.' }).int().min(1).max(100).default(20),
};

// GET /api/applicant/applications?status=offered,hired&page=&page_size=
export const applicantApplicationListQuerySchema = z.object({
  status: z
    .string()
    .optional()
    .transform((value) =>
      value
        ? [
            ...new Set(
              value
                .split(',')
                .map((part) => part.trim())
                .filter(Boolean),
            ),
          ]
        : [],
    )
    .pipe(
      z.array(z.enum(applicationStatuses, { message: 'Unknown application status.' })).max(applicationStatuses.length),
    ),
  ...pageQuery,
});
// What a caller sends: the coerced fields as their parsed type (decision 019's QueryOf).
export type ApplicantApplicationListQuery = QueryOf<typeof applicationsContract.list>;

// One stage change as the applicant sees it: who moved it ('applicant': you; 'company'; null: the
// platform), and the applicant's own note ("Declined the offer").
const applicantHistoryEntrySchema = z.object({
  status: z.enum(applicationStatuses),
  at: z.string(),
  by: z.enum(['applicant', 'company']).nullable(),
  note: z.string().nullable(),
});

// An offer's terms: dollars per hour and weekly hours, or a fixed price's total and milestones (the
// hourly figures null; shared/milestones.ts).
const offerTermsSchema = z.object({
  rate: z.number().nullable(),
  weekly_hours: z.number().nullable(),
  start_date: z.string(),
  total_cents: z.number().int().nullable(),
  milestones: z.array(offeredMilestoneSchema),
});
export type OfferTermsView = z.infer<typeof offerTermsSchema>;

const applicantAssignmentSchema = z.object({
  id: z.string(),
  role: z.string(),
  engagement_type: z.enum(engagementTypes),
  rate: z.number().nullable(),
  weekly_hours: z.number().nullable(),
  start_date: z.string(),
  status: z.enum(assignmentStatuses),
});

export const applicantApplicationSchema = z.object({
  id: z.string(),
  job_id: z.string(),
  job_title: z.string(),
  company_name: z.string(),
  status: z.enum(applicationStatuses),
  created_at: z.string(),
  updated_at: z.string(),
  // Dollars per hour the applicant proposed, when they did.
  proposal_rate: z.number().nullable(),
  // A fixed-price job's proposal: the total, and its milestones when split.
  proposal_price_cents: z.number().int().nullable(),
  proposal_milestones: z.array(offeredMilestoneSchema).nullable(),
  // The job's screening questions as they were asked, with the applicant's answers.
  screening_answers: z.array(screeningAnswerSchema),
  attachments: z.array(proposalFileSchema),
  // Oldest first.
  history: z.array(applicantHistoryEntrySchema),
  // The offer the company made, once it made one (kept after it is accepted or declined).
  offer: offerTermsSchema.nullable(),
  // Only when the application was not selected: the company's neutral words.
  rejection_reason: z.string().nullable(),
  // The assignment an accepted offer made.
  assignment: applicantAssignmentSchema.nullable(),
  // The currency of the proposal, the offer and the assignment's rate: the company's billing currency.
  currency: currencySchema,
});
export type ApplicantApplication = z.infer<typeof applicantApplicationSchema>;

export const applicantApplicationListSchema = z.object({
  items: z.array(applicantApplicationSchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});
export type ApplicantApplicationList = z.infer<typeof applicantApplicationListSchema>;

// GET /api/applicant/stats: the five cards of the applicant dashboard (docs/spec/portal-and-public-site.md §3
// "Applicant stats").
export const applicantStatsSchema = z.object({
  applications: z.number(),
  interviews: z.number(),
  offers: z.number(),
  saved_jobs: z.number(),
  active_hours: z.number(),
  // Assignments they work on now: with none, Active Hours says so instead of "0/40".
  active_assignments: z.number(),
});
export type ApplicantStats = z.infer<typeof applicantStatsSchema>;

// GET /api/applicant/recommended-jobs (docs/spec/portal-and-public-site.md §3 "Recommended job": title, company,
// location, skills).
const RECOMMENDED_JOBS_DEFAULT = 5;
export const recommendedJobsQuerySchema = z.object({
  limit: z.coerce
    .number({ message: 'The limit must be a whole number.' })
    .int()
    .min(1)
    .max(20)
    .default(RECOMMENDED_JOBS_DEFAULT),
});
const recommendedJobSchema = z.object({
  id: z.string(),
  title: z.string(),
  company: z.string(),
  // The job's time zone, or 'Remote'.
  location: z.string(),
  skills: z.array(z.string()),
  // The job's skills the applicant's profile has too (what ranked it).
  matching_skills: z.array(z.string()),
});
export type RecommendedJob = z.infer<typeof recommendedJobSchema>;
export const recommendedJobListSchema = z.object({ items: z.array(recommendedJobSchema) });
export type RecommendedJobList = z.infer<typeof recommendedJobListSchema>;

// GET /api/applicant/messages and /meetings (docs/spec/portal-and-public-site.md §3 Message, Meeting).
export const applicantListQuerySchema = z.object(pageQuery);
// A message someone wrote to the applicant, newest first; the conversation opens from it.
const applicantMessageSchema = z.object({
  id: z.string(),
  from: z.string(),
  message: z.string(),
  time: z.string(),
  conversation_id: z.string(),
});
export type ApplicantMessage = z.infer<typeof applicantMessageSchema>;
const applicantMeetingSchema = z.object({
  id: z.string(),
  company: z.string(),
  type: z.string(),
  date: z.string(),
  // The organizer's call elsewhere (an https address) when they gave one, else the meeting room's path.
  link: z
    .string()
    .describe("Where to join: an https address of a call hosted elsewhere, or the meeting room's path on this site"),
});
export type ApplicantMeeting = z.infer<typeof applicantMeetingSchema>;
export const applicantMessageListSchema = z.object({
  items: z.array(applicantMessageSchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});
export type ApplicantMessageList = z.infer<typeof applicantMessageListSchema>;
export const applicantMeetingListSchema = z.object({
  items: z.array(applicantMeetingSchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});
export type ApplicantMeetingList = z.infer<typeof applicantMeetingListSchema>;
