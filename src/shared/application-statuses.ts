// Applications' stages, labels, the moves between them and the applicant's texts, apart from applications.ts's
// schemas, with no zod: the dashboards show them without loading zod (decision 037). applications.ts
// re-exports them.

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

// An application is new to the company while nobody has acted on it (submitted) and it arrived after the
// company last opened the job's applications (never opened: every one). The statuses below were moved on by
// someone (shortlisted and on) or settled, never new, however recent. One rule for every "new" the company reads: the Jobs list's "N new", the job page's
// "N new" and each application's New mark (the server's SQL is built from this list, load-job-views.ts).
export const applicationStatusesNeverNew = [
  'shortlisted',
  'interviewing',
  'offered',
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
