import { formatIsoDay } from '~/client/lib/iso-day';
import type { OfferTermsView } from '~/shared/applications';
import { formatHourlyRate } from '~/shared/jobs';

// An offer's (or an assignment's) terms in one line: "$65.50/hr · 30 hrs/week · Starts Mar 2, 2031".
export function formatTerms(terms: OfferTermsView): string {
  return `${formatHourlyRate(terms.rate)} · ${terms.weekly_hours} hrs/week · Starts ${formatIsoDay(terms.start_date)}`;
}
