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
