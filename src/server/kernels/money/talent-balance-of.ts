import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Currency, currencies } from '~/shared/currencies';
import type { Database } from '../../db/client';
import { integerColumn } from '../../db/row-columns';
import { selectRows } from '../../db/select-rows';

export interface TalentBalance {
  currency: Currency;
  pendingCents: number;
  availableCents: number;
  inTransitCents: number;
  paidOutCents: number;
}

const balanceRow = z.object({
  currency: z.enum(currencies),
  pending: integerColumn,
  available: integerColumn,
  in_transit: integerColumn,
  paid_out: integerColumn,
});

// What the ledger owes one talent, by stage and currency (minus each account's sum: they are liabilities),
// one row per currency they have a line in, in code order. A currency is never added to another.
export async function talentBalanceOf(db: Database, applicantId: string): Promise<TalentBalance[]> {
  const rows = await selectRows(
    db,
    balanceRow,
    sql`select currency,
               coalesce(-sum(amount_cents) filter (where account = 'talent_pending'), 0)::bigint as pending,
               coalesce(-sum(amount_cents) filter (where account = 'talent_available'), 0)::bigint as available,
               coalesce(-sum(amount_cents) filter (where account = 'payouts_in_transit'), 0)::bigint as in_transit,
               coalesce(-sum(amount_cents) filter (where account = 'paid_out'), 0)::bigint as paid_out
        from ledger_entries
        where applicant_id = ${applicantId}
          and account in ('talent_pending', 'talent_available', 'payouts_in_transit', 'paid_out')
        group by currency
        order by currency`,
  );
  return rows.map((row) => ({
    currency: row.currency,
    pendingCents: row.pending,
    availableCents: row.available,
    inTransitCents: row.in_transit,
    paidOutCents: row.paid_out,
  }));
}
