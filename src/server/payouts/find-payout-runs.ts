import { sql } from 'drizzle-orm';
import type { PayoutRunList } from '~/shared/payouts';
import type { Database } from '../db/client';
import { totalRow } from '../db/row-columns';
import { selectRows } from '../db/select-rows';
import { findRunRates } from './find-run-rates';
import { runOf, runRow, runSelect } from './payout-view-rows';

// The payout runs, the latest first, a page at a time.
export async function findPayoutRuns({
  db,
  page,
  pageSize,
}: {
  db: Database;
  page: number;
  pageSize: number;
}): Promise<PayoutRunList> {
  const [rows, [counted]] = await Promise.all([
    selectRows(
      db,
      runRow,
      sql`${runSelect} order by r.scheduled_for desc limit ${pageSize} offset ${(page - 1) * pageSize}`,
    ),
    selectRows(db, totalRow, sql`select count(*)::int as total from payout_runs`),
  ]);
  const rates = await findRunRates({ db, runs: rows });
  return {
    items: rows.map((row) => runOf(row, rates.get(row.id) ?? [])),
    total: counted?.total ?? 0,
    page,
    page_size: pageSize,
  };
}
