import { sql } from 'drizzle-orm';
import { payoutTexts, type RunLine } from '~/shared/payouts';
import type { Database } from '../db/client';
import { selectRows } from '../db/select-rows';
import { AppError } from '../platform/errors';
import { findPayoutParts } from './find-payout-parts';
import { lineRow, lineSelect } from './payout-view-rows';

// One payout of a run, with its parts.
export async function findRunLine({ db, payoutId }: { db: Database; payoutId: string }): Promise<RunLine> {
  const [row] = await selectRows(db, lineRow, sql`${lineSelect} where p.id = ${payoutId}`);
  if (!row) throw new AppError('not_found', payoutTexts.payoutNotFound);
  const parts = await findPayoutParts({ db, payoutIds: [row.id] });
  return { ...row, parts: parts.get(row.id) ?? [] };
}
