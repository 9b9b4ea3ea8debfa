import { sql } from 'drizzle-orm';
import type { PayoutRunList } from '~/shared/payouts';
import type { Database } from '../db/client';
import { selectUncheckedRows } from '../db/select-rows';
import { type RunRow, runOf, runSelect } from './payout-view-rows';

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
    selectUncheckedRows<RunRow>(
      db,
      sql`${runSelect} order by r.scheduled_for desc limit ${pageSize} offset ${(page - 1) * pageSize}`,
    ),
    selectUncheckedRows<{ total: number }>(db, sql`select count(*)::int as total from payout_runs`),
  ]);
  return { items: rows.map(runOf), total: counted?.total ?? 0, page, page_size: pageSize };
}
