import { sql } from 'drizzle-orm';
import { decimalOfCents, type TrialBalance } from '~/shared/accounting';
import { ledgerAccountLabels, ledgerAccounts } from '~/shared/payouts';
import type { Database } from '../db/client';
import { selectRows } from '../db/select-rows';
import { accountSumRow } from '../kernels/money/account-sums';
import { buildCsv } from '../platform/build-csv';
import { getAccountCodes } from '../platform/get-account-codes';
import { addDays } from '../platform/work-calendar';

// Each account's balance at the end of a day (UTC): the sum of every line that occurred up to then, shown on
// the side it stands (debits positive in the ledger). The ledger balances, so the two totals are equal; an
// account with nothing in it is listed at zero, so every run lists the same accounts.
export async function trialBalance({ db, asOf }: { db: Database; asOf: string }): Promise<TrialBalance> {
  const end = `${addDays(asOf, 1)}T00:00:00Z`;
  const [rows, codes] = await Promise.all([
    selectRows(
      db,
      accountSumRow,
      sql`select e.account, sum(e.amount_cents)::bigint as cents
          from ledger_entries e join ledger_transactions l on l.id = e.transaction_id
          where l.occurred_at < ${end}::timestamptz
          group by e.account`,
    ),
    getAccountCodes({ db }),
  ]);
  const sums = new Map(rows.map((row) => [row.account, row.cents] as const));
  const accounts = ledgerAccounts.map((account) => {
    const cents = sums.get(account) ?? 0;
    return {
      account,
      ...codes.accounts[account],
      debit_cents: Math.max(cents, 0),
      credit_cents: Math.max(-cents, 0),
    };
  });
  const total = (pick: (row: (typeof accounts)[number]) => number) => accounts.reduce((sum, row) => sum + pick(row), 0);
  return {
    as_of: asOf,
    accounts,
    total_debit_cents: total((row) => row.debit_cents),
    total_credit_cents: total((row) => row.credit_cents),
  };
}

export function trialBalanceCsv(balance: TrialBalance): { fileName: string; csv: string } {
  const csv = buildCsv([
    ['Account Code', 'Account Name', 'Ledger Account', 'Debit', 'Credit'],
    ...balance.accounts.map((row) => [
      row.code,
      row.name,
      ledgerAccountLabels[row.account],
      decimalOfCents(row.debit_cents),
      decimalOfCents(row.credit_cents),
    ]),
    ['', 'Total', '', decimalOfCents(balance.total_debit_cents), decimalOfCents(balance.total_credit_cents)],
  ]);
  return { fileName: `tandem-trial-balance-${balance.as_of}.csv`, csv };
}
