import { z } from 'zod';
import { type Currency, isCurrency } from '~/shared/currencies';
import { convertMinor, type ExchangeRate } from '~/shared/exchange-rate';
import type { ReportingRate } from '~/shared/fx-rates';
import type { Database } from '../../db/client';
import { getFxSettings } from '../../platform/get-fx-settings';
import { loadRateBookAsOf, rateBetween } from './rate-book';

// The reports add every currency up in the reporting currency (an FX setting), each at its recorded rate:
// the latest rate dated on or before the report's last day (rate-book.ts: stored, inverse, or across the
// euro). A currency with no such rate is reported as such, never at a guessed one.

export interface ReportingRates {
  currency: Currency;
  // The day the rates are as of: the report's last day.
  asOf: string;
  // The rate `from` → the reporting currency; null for the reporting currency itself and where none is recorded.
  rateOf: (from: Currency) => ExchangeRate | null;
}

export async function loadReportingRates({ db, asOf }: { db: Database; asOf: string }): Promise<ReportingRates> {
  const [settings, book] = await Promise.all([getFxSettings({ db }), loadRateBookAsOf(db, asOf)]);
  const currency = settings.reporting_currency;
  const rates = new Map<Currency, ExchangeRate | null>();
  return {
    currency,
    asOf,
    rateOf: (from) => {
      if (!rates.has(from)) rates.set(from, rateBetween(book, from, currency));
      return rates.get(from) ?? null;
    },
  };
}

// An amount of `from` in the reporting currency: itself in the reporting currency, else at the recorded rate
// (convertMinor, no margin: a report converts, it charges nothing), null without one. A negative amount converts
// by its size and keeps its sign, so a credit converts as the debit it balances and a currency that balances
// still balances converted.
export function toReportingCurrency(rates: ReportingRates, amount: number, from: Currency): number | null {
  // Nothing is nothing in every currency: a zero needs no rate.
  if (from === rates.currency || amount === 0) return amount;
  const rate = rates.rateOf(from);
  if (!rate) return null;
  const converted = convertMinor({ amount: Math.abs(amount), from, to: rates.currency, rate }).amount;
  // Not -0: a credit too small to show converts to nothing, not to a negative zero.
  return amount < 0 && converted !== 0 ? -converted : converted;
}

// The rate a report shows beside a currency's converted figures.
export const reportingRateOf = (rates: ReportingRates, from: Currency): ReportingRate | null => {
  const rate = rates.rateOf(from);
  return rate && { base: rate.base, quote: rate.quote, rate: rate.rate, date: rate.date, source: rate.source };
};

// The sum of converted figures: null when any of them could not be converted.
export const sumConverted = (amounts: Array<number | null>): number | null =>
  amounts.reduce<number | null>((sum, amount) => (sum === null || amount === null ? null : sum + amount), 0);

// A currency column of a raw row (text in the database, checked there only as three capital letters).
export const currencyColumn = z.string().transform((code, context) => {
  if (isCurrency(code)) return code;
  context.addIssue({ code: 'custom', message: `The ledger holds an unknown currency, ${code}.` });
  return z.NEVER;
});

// Currencies in their code's order, for reports that list them.
export const byCurrencyCode = <Row extends { currency: Currency }>(a: Row, b: Row) =>
  a.currency.localeCompare(b.currency);
