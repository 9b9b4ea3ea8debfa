// The job texts and formats every page shows, the public job board's included: kept apart from the zod
// schemas (jobs.ts re-exports them) so the public pages show them without shipping zod (decision 005).

import { type Currency, minorUnitsOf } from './currencies';

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

// Whole units of a currency on the wire (a job's budget, an offer's rate), written as every screen writes
// them: '$60', '$65.50', '$5,000', '€60'; decimals only when there are some, as many as the currency has.
const unitFormatters = new Map<string, Intl.NumberFormat>();
function unitFormatter(currency: Currency, isWhole: boolean): Intl.NumberFormat {
  const key = `${currency}|${isWhole}`;
  let formatter = unitFormatters.get(key);
  if (!formatter) {
    const decimals = isWhole ? 0 : minorUnitsOf(currency);
    formatter = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    unitFormatters.set(key, formatter);
  }
  return formatter;
}
const formatUnits = (amount: number, currency: Currency) =>
  unitFormatter(currency, Number.isInteger(amount)).format(amount);
// The figure without its symbol: the upper end of a range ('$60–80/hr').
const formatUnitsBare = (amount: number, currency: Currency) =>
  unitFormatter(currency, Number.isInteger(amount))
    .formatToParts(amount)
    .filter((part) => part.type !== 'currency' && part.type !== 'literal')
    .map((part) => part.value)
    .join('');
// A rate an hour: '$70/hr', '$65.50/hr', '€70/hr' (a proposal, an offer, an assignment).
export const formatHourlyRate = (rate: number, currency: Currency = 'USD') => `${formatUnits(rate, currency)}/hr`;

// The budget as the job table and the CSV export show it, in the company's currency: '$60–80/hr', '$60/hr',
// '$5,000', '€5,000', or '—'.
export function formatJobBudget(job: {
  engagement_type: EngagementType;
  budget_min?: number | null;
  budget_max?: number | null;
  budget_total?: number | null;
  currency?: Currency;
}): string {
  const currency = job.currency ?? 'USD';
  const units = (amount: number) => formatUnits(amount, currency);
  if (job.engagement_type === 'fixed') return job.budget_total == null ? '—' : units(job.budget_total);
  const { budget_min: min, budget_max: max } = job;
  if (min != null && max != null) {
    return min === max ? `${units(min)}/hr` : `${units(min)}–${formatUnitsBare(max, currency)}/hr`;
  }
  if (min != null) return `From ${units(min)}/hr`;
  if (max != null) return `Up to ${units(max)}/hr`;
  return '—';
}
