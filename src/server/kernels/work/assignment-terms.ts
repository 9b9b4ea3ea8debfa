import { type WorkedDay, weekPayCents } from '../money/work-amount';

// An assignment's terms from the day they take effect (assignment_terms rows, oldest first).
export interface TermsRow {
  rateCents: number;
  payRateCents: number;
  weeklyHours: number;
  effectiveDate: string;
}

// The history of an assignment's terms, oldest first. An assignment made before terms were recorded
// (or written straight to the table) has no rows: its own rate, from its start, is then the history.
// A fixed-price assignment has none.
export function termsHistoryOf(
  assignment: { rateCents: number | null; weeklyHours: number | null; startDate: string },
  rows: readonly TermsRow[],
): TermsRow[] {
  if (rows.length > 0) return [...rows].sort((a, b) => a.effectiveDate.localeCompare(b.effectiveDate));
  if (assignment.rateCents === null || assignment.weeklyHours === null) return [];
  return [
    {
      rateCents: assignment.rateCents,
      payRateCents: assignment.rateCents,
      weeklyHours: assignment.weeklyHours,
      effectiveDate: assignment.startDate,
    },
  ];
}

// The terms in effect on a day: the latest that took effect on or before it. Before the first row (a
// day the assignment does not cover) the first row's terms stand.
export function termsOnDay<Terms extends TermsRow>(history: readonly Terms[], day: string): Terms {
  const [first] = history;
  if (!first) throw new Error('An assignment always has terms.');
  let inEffect = first;
  for (const terms of history) if (terms.effectiveDate <= day) inEffect = terms;
  return inEffect;
}

// Each day of a week at the terms in effect that day (a rate change mid-week applies from its day).
export function daysAtTerms(
  entries: readonly { workDate: string; minutes: number }[],
  history: readonly TermsRow[],
): WorkedDay[] {
  return entries.map((entry) => {
    const terms = termsOnDay(history, entry.workDate);
    return { ...entry, rateCents: terms.rateCents, payRateCents: terms.payRateCents };
  });
}

// What the talent is owed for a week, by the one rounding rule (kernels/money/work-amount.ts): the week's
// minutes under each set of terms at its pay rate, rounded once.
export function talentPayCents(
  entries: readonly { workDate: string; minutes: number }[],
  history: readonly TermsRow[],
): number {
  return weekPayCents(daysAtTerms(entries, history));
}

// An hourly assignment's own rate and weekly hours. A fixed-price assignment has none (decision 035):
// reaching here with one is a bug in the caller, which should have kept to hourly work.
export function hourlyTermsOf(assignment: { rateCents: number | null; weeklyHours: number | null }): {
  rateCents: number;
  weeklyHours: number;
} {
  if (assignment.rateCents === null || assignment.weeklyHours === null) {
    throw new Error('A fixed-price assignment has no hourly rate or weekly hours.');
  }
  return { rateCents: assignment.rateCents, weeklyHours: assignment.weeklyHours };
}
