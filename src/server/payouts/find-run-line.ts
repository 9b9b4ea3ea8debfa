import { sql } from 'drizzle-orm';
import { payoutTexts, type RunLine, runLineSchema } from '~/shared/payouts';
import type { Database } from '../db/client';
import { selectRows } from '../db/select-rows';
import { AppError } from '../platform/errors';
import { lineSelect } from './payout-view-rows';

// One payout of a run.
export async function findRunLine({ db, payoutId }: { db: Database; payoutId: string }): Promise<RunLine> {
  const [row] = await selectRows(db, runLineSchema, sql`${lineSelect} where p.id = ${payoutId}`);
  if (!row) throw new AppError('not_found', payoutTexts.payoutNotFound);
  return row;
}
