import { sql } from 'drizzle-orm';
import type { RunLineList, RunLineStatus } from '~/shared/payouts';
import type { Database } from '../db/client';
import { totalRow } from '../db/row-columns';
import { selectRows } from '../db/select-rows';
import { findPayoutParts } from './find-payout-parts';
import { findPayoutRun } from './find-payout-run';
import { lineRow, lineSelect } from './payout-view-rows';

// A run's payouts, by talent, perhaps of one status, each with its parts; 404 for a run that does not exist.
export async function findRunLines({
  db,
  runId,
  status,
  page,
  pageSize,
}: {
  db: Database;
  runId: string;
  status?: RunLineStatus;
  page: number;
  pageSize: number;
}): Promise<RunLineList> {
  await findPayoutRun({ db, runId });
  const where = sql`where p.run_id = ${runId} ${status ? sql`and p.status = ${status}` : sql``}`;
  const [rows, [counted]] = await Promise.all([
    selectRows(
      db,
      lineRow,
      sql`${lineSelect} ${where} order by u.name, p.id limit ${pageSize} offset ${(page - 1) * pageSize}`,
    ),
    selectRows(db, totalRow, sql`select count(*)::int as total from payouts p ${where}`),
  ]);
  const parts = await findPayoutParts({ db, payoutIds: rows.map((row) => row.id) });
  return {
    items: rows.map((row) => ({ ...row, parts: parts.get(row.id) ?? [] })),
    total: counted?.total ?? 0,
    page,
    page_size: pageSize,
  };
}
