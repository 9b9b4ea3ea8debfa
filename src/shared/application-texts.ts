// Kept apart from the zod schemas (applications.ts re-exports them) so the public pages show them without
// shipping zod (decision 005).

// Texts of docs/spec/portal-and-public-site.md §5 and §8, word for word, and the server's sentences.
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
