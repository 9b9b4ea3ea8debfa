import { type Currency, isCurrency } from '~/shared/currencies';
import { convertMinor, type ExchangeRate } from '~/shared/exchange-rate';
import { type RateBook, rateAgeInDays, rateBetween } from '../kernels/money/rate-book';

// What a talent's available balances become in their payout currency (decision 051): one part per
// currency they hold, converted at the book's rate with the FX margin, the rate recorded with it.
export interface PayoutPart {
  sourceCurrency: Currency;
  sourceCents: number;
  amountCents: number;
  marginCents: number;
  marginBasisPoints: number;
  rate: ExchangeRate | null;
}

export type PayoutPlan =
  | { ok: true; parts: PayoutPart[]; amountCents: number }
  // A currency the book has no rate for, to the payout's: the line is an exception until one is entered.
  | { ok: false; missing: { from: Currency; to: Currency } };

export function planPayoutParts({
  balances,
  payoutCurrency,
  book,
  marginBasisPoints,
}: {
  balances: readonly { currency: string; cents: number }[];
  payoutCurrency: Currency;
  book: RateBook;
  marginBasisPoints: number;
}): PayoutPlan {
  const parts: PayoutPart[] = [];
  for (const { currency, cents } of balances) {
    if (!isCurrency(currency)) throw new RangeError(`The ledger holds an unknown currency, ${currency}.`);
    if (currency === payoutCurrency) {
      parts.push({
        sourceCurrency: currency,
        sourceCents: cents,
        amountCents: cents,
        marginCents: 0,
        marginBasisPoints: 0,
        rate: null,
      });
      continue;
    }
    const rate = rateBetween(book, currency, payoutCurrency);
    if (!rate) return { ok: false, missing: { from: currency, to: payoutCurrency } };
    const converted = convertMinor({ amount: cents, from: currency, to: payoutCurrency, rate, marginBasisPoints });
    parts.push({
      sourceCurrency: currency,
      sourceCents: cents,
      amountCents: converted.amount,
      marginCents: converted.marginMinor,
      marginBasisPoints,
      rate,
    });
  }
  return { ok: true, parts, amountCents: parts.reduce((total, part) => total + part.amountCents, 0) };
}

// Balances worth at least `minimumUsdCents` at the book's rates without margin. A currency the book cannot
// value counts as reaching it, so the line shows up as an exception an administrator can resolve.
export function reachesMinimum(
  balances: readonly { currency: string; cents: number }[],
  minimumUsdCents: number,
  book: RateBook,
): boolean {
  let usd = 0;
  for (const { currency, cents } of balances) {
    if (!isCurrency(currency)) return true;
    if (currency === 'USD') {
      usd += cents;
      continue;
    }
    const rate = rateBetween(book, currency, 'USD');
    if (!rate) return true;
    usd += convertMinor({ amount: cents, from: currency, to: 'USD', rate }).amount;
  }
  return usd >= minimumUsdCents;
}

// The oldest rate among the parts, when older than the maximum age: what blocks an approval.
export function staleRateOf(parts: readonly PayoutPart[], maxAgeDays: number, today: Date): ExchangeRate | null {
  let stalest: ExchangeRate | null = null;
  for (const part of parts) {
    if (part.rate && rateAgeInDays(part.rate, today) > maxAgeDays && (!stalest || part.rate.date < stalest.date)) {
      stalest = part.rate;
    }
  }
  return stalest;
}

// Rows ordered by talent, as one array per talent.
export function* groupByTalent<Row extends { applicant_id: string }>(rows: readonly Row[]): Generator<Row[]> {
  let group: Row[] = [];
  for (const row of rows) {
    if (group.length > 0 && group[0]?.applicant_id !== row.applicant_id) {
      yield group;
      group = [];
    }
    group.push(row);
  }
  if (group.length > 0) yield group;
}
