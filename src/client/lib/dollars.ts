// Dollars typed in a box and integer cents on the wire (docs/decisions/013), converted from the string
// itself so no float rounding creeps in. Shared by the forms that take an amount (a fixed-price offer, a
// dispute's settlement).

// 500000 → '5000.00': what an amount box shows for an amount in cents.
export function centsToDollars(cents: number): string {
  const whole = Math.trunc(cents / 100);
  return `${whole}.${String(Math.abs(cents % 100)).padStart(2, '0')}`;
}

// The cents of what is typed, 0 while it is not an amount: a running sum under a list of amounts.
export function typedCents(typed: string): number {
  const cents = dollarsToCents(typed);
  return Number.isSafeInteger(cents) ? cents : 0;
}

// Dollars as typed → whole cents ("19.99" is 1999, never 1998.9999): digits, an optional "$", thousands
// commas, and at most two decimals. Anything else is NaN, which the form refuses with its own sentence.
export function dollarsToCents(typed: string): number {
  const text = typed.trim().replace(/^\$/, '');
  const match = /^(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d{0,2}))?$/.exec(text);
  if (!match || text === '' || text === '.') return Number.NaN;
  const dollars = (match[1] ?? '0').replaceAll(',', '');
  const cents = (match[2] ?? '').padEnd(2, '0');
  return Number(dollars) * 100 + Number(cents);
}
