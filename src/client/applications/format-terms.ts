import { formatIsoDay } from '~/client/lib/iso-day';
import type { OfferTermsView } from '~/shared/applications';
import { formatCents } from '~/shared/billing-texts';
import type { Currency } from '~/shared/currencies';
import { formatHourlyRate } from '~/shared/jobs';

// Terms as an offer or an assignment carries them: hourly (a rate and weekly hours), or a fixed price
// (those null; an offer's total and milestones, docs/decisions/035).
type Terms = Pick<OfferTermsView, 'rate' | 'weekly_hours' | 'start_date'> &
  Partial<Pick<OfferTermsView, 'total_cents' | 'milestones'>>;

const milestoneCount = (count: number) => `${count} ${count === 1 ? 'milestone' : 'milestones'}`;

// An offer's (or an assignment's) terms in one line, in the company's currency: "$65.50/hr · 30 hrs/week ·
// Starts Mar 2, 2031", or "Fixed price €5,000.00 · 3 milestones · Starts Mar 2, 2031".
export function formatTerms(terms: Terms, currency: Currency): string {
  const starts = `Starts ${formatIsoDay(terms.start_date)}`;
  if (terms.rate !== null && terms.weekly_hours !== null) {
    return `${formatHourlyRate(terms.rate, currency)} · ${terms.weekly_hours} hrs/week · ${starts}`;
  }
  const price = terms.total_cents == null ? 'Fixed price' : `Fixed price ${formatCents(terms.total_cents, currency)}`;
  const milestones = terms.milestones?.length ? [milestoneCount(terms.milestones.length)] : [];
  return [price, ...milestones, starts].join(' · ');
}
