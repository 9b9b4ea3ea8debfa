// The money of work: minutes at an hourly rate in cents, rounded half up to the cent. Integers only, so
// the invoice run, talent pay and the tests agree to the cent (no floating-point division on the way).
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

// The same, day by day at each day's rate (talent pay: a rate change mid-week applies from its day).
export function sumWorkAmountCents(days: readonly { minutes: number; rateCents: number }[]): number {
  return days.reduce((total, day) => total + workAmountCents(day.minutes, day.rateCents), 0);
}
