import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type LedgerAccount, ledgerAccounts } from '~/shared/payouts';
import type { Database } from '../../db/client';
import { integerColumn } from '../../db/row-columns';
import { selectRows } from '../../db/select-rows';

// An account's sum of lines.
export const accountSumRow = z.object({ account: z.enum(ledgerAccounts), cents: integerColumn });

// Each account's balance as the sum of its lines (debit positive), and the sum of all of them.
export async function accountSums(db: Database): Promise<{ sums: Map<LedgerAccount, number>; total: number }> {
  const rows = await selectRows(
    db,
    accountSumRow,
    sql`select account, sum(amount_cents)::bigint as cents from ledger_entries group by account`,
  );
  const sums = new Map(rows.map((row) => [row.account, Number(row.cents)] as const));
  return { sums, total: [...sums.values()].reduce((a, b) => a + b, 0) };
}
