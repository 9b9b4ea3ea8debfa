import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { payoutTexts, type TalentBalanceRow } from '~/shared/payouts';
import type { Database } from '../db/client';
import { selectRows } from '../db/select-rows';
import { AppError } from '../platform/errors';
import { balanceOf, balanceRow, balancesSql } from './payout-view-rows';

// One talent's balance as the administrators' list shows it (zero for an applicant the ledger has not met).
export async function findTalentBalance({
  db,
  applicantId,
}: {
  db: Database;
  applicantId: string;
}): Promise<TalentBalanceRow> {
  const [row] = await selectRows(
    db,
    balanceRow,
    sql`select * from (${balancesSql}) as b where b.applicant_id = ${applicantId}`,
  );
  if (row) return balanceOf(row);
  const [person] = await selectRows(
    db,
    z.object({ name: z.string(), email: z.string() }),
    sql`select name, email from users where id = ${applicantId} and role = 'applicant'`,
  );
  if (!person) throw new AppError('not_found', payoutTexts.talentNotFound);
  return balanceOf({
    applicant_id: applicantId,
    ...person,
    balances: null,
    hold_id: null,
    hold_reason: null,
    placed_at: null,
    placed_by_name: null,
  });
}
