import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Currency, currencies } from '~/shared/currencies';
import { type LedgerSummary, ledgerAccounts } from '~/shared/payouts';
import type { Database } from '../db/client';
import { integerColumn } from '../db/row-columns';
import { selectRows } from '../db/select-rows';

const sumRow = z.object({ currency: z.enum(currencies), account: z.enum(ledgerAccounts), cents: integerColumn });

// Each account's balance a currency at a time, and what each currency's lines add up to (zero when it
// balances): a euro and a dollar are never added together (decision 051).
export async function ledgerSummary({ db }: { db: Database }): Promise<LedgerSummary> {
  const rows = await selectRows(
    db,
    sumRow,
    sql`select currency, account, sum(amount_cents)::bigint as cents from ledger_entries
        group by currency, account order by currency`,
  );
  const byCurrency = new Map<Currency, Map<string, number>>();
  for (const row of rows) {
    const sums = byCurrency.get(row.currency) ?? new Map<string, number>();
    sums.set(row.account, row.cents);
    byCurrency.set(row.currency, sums);
  }
  return {
    currencies: [...byCurrency].map(([currency, sums]) => ({
      currency,
      accounts: ledgerAccounts.map((account) => ({ account, balance_cents: sums.get(account) ?? 0 })),
      imbalance_cents: [...sums.values()].reduce((total, cents) => total + cents, 0),
    })),
  };
}
