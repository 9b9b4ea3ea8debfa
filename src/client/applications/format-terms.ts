import { formatIsoDay } from '~/client/lib/iso-day';
import type { OfferTermsView } from '~/shared/applications';

const wholeDollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const dollarsAndCents = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

// "$70/hr", "$65.50/hr".
export const formatHourlyRate = (rate: number) =>
  `${Number.isInteger(rate) ? wholeDollars.format(rate) : dollarsAndCents.format(rate)}/hr`;

// An offer's (or an assignment's) terms in one line: "$65.50/hr · 30 hrs/week · Starts Mar 2, 2031".
export function formatTerms(terms: OfferTermsView): string {
  return `${formatHourlyRate(terms.rate)} · ${terms.weekly_hours} hrs/week · Starts ${formatIsoDay(terms.start_date)}`;
}
