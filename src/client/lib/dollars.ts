import { type Currency, minorUnitsOf } from '~/shared/currencies';
import { minorToDecimal, parseMoney } from '~/shared/money-format';

// An amount typed in a box and integer minor units on the wire (docs/decisions/013), in the currency of the
// company whose amount it is (issue 55; dollars and cents by default, as the names still say). Read by
// parseMoney, string arithmetic with the currency's own decimals, so no float rounding creeps in. Shared by
// the forms that take an amount (a fixed-price offer, a proposed change of milestones, a dispute's settlement).

// 500000 → '5000.00': what an amount box shows for an amount in minor units.
export function centsToDollars(cents: number, currency: Currency = 'USD'): string {
  return minorToDecimal(cents, minorUnitsOf(currency));
}

// The minor units of what is typed, 0 while it is not an amount: a running sum under a list of amounts.
export function typedCents(typed: string, currency: Currency = 'USD'): number {
  const cents = dollarsToCents(typed, currency);
  return Number.isSafeInteger(cents) ? cents : 0;
}

// An amount as typed → whole minor units ("19.99" is 1999, never 1998.9999): digits, the currency's symbol or
// code, thousands commas, and at most the currency's decimals. Anything else is NaN, which the form refuses
// with its own sentence.
export function dollarsToCents(typed: string, currency: Currency = 'USD'): number {
  const parsed = parseMoney(typed, currency);
  return parsed.ok ? parsed.minor : Number.NaN;
}
