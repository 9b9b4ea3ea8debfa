// The one rounding rule of work (issue 54, decision 047): the minutes one week worked under one set of
// terms (bill rate and pay rate), times the rate, rounded half up to the cent once. Talent pay at
// approval, the invoice's work lines, the previews of both, earnings, the ledger and statements all take
// their amounts from here, so a talent paid at the bill rate earns exactly what the company is billed,
// and no rounding can make a margin negative (both round the same minutes, and rounding is monotone).

// Minutes at an hourly rate in cents, rounded half up to the cent. Integers only: no floating-point
// division on the way.
export function workAmountCents(minutes: number, rateCents: number): number {
  if (!Number.isSafeInteger(minutes) || minutes < 0)
    throw new RangeError('Minutes must be a whole number, zero or more.');
  if (!Number.isSafeInteger(rateCents) || rateCents < 0)
    throw new RangeError('A rate must be whole cents, zero or more.');
  const centMinutes = minutes * rateCents;
  if (!Number.isSafeInteger(centMinutes)) throw new RangeError('The amount is too large to count in cents exactly.');
  // Half up: add half an hour's worth (30) before the whole-hour division, then drop the remainder.
  const shifted = centMinutes + 30;
  return (shifted - (shifted % 60)) / 60;
}

// One day of a week's work, at the terms in effect that day.
export interface WorkedDay {
  workDate: string;
  minutes: number;
  rateCents: number;
  payRateCents: number;
}

// A week's minutes under one set of terms: what the company is billed and what the talent is paid for
// them, each rounded once, and the days they were worked.
export interface WorkAtTerms {
  rateCents: number;
  payRateCents: number;
  minutes: number;
  firstDate: string;
  lastDate: string;
  amountCents: number;
  payCents: number;
}

// The days of ONE week grouped by their terms, in the order first worked. Days of no minutes add
// nothing (and no dates). Two terms with the same rates are one group: the rule rounds per rates.
export function workAtTerms(days: readonly WorkedDay[]): WorkAtTerms[] {
  const groups = new Map<string, Omit<WorkAtTerms, 'amountCents' | 'payCents'>>();
  const inOrder = [...days].sort((a, b) => a.workDate.localeCompare(b.workDate));
  for (const day of inOrder) {
    if (!Number.isSafeInteger(day.minutes) || day.minutes < 0) {
      throw new RangeError('Minutes must be a whole number, zero or more.');
    }
    if (day.minutes === 0) continue;
    const key = `${day.rateCents}/${day.payRateCents}`;
    const seen = groups.get(key);
    groups.set(
      key,
      seen
        ? { ...seen, minutes: seen.minutes + day.minutes, lastDate: day.workDate }
        : {
            rateCents: day.rateCents,
            payRateCents: day.payRateCents,
            minutes: day.minutes,
            firstDate: day.workDate,
            lastDate: day.workDate,
          },
    );
  }
  return [...groups.values()].map((group) => ({
    ...group,
    amountCents: workAmountCents(group.minutes, group.rateCents),
    payCents: workAmountCents(group.minutes, group.payRateCents),
  }));
}

// What the talent is owed for one week: the pay of each group of its days.
export const weekPayCents = (days: readonly WorkedDay[]) =>
  workAtTerms(days).reduce((total, group) => total + group.payCents, 0);
