import { sql } from 'drizzle-orm';
import type { LedgerAccount } from '~/shared/payouts';
import type { Database } from '../../db/client';
import { selectRows } from '../../db/select-rows';

import { accountSumRow } from './account-sums';

export interface TalentBalance {
  pendingCents: number;
  availableCents: number;
  inTransitCents: number;
  paidOutCents: number;
}

// What the ledger owes one talent, by stage: minus each account's sum (they are liabilities).
export async function talentBalanceOf(db: Database, applicantId: string): Promise<TalentBalance> {
  const rows = await selectRows(
    db,
    accountSumRow,
    sql`select account, (-sum(amount_cents))::bigint as cents from ledger_entries
        where applicant_id = ${applicantId}
          and account in ('talent_pending', 'talent_available', 'payouts_in_transit', 'paid_out')
        group by account`,
  );
  const of = (account: LedgerAccount) => Number(rows.find((row) => row.account === account)?.cents ?? 0);
  return {
    pendingCents: of('talent_pending'),
    availableCents: of('talent_available'),
    inTransitCents: of('payouts_in_transit'),
    paidOutCents: of('paid_out'),
  };
}
