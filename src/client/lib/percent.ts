// A percentage typed in a box and basis points on the wire (825 = 8.25%), converted from the string itself,
// as dollars are (dollars.ts), so "8.29" is 829 and never 828.9999.

// 825 → '8.25', 1000 → '10.00': what a percentage box shows for a rate in basis points.
export function basisPointsToPercent(basisPoints: number): string {
  return `${Math.trunc(basisPoints / 100)}.${String(basisPoints % 100).padStart(2, '0')}`;
}

// A percentage as typed → basis points: digits, at most two decimals, an optional "%" after them
// ("8.25", "8.5 %", ".5", "10"). Anything else is NaN, which the form refuses with its own sentence.
export function percentToBasisPoints(typed: string): number {
  const text = typed.trim().replace(/\s*%$/, '');
  const match = /^(\d+)?(?:\.(\d{0,2}))?$/.exec(text);
  if (!match || text === '' || text === '.') return Number.NaN;
  const whole = (match[1] ?? '0').replace(/^0+(?=\d)/, '');
  const hundredths = (match[2] ?? '').padEnd(2, '0');
  // Past any rate the form allows: NaN rather than a number too large to be exact.
  if (whole.length > 6) return Number.NaN;
  return Number(whole) * 100 + Number(hundredths);
}
