import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type FxRate, type FxRateRow, type FxRatesQuery, type FxRatesResponse, fxRateSources } from '~/shared/fx-rates';
import type { Database } from '../db/client';
import { momentColumn, totalRow } from '../db/row-columns';
import { selectRows } from '../db/select-rows';
import { AppError } from '../platform/errors';
import { getFxSettings } from '../platform/get-fx-settings';
import { ageInDays, divideRates, multiplyRates, trimRate } from './fx-rate-view';

const rateRow = z.object({
  id: z.string(),
  base: z.string(),
  quote: z.string(),
  rate: z.string(),
  rate_date: z.string(),
  source: z.enum(fxRateSources),
  imported_by_id: z.string().nullable(),
  imported_by_name: z.string().nullable(),
  created_at: momentColumn,
});
type RateRow = z.infer<typeof rateRow>;

const asRate = (row: RateRow): FxRate => ({
  base: row.base,
  quote: row.quote,
  rate: trimRate(row.rate),
  rate_date: row.rate_date,
  source: row.source,
  imported_by:
    row.imported_by_id && row.imported_by_name ? { id: row.imported_by_id, name: row.imported_by_name } : null,
  created_at: row.created_at.toISOString(),
});

// The latest rate of each pair: its newest day, and on a day with several sources the one stored last (an
// administrator's correction after the ECB's fetch wins).
const latestRates = sql`
  select distinct on (r.base, r.quote)
    r.id, r.base, r.quote, r.rate::text as rate, r.rate_date::text as rate_date, r.source::text as source,
    r.imported_by as imported_by_id, u.name as imported_by_name, r.created_at
  from fx_rates r
  left join users u on u.id = r.imported_by
  order by r.base, r.quote, r.rate_date desc, r.updated_at desc, r.created_at desc`;

// One stored rate, as the API answers it.
export async function findFxRate({ db, id }: { db: Database; id: string }): Promise<FxRate> {
  const [row] = await selectRows(
    db,
    rateRow,
    sql`select r.id, r.base, r.quote, r.rate::text as rate, r.rate_date::text as rate_date, r.source::text as source,
          r.imported_by as imported_by_id, u.name as imported_by_name, r.created_at
        from fx_rates r left join users u on u.id = r.imported_by where r.id = ${id}`,
  );
  if (!row) throw new AppError('not_found', 'This exchange rate does not exist.');
  return asRate(row);
}

// The latest rate of every pair, a page at a time (by quote currency, then base), each with its quote
// currency against the euro and the dollar where the stored rates say so, and its age against the maximum
// age in force.
export async function findFxRates({
  db,
  query,
  today = new Date(),
}: {
  db: Database;
  query: FxRatesQuery;
  today?: Date;
}): Promise<FxRatesResponse> {
  const { page, page_size: pageSize } = query;
  const [rows, [count], [euroDollar], [newest], settings] = await Promise.all([
    selectRows(
      db,
      rateRow,
      sql`select * from (${latestRates}) latest order by quote, base limit ${pageSize} offset ${(page - 1) * pageSize}`,
    ),
    selectRows(db, totalRow, sql`select count(*) as total from (${latestRates}) latest`),
    selectRows(
      db,
      z.object({ rate: z.string() }),
      sql`select rate::text as rate from fx_rates where base = 'EUR' and quote = 'USD'
          order by rate_date desc, updated_at desc, created_at desc limit 1`,
    ),
    selectRows(db, z.object({ day: z.string().nullable() }), sql`select max(rate_date)::text as day from fx_rates`),
    getFxSettings({ db }),
  ]);
  const items = rows.map((row): FxRateRow => {
    const rate = trimRate(row.rate);
    const ageDays = ageInDays(row.rate_date, today);
    return {
      ...asRate(row),
      ...crossRatesOf({ base: row.base, quote: row.quote, rate, euroDollar: euroDollar?.rate }),
      age_days: ageDays,
      is_stale: ageDays > settings.max_rate_age_days,
    };
  });
  return {
    items,
    total: count?.total ?? 0,
    page,
    page_size: pageSize,
    max_rate_age_days: settings.max_rate_age_days,
    latest_date: newest?.day ?? null,
  };
}

// The quote currency per euro and per dollar, from a rate whose base is one of them and the latest
// EUR→USD rate; null where the rates stored do not say.
function crossRatesOf({
  base,
  quote,
  rate,
  euroDollar,
}: {
  base: string;
  quote: string;
  rate: string;
  euroDollar: string | undefined;
}): { per_eur: string | null; per_usd: string | null } {
  if (base === 'EUR') {
    return { per_eur: rate, per_usd: quote === 'USD' ? '1' : euroDollar ? divideRates(rate, euroDollar) : null };
  }
  if (base === 'USD') {
    return { per_usd: rate, per_eur: quote === 'EUR' ? '1' : euroDollar ? multiplyRates(rate, euroDollar) : null };
  }
  return { per_eur: null, per_usd: null };
}
