import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Currency, isCurrency } from '~/shared/currencies';
import { crossRate, type ExchangeRate, invertRate, rateSources } from '~/shared/exchange-rate';
import type { Database } from '../../db/client';
import { selectRows } from '../../db/select-rows';

// The latest stored rate of every pair (decision 050: its newest day; on one day the source written last),
// read once for a run or a page, so picking rates for ten thousand payouts is arithmetic, not queries.
export type RateBook = ReadonlyMap<string, ExchangeRate>;

const pairKey = (base: string, quote: string) => `${base}>${quote}`;

export async function loadRateBook(db: Database): Promise<RateBook> {
  return readRateBook(db, sql`true`);
}

// The book as it stood for a day: each pair's latest rate dated on or before it, so a report of a past month
// converts at the rates recorded for that month, not at today's. A rate entered later for a day up to then
// counts: it is what Tandem recorded for that day.
export async function loadRateBookAsOf(db: Database, day: string): Promise<RateBook> {
  return readRateBook(db, sql`rate_date <= ${day}::date`);
}

async function readRateBook(db: Database, where: SQL): Promise<RateBook> {
  const rows = await selectRows(
    db,
    z.object({
      base: z.string(),
      quote: z.string(),
      rate: z.string(),
      rate_date: z.string(),
      source: z.enum(rateSources),
    }),
    sql`select distinct on (base, quote) base, quote, trim_scale(rate)::text as rate, rate_date::text as rate_date,
               source::text as source
        from fx_rates
        where ${where}
        order by base, quote, rate_date desc, updated_at desc, created_at desc`,
  );
  const book = new Map<string, ExchangeRate>();
  for (const row of rows) {
    if (!isCurrency(row.base) || !isCurrency(row.quote)) continue;
    book.set(pairKey(row.base, row.quote), {
      base: row.base,
      quote: row.quote,
      rate: row.rate,
      date: row.rate_date,
      source: row.source,
    });
  }
  return book;
}

// The rate from → to the book gives: a stored rate of the pair, else the inverse of the pair's other way,
// else the cross rate through the euro (the ECB quotes everything against it). Null when none of them is
// stored, or when the derived rate falls outside what a rate may be (decision 049's bounds): a run then names
// the rate it lacks instead of failing. Same currency is no conversion and has no rate.
export function rateBetween(book: RateBook, from: Currency, to: Currency): ExchangeRate | null {
  try {
    return derivedRate(book, from, to);
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
}

function derivedRate(book: RateBook, from: Currency, to: Currency): ExchangeRate | null {
  if (from === to) return null;
  const direct = book.get(pairKey(from, to));
  if (direct) return direct;
  const reverse = book.get(pairKey(to, from));
  if (reverse) return invertRate(reverse);
  const euroTo = (currency: Currency): ExchangeRate | null => {
    const stored = book.get(pairKey('EUR', currency));
    if (stored) return stored;
    const back = book.get(pairKey(currency, 'EUR'));
    return back ? invertRate(back) : null;
  };
  const [eurFrom, eurTo] = [from === 'EUR' ? null : euroTo(from), to === 'EUR' ? null : euroTo(to)];
  if (from === 'EUR') return eurTo;
  if (to === 'EUR') return eurFrom && invertRate(eurFrom);
  return eurFrom && eurTo ? crossRate(eurFrom, eurTo) : null;
}

// Whole days from the day a rate was published for to `today` (UTC).
export function rateAgeInDays(rate: ExchangeRate, today: Date): number {
  return Math.floor((Date.parse(today.toISOString().slice(0, 10)) - Date.parse(rate.date)) / 86_400_000);
}
