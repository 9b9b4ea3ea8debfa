import { sql } from 'drizzle-orm';
import { type PayoutRun, payoutTexts } from '~/shared/payouts';
import type { Database } from '../db/client';
import { selectRows } from '../db/select-rows';
import { AppError } from '../platform/errors';
import { runOf, runRow, runSelect } from './payout-view-rows';

// One payout run with its counts and total; 404 when there is none.
export async function findPayoutRun({ db, runId }: { db: Database; runId: string }): Promise<PayoutRun> {
  const [row] = await selectRows(db, runRow, sql`${runSelect} where r.id = ${runId}`);
  if (!row) throw new AppError('not_found', payoutTexts.runNotFound);
  return runOf(row);
}
