import { applicationStatuses, applicationStatusLabels } from '~/shared/application-statuses';
import { formatCents } from '~/shared/billing-texts';
import type { Currency } from '~/shared/currencies';
import { formatHourlyRate } from '~/shared/jobs';

// How the pipeline speaks of money, dates, ratings and stages, in one place for its lists and drawer.

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const dayAndTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export const hourlyRate = formatHourlyRate;
// What the applicant proposed, in the job's terms and its company's currency: '$45/hr', '€2,400.00 fixed', or
// that they left it open.
export function proposalLabel(application: {
  proposal_rate: number | null;
  proposal_price_cents: number | null;
  currency: Currency;
}) {
  const { currency } = application;
  if (application.proposal_rate != null) return hourlyRate(application.proposal_rate, currency);
  if (application.proposal_price_cents != null)
    return `${formatCents(application.proposal_price_cents, currency)} fixed`;
  return 'Open to the budget';
}
export const dayLabel = (value: string) => day.format(new Date(value));
export const dayAndTimeLabel = (value: string) => dayAndTime.format(new Date(value));

// A calendar day (YYYY-MM-DD) as written, whatever the viewer's zone: 'Dec 1, 2026'.
export function calendarDayLabel(isoDay: string): string {
  const [year = 1970, month = 1, date = 1] = isoDay.split('-').map(Number);
  return day.format(new Date(year, month - 1, date));
}

// The stage tabs: everything, then each stage in pipeline order and the ends.
export const stageTabs = ['all', ...applicationStatuses] as const;
export type StageTab = (typeof stageTabs)[number];
export const stageTabLabel = (tab: StageTab) => (tab === 'all' ? 'All' : applicationStatusLabels[tab]);
