import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  decimalOfCents,
  type MonthEndReport,
  monthBounds,
  monthEndFigureKeys,
  monthEndFigures,
} from '~/shared/accounting';
import { type LedgerAccount, ledgerAccounts } from '~/shared/payouts';
import type { Database } from '../db/client';
import { integerColumn } from '../db/row-columns';
import { selectRows } from '../db/select-rows';
import { buildCsv } from '../platform/build-csv';
import { periodMoments } from './ledger-journals';

const accountMonthRow = z.object({ account: z.enum(ledgerAccounts), month: integerColumn, balance: integerColumn });

// A month's report, every figure read from the ledger as monthEndFigures (shared/accounting.ts) defines it: the
// net of its accounts' lines in the month, or their balance at its end, signed so that what is owed reads positive.
export async function monthEndReport({ db, month }: { db: Database; month: string }): Promise<MonthEndReport> {
  const period = monthBounds(month);
  const { start, end } = periodMoments(period);
  const rows = await selectRows(
    db,
    accountMonthRow,
    sql`select e.account,
               coalesce(sum(e.amount_cents) filter (where l.occurred_at >= ${start}::timestamptz), 0)::bigint as month,
               sum(e.amount_cents)::bigint as balance
        from ledger_entries e join ledger_transactions l on l.id = e.transaction_id
        where l.occurred_at < ${end}::timestamptz
        group by e.account`,
  );
  const byAccount = new Map(rows.map((row) => [row.account, row] as const));
  const sumOf = (accounts: readonly LedgerAccount[], measure: 'month' | 'balance') =>
    accounts.reduce((sum, account) => sum + (byAccount.get(account)?.[measure] ?? 0), 0);
  return {
    month,
    ...period,
    figures: monthEndFigureKeys.map((key) => {
      const { label, accounts, measure, sign } = monthEndFigures[key];
      // 0 rather than -0 when a credit figure has nothing in it.
      const cents = sign * sumOf(accounts, measure) || 0;
      return { key, label, accounts: [...accounts], measure, cents };
    }),
  };
}

export function monthEndCsv(report: MonthEndReport): { fileName: string; csv: string } {
  const csv = buildCsv([
    ['Figure', 'Measure', 'Ledger Accounts', 'Amount', 'Currency'],
    ...report.figures.map((figure) => [
      figure.label,
      figure.measure === 'month' ? `${report.from} to ${report.to}` : `Balance at the end of ${report.to}`,
      figure.accounts.join(' + '),
      decimalOfCents(figure.cents),
      'USD',
    ]),
  ]);
  return { fileName: `tandem-month-end-${report.month}.csv`, csv };
}
