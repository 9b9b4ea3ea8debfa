import type { Assignment } from '~/shared/billing';
import { formatCents } from '~/shared/billing-texts';
import type { Currency } from '~/shared/currencies';

// What an assignment pays (docs/decisions/035): by the hour, at a rate for weekly hours, or a fixed price in
// milestones, which has no rate, no weekly hours, no timesheets and no clock.

// An hourly rate in integer minor units of the company's currency: 4550 USD → '$45.50/h', EUR → '€45.50/h'.
export const formatHourlyRate = (cents: number, currency: Currency): string => `${formatCents(cents, currency)}/h`;

export const FIXED_PRICE_LABEL = 'Fixed price';

type Terms = Pick<Assignment, 'engagement_type' | 'rate_cents' | 'weekly_hours' | 'currency'>;

// The hourly terms of an assignment paid by the hour; null for a fixed price.
export function hourlyTermsOf(assignment: Terms): { rate_cents: number; weekly_hours: number } | null {
  const { engagement_type: type, rate_cents: rate, weekly_hours: hours } = assignment;
  return type === 'hourly' && rate !== null && hours !== null ? { rate_cents: rate, weekly_hours: hours } : null;
}

// '$45.50/h for 40 h a week', or 'a fixed price'.
export function describeTerms(assignment: Terms): string {
  const terms = hourlyTermsOf(assignment);
  return terms
    ? `${formatHourlyRate(terms.rate_cents, assignment.currency)} for ${terms.weekly_hours} h a week`
    : 'a fixed price';
}
