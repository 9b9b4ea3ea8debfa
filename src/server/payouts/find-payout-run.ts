import { sql } from 'drizzle-orm';
import { type PayoutRun, payoutTexts } from '~/shared/payouts';
import type { Database } from '../db/client';
import { selectRows } from '../db/select-rows';
import { AppError } from '../platform/errors';
import { findRunRates } from './find-run-rates';
import { runOf, runRow, runSelect } from './payout-view-rows';

// One payout run with its counts, totals per currency and rates; 404 when there is none.
export async function findPayoutRun({ db, runId }: { db: Database; runId: string }): Promise<PayoutRun> {
  const [row] = await selectRows(db, runRow, sql`${runSelect} where r.id = ${runId}`);
  if (!row) throw new AppError('not_found', payoutTexts.runNotFound);
  const rates = await findRunRates({ db, runs: [row] });
  return runOf(row, rates.get(row.id) ?? []);
}
