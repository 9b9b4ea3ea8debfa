import { sql } from 'drizzle-orm';
import { payoutTexts, type TalentBalanceRow } from '~/shared/payouts';
import type { Database } from '../db/client';
import { selectUncheckedRows } from '../db/select-rows';
import { AppError } from '../platform/errors';
import { type BalanceRow, balanceOf, balancesSql } from './payout-view-rows';

// One talent's balance as the administrators' list shows it (zero for an applicant the ledger has not met).
export async function findTalentBalance({
  db,
  applicantId,
}: {
  db: Database;
  applicantId: string;
}): Promise<TalentBalanceRow> {
  const [row] = await selectUncheckedRows<BalanceRow>(
    db,
    sql`select * from (${balancesSql}) as b where b.applicant_id = ${applicantId}`,
  );
  if (row) return balanceOf(row);
  const [person] = await selectUncheckedRows<{ name: string; email: string }>(
    db,
    sql`select name, email from users where id = ${applicantId} and role = 'applicant'`,
  );
  if (!person) throw new AppError('not_found', payoutTexts.talentNotFound);
  return balanceOf({
    applicant_id: applicantId,
    ...person,
    pending: '0',
    available: '0',
    in_transit: '0',
    paid_out: '0',
    hold_id: null,
    hold_reason: null,
    placed_at: null,
    placed_by_name: null,
  });
}
