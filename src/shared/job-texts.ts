// The job texts and formats every page shows, the public job board's included: kept apart from the zod
// schemas (jobs.ts re-exports them) so the public pages show them without shipping zod (decision 005).

export const JOB_TITLE_MAX_LENGTH = 60;
export const WEEKLY_HOURS_MIN = 1;
export const WEEKLY_HOURS_MAX = 60;
export const DEFAULT_WEEKLY_HOURS = 20;
export const DEFAULT_TIMEZONE = 'UTC+00:00';
export const MAX_JOB_TAGS_SHOWN = 2;
// How many people a job hires; once that many are hired the job is filled and closes.
export const OPENINGS_MIN = 1;
export const OPENINGS_MAX = 100;
export const DEFAULT_OPENINGS = 1;

export const engagementTypes = ['hourly', 'fixed'] as const;
export type EngagementType = (typeof engagementTypes)[number];
export const jobVisibilities = ['public', 'private'] as const;

// UTC-12:00 … UTC+14:00 in hourly steps: 27 values.
export const jobTimezones = Array.from({ length: 27 }, (_, index) => {
  const offset = index - 12;
  const sign = offset < 0 ? '-' : '+';
  return `UTC${sign}${String(Math.abs(offset)).padStart(2, '0')}:00`;
});

// Texts of docs/spec/portal-and-public-site.md §5 and §8, word for word: the form's toasts and the server's field
// messages.
export const jobTexts = {
  missingInformation: 'Missing information',
  titleRequired: 'Please provide a job title.',
  missingBudget: 'Missing budget information',
  hourlyRatesRequired: 'Please specify both minimum and maximum hourly rates.',
  totalRequired: 'Please specify the total budget for this fixed-price job.',
  descriptionRequired: 'Please provide a job description.',
  titleTooLong: `The job title can be at most ${JOB_TITLE_MAX_LENGTH} characters.`,
  weeklyHoursRange: `Weekly hours must be between ${WEEKLY_HOURS_MIN} and ${WEEKLY_HOURS_MAX}.`,
  openingsRange: `The number of openings must be between ${OPENINGS_MIN} and ${OPENINGS_MAX}.`,
  rateMinimum: 'Rates must be at least $1.',
  totalMinimum: 'The total budget must be at least $1.',
  rateOrder: 'The minimum rate cannot be higher than the maximum rate.',
  startDatePast: 'The start date cannot be in the past.',
  timezone: 'Choose a time zone from the list.',
  ccEmail: 'Please enter a valid email address',
  certification: 'Choose certifications from the list.',
  published: 'Job published!',
  draftSaved: 'Draft saved',
  publishErrorTitle: 'Error publishing job',
  publishError: 'Failed to publish your job posting. Please try again.',
  draftErrorTitle: 'Error saving draft',
  draftError: 'Failed to save draft. Please try again.',
  paused: "Job paused; applicants won't see it",
  resumed: 'Job resumed and visible to applicants',
  exportingTitle: 'Exporting data',
  exporting: 'Your CSV file is being prepared for download',
  filteringInterviews: 'Filtering by interviews',
  duplicated: 'Duplicate Job',
  closed: 'Close Job',
  deleted: 'Delete Job',
  loadErrorTitle: 'Error loading jobs',
  loadError: 'Failed to load job listings. Please try again.',
} as const;

const wholeDollars = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const dollarsAndCents = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
// Dollars as every screen writes them: '$60', '$65.50', '$5,000'.
const formatDollars = (amount: number) =>
  `$${Number.isInteger(amount) ? wholeDollars.format(amount) : dollarsAndCents.format(amount)}`;
const dollars = formatDollars;
// A rate an hour: '$70/hr', '$65.50/hr' (a proposal, an offer, an assignment).
export const formatHourlyRate = (rate: number) => `${formatDollars(rate)}/hr`;

// The budget as the job table and the CSV export show it: '$60–80/hr', '$60/hr', '$5,000', or '—'.
export function formatJobBudget(job: {
  engagement_type: EngagementType;
  budget_min?: number | null;
  budget_max?: number | null;
  budget_total?: number | null;
}): string {
  if (job.engagement_type === 'fixed') return job.budget_total == null ? '—' : dollars(job.budget_total);
  const { budget_min: min, budget_max: max } = job;
  if (min != null && max != null) {
    return min === max ? `${dollars(min)}/hr` : `${dollars(min)}–${dollars(max).slice(1)}/hr`;
  }
  if (min != null) return `From ${dollars(min)}/hr`;
  if (max != null) return `Up to ${dollars(max)}/hr`;
  return '—';
}
