// The contract of applications: an applicant's application to a job and the stages it moves through
// (DESIGN.md §5).
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

// An assignment is a hire at work (DESIGN.md §5): pending until its start, active, then ended.
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
] as const;
export type NotificationType = (typeof notificationTypes)[number];

// A reviewer's rating of an application: 1 to 5 stars.
export const REVIEW_RATING_MIN = 1;
export const REVIEW_RATING_MAX = 5;

// The pipeline's stages in order, as a company moves an application forward.
export const pipelineStages = ['submitted', 'shortlisted', 'interviewing', 'offered', 'hired'] as const;

export const applicationStatusLabels: Record<ApplicationStatus, string> = {
  submitted: 'Submitted',
  shortlisted: 'Shortlisted',
  interviewing: 'Interviewing',
  offered: 'Offer',
  hired: 'Hired',
  rejected: 'Not selected',
  withdrawn: 'Withdrawn',
};

// Where an application stops moving.
export const finalApplicationStatuses: readonly ApplicationStatus[] = ['hired', 'rejected', 'withdrawn'];

// Who moves an application where (DESIGN.md §5). The company moves it forward or rejects it (an offer is
// made with its terms, POST …/offer); the applicant withdraws, or answers an offer (accept → hired,
// decline → withdrawn).
export type ApplicationMover = 'company' | 'applicant';
const companyMoves: Record<ApplicationStatus, readonly ApplicationStatus[]> = {
  submitted: ['shortlisted', 'interviewing', 'offered', 'rejected'],
  shortlisted: ['interviewing', 'offered', 'rejected'],
  interviewing: ['offered', 'rejected'],
  offered: ['rejected'],
  hired: [],
  rejected: [],
  withdrawn: [],
};
const applicantMoves: Record<ApplicationStatus, readonly ApplicationStatus[]> = {
  submitted: ['withdrawn'],
  shortlisted: ['withdrawn'],
  interviewing: ['withdrawn'],
  offered: ['hired', 'withdrawn'],
  hired: [],
  rejected: [],
  withdrawn: [],
};

export function canMoveApplication(from: ApplicationStatus, to: ApplicationStatus, by: ApplicationMover): boolean {
  return (by === 'company' ? companyMoves : applicantMoves)[from].includes(to);
}

// The 409's sentence for a move the state machine does not allow.
export function illegalApplicationMoveMessage(from: ApplicationStatus, to: ApplicationStatus): string {
  if (from === to) return `This application is ${applicationStatusLabels[from].toLowerCase()} already.`;
  if (from === 'hired') return 'This application ended in a hire; it cannot move any more.';
  if (from === 'rejected') return 'This application was not selected; it cannot move any more.';
  if (from === 'withdrawn') return 'This application was withdrawn; it cannot move any more.';
  if (to === 'hired') return 'Only an offer the applicant accepts makes a hire.';
  return `An application cannot move from ${applicationStatusLabels[from]} to ${applicationStatusLabels[to]}.`;
}

// Texts of spec §5 and §8, word for word, and the server's sentences.
export const applicationTexts = {
  coverLetterRequired: 'Please provide a cover letter.',
  submitted: 'Application submitted!',
  submitErrorTitle: 'Error submitting application',
  submitError: 'Failed to submit your application. Please try again.',
  saved: 'Saved job',
  unsaved: 'Removed from saved',
  dashboardLoadError: 'Failed to load dashboard data. Please try again.',
  alreadyApplied: 'You have already applied to this job.',
  jobNotOpen: 'This job is not taking applications.',
  notFound: 'This application does not exist.',
  jobNotFound: 'This job does not exist.',
  // What the applicant reads when the company rejects without saying why.
  defaultRejectionReason: 'The company has decided to move forward with other candidates.',
  declinedOffer: 'Declined the offer',
} as const;
