import { z } from 'zod';
import type { QueryOf } from './contract';
import type { applicationsContract } from './contracts/applications';
import { engagementTypes } from './job-texts';
import { offeredMilestoneSchema } from './offered-milestones';

export { applicationTexts } from './application-texts';

// The contract of applications: an applicant's application to a job and the stages it moves through
// (docs/design.md §5).
export const applicationStatuses = [
  'submitted',
  'shortlisted',
  'interviewing',
  'offered',
  'hired',
  'rejected',
  'withdrawn',
] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];

// An application is new to the company while it waits on a decision and arrived after the company last
// opened the job's applications (never opened: every one). The statuses below are settled, never new,
// however recent. One rule for every "new" the company reads: the Jobs list's "N new", the job page's
// "N new" and each application's New mark (the server's SQL is built from this list, load-job-views.ts).
export const applicationStatusesNeverNew = [
  'hired',
  'rejected',
  'withdrawn',
] as const satisfies readonly ApplicationStatus[];

// An assignment is a hire at work (docs/design.md §5): pending until its start, active, then ended.
export const assignmentStatuses = ['pending', 'active', 'ended'] as const;
export type AssignmentStatus = (typeof assignmentStatuses)[number];

// What a notification is about; the popover and the email preferences list them by this.
export const notificationTypes = [
  'application_received',
  'application_withdrawn',
  'application_stage_changed',
  'offer_made',
  'offer_accepted',
  'offer_declined',
  'job_filled',
  'job_invitation',
  'test_assigned',
  'test_submitted',
  'message_received',
  'meeting_invited',
  'meeting_responded',
  'meeting_rescheduled',
  'meeting_cancelled',
  // Work and billing.
  'assignment_changed',
  'timesheet_submitted',
  'timesheet_reviewed',
  'invoice_issued',
  // Fixed-price contracts: a milestone funded, submitted, approved or sent back (docs/decisions/035).
  'milestone_changed',
  // Paying the talent: earnings taken back when the company's payment was refunded (docs/decisions/036).
  'earnings_changed',
  // Company teams: a colleague @mentioned a member in a note; a member was put on a job's hiring team.
  'note_mention',
  'hiring_team_added',
  // Applicants: the emails of their saved searches (job-board/send-job-alerts.ts); never a bell notification.
  'job_alert',
] as const;
export type NotificationType = (typeof notificationTypes)[number];

// A reviewer's rating of an application: 1 to 5 stars.
export const REVIEW_RATING_MIN = 1;
export const REVIEW_RATING_MAX = 5;

export const applicationStatusLabels: Record<ApplicationStatus, string> = {
  submitted: 'Submitted',
  shortlisted: 'Shortlisted',
  interviewing: 'Interviewing',
  offered: 'Offer',
  hired: 'Hired',
  rejected: 'Not selected',
  withdrawn: 'Withdrawn',
};

// Who moves an application where (docs/design.md §5). The company moves it forward or rejects it (an offer is
// made with its terms, POST …/offer); the applicant withdraws, or answers an offer (accept → hired,
// decline → withdrawn).
export type ApplicationMover = 'company' | 'applicant';
const companyMovesFrom: Record<ApplicationStatus, readonly ApplicationStatus[]> = {
  submitted: ['shortlisted', 'interviewing', 'offered', 'rejected'],
  shortlisted: ['interviewing', 'offered', 'rejected'],
  interviewing: ['offered', 'rejected'],
  offered: ['rejected'],
  hired: [],
  rejected: [],
  withdrawn: [],
};
const applicantMovesFrom: Record<ApplicationStatus, readonly ApplicationStatus[]> = {
  submitted: ['withdrawn'],
  shortlisted: ['withdrawn'],
  interviewing: ['withdrawn'],
  offered: ['hired', 'withdrawn'],
  hired: [],
  rejected: [],
  withdrawn: [],
};

export function canMoveApplication(from: ApplicationStatus, to: ApplicationStatus, by: ApplicationMover): boolean {
  return (by === 'company' ? companyMovesFrom : applicantMovesFrom)[from].includes(to);
}

// The 409's sentence for a move the state machine does not allow.
export function illegalApplicationMoveMessage(from: ApplicationStatus, to: ApplicationStatus): string {
  if (from === 'hired') return 'This application ended in a hire; it cannot move any more.';
  if (from === 'rejected') return 'This application was not selected; it cannot move any more.';
  if (from === 'withdrawn') return 'This application was withdrawn; it cannot move any more.';
  if (from === to) return `This application is in the ${applicationStatusLabels[from]} stage already.`;
  if (to === 'hired') return 'Only an offer the applicant accepts makes a hire.';
  return `An application cannot move from ${applicationStatusLabels[from]} to ${applicationStatusLabels[to]}.`;
}

// ---- The applicant's side (My Applications, the applicant dashboard, /api/applicant/*) ----

// The stages My Applications filters by, in pipeline order then the ends.
export const applicantStageFilters = applicationStatuses;

// Where an applicant may still withdraw: everything but the three ends (an offer is declined instead).
export const canWithdrawApplication = (status: ApplicationStatus) =>
  canMoveApplication(status, 'withdrawn', 'applicant');

// The moves an applicant makes on their own application (POST /api/applicant/applications/:id/<move>).
export const applicantApplicationActions = ['withdraw', 'accept-offer', 'decline-offer'] as const;
export type ApplicantApplicationAction = (typeof applicantApplicationActions)[number];

// The weekly target the Active Hours card counts against (docs/spec/portal-and-public-site.md §9: 'Applicant
// dashboard active hours default 0/40').
export const ACTIVE_HOURS_TARGET = 40;

// What the applicant's screens say; the dashboard's load error is applicationTexts.dashboardLoadError.
export const applicantTexts = {
  loadErrorTitle: 'Error loading applications',
  loadError: 'Failed to load your applications. Please try again.',
  savedLoadErrorTitle: 'Error loading saved jobs',
  savedLoadError: 'Failed to load your saved jobs. Please try again.',
  withdrawn: 'Application withdrawn',
  offerAccepted: 'Offer accepted',
  offerDeclined: 'Offer declined',
  withdrawErrorTitle: 'Error withdrawing application',
  acceptErrorTitle: 'Error accepting offer',
  declineErrorTitle: 'Error declining offer',
  noOfferToAccept: 'This application has no offer to accept.',
  noOfferToDecline: 'This application has no offer to decline.',
} as const;

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
  // Oldest first.
  history: z.array(applicantHistoryEntrySchema),
  // The offer the company made, once it made one (kept after it is accepted or declined).
  offer: offerTermsSchema.nullable(),
  // Only when the application was not selected: the company's neutral words.
  rejection_reason: z.string().nullable(),
  // The assignment an accepted offer made.
  assignment: applicantAssignmentSchema.nullable(),
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
