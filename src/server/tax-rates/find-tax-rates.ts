import { asc, count, desc, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { TaxRateList } from '~/shared/tax-rates';
import type { Database } from '../db/client';
import { taxRates } from '../db/schema';
import { selectRows } from '../db/select-rows';
import { isoDay } from '../platform/work-calendar';
import { taxRateView } from './tax-rate-view';

// Every country's VAT or GST rates (decision 053), by country and newest day first, the one in effect today marked.
export async function findTaxRates({
  db,
  page,
  pageSize,
  now = new Date(),
}: {
  db: Database;
  page: number;
  pageSize: number;
  now?: Date;
}): Promise<TaxRateList> {
  const today = isoDay(now);
  const [rows, [total], current] = await Promise.all([
    db
      .select()
      .from(taxRates)
      .orderBy(asc(taxRates.country), desc(taxRates.effectiveFrom))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(taxRates),
    selectRows(
      db,
      z.object({ id: z.string() }),
      sql`select distinct on (country) id from tax_rates where effective_from <= ${today}
          order by country, effective_from desc`,
    ),
  ]);
  const currentIds = new Set(current.map((row) => row.id));
  return {
    items: rows.map((row) => taxRateView(row, currentIds, today)),
    total: total?.total ?? 0,
    page,
    page_size: pageSize,
  };
}
