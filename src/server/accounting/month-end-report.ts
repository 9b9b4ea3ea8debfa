import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  decimalOfMinor,
  type MonthEndReport,
  monthBounds,
  monthEndFigureKeys,
  monthEndFigures,
} from '~/shared/accounting';
import type { Currency } from '~/shared/currencies';
import { reportingTexts } from '~/shared/fx-rates';
import { type LedgerAccount, ledgerAccounts } from '~/shared/payouts';
import type { Database } from '../db/client';
import { integerColumn } from '../db/row-columns';
import { selectRows } from '../db/select-rows';
import {
  currencyColumn,
  loadReportingRates,
  reportingRateOf,
  sumConverted,
  toReportingCurrency,
} from '../kernels/money/reporting-currency';
import { buildCsv } from '../platform/build-csv';
import { periodMoments } from './ledger-journals';
import { rateColumns } from './trial-balance';

const accountMonthRow = z.object({
  currency: currencyColumn,
  account: z.enum(ledgerAccounts),
  month: integerColumn,
  balance: integerColumn,
});
type AccountMonthRow = z.infer<typeof accountMonthRow>;

// A month's report, every figure read from the ledger as monthEndFigures (shared/accounting.ts) defines it, for
// each currency on its own: the net of its accounts' lines in the month, or their balance at its end, signed so
// that what is owed reads positive. Each figure is then converted to the reporting currency at the latest rate
// recorded on or before the month's last day, and the currencies' converted figures are added up.
export async function monthEndReport({ db, month }: { db: Database; month: string }): Promise<MonthEndReport> {
  const period = monthBounds(month);
  const { start, end } = periodMoments(period);
  const [rows, rates] = await Promise.all([
    selectRows(
      db,
      accountMonthRow,
      sql`select e.currency, e.account,
               coalesce(sum(e.amount_cents) filter (where l.occurred_at >= ${start}::timestamptz), 0)::bigint as month,
               sum(e.amount_cents)::bigint as balance
        from ledger_entries e join ledger_transactions l on l.id = e.transaction_id
        where l.occurred_at < ${end}::timestamptz
        group by e.currency, e.account`,
    ),
    loadReportingRates({ db, asOf: period.to }),
  ]);
  const byCurrency = new Map<Currency, Map<LedgerAccount, AccountMonthRow>>();
  for (const row of rows) {
    const accounts = byCurrency.get(row.currency) ?? new Map<LedgerAccount, AccountMonthRow>();
    accounts.set(row.account, row);
    byCurrency.set(row.currency, accounts);
  }
  const currencies = [...byCurrency.keys()]
    .sort()
    .map((currency) => {
      const sumOf = (accounts: readonly LedgerAccount[], measure: 'month' | 'balance') =>
        accounts.reduce((sum, account) => sum + (byCurrency.get(currency)?.get(account)?.[measure] ?? 0), 0);
      return {
        currency,
        rate: reportingRateOf(rates, currency),
        figures: monthEndFigureKeys.map((key) => {
          const { label, accounts, measure, sign } = monthEndFigures[key];
          // 0 rather than -0 when a credit figure has nothing in it.
          const cents = sign * sumOf(accounts, measure) || 0;
          return {
            key,
            label,
            accounts: [...accounts],
            measure,
            cents,
            converted_cents: toReportingCurrency(rates, cents, currency),
          };
        }),
      };
    })
    // A currency whose lines all sit outside the report's accounts, or net to nothing, has nothing to report.
    .filter(({ figures }) => figures.some((figure) => figure.cents !== 0));
  return {
    month,
    ...period,
    reporting_currency: rates.currency,
    currencies,
    totals: monthEndFigureKeys.map((key, index) => ({
      key,
      label: monthEndFigures[key].label,
      converted_cents: sumConverted(currencies.map(({ figures }) => figures[index]?.converted_cents ?? null)),
    })),
  };
}

// One row a figure a currency, with the figure converted and its rate; then one row a figure in the reporting
// currency over all of them (or the currencies it lacks a rate for).
export function monthEndCsv(report: MonthEndReport): { fileName: string; csv: string } {
  const reporting = report.reporting_currency;
  const measureOf = (measure: 'month' | 'balance') =>
    measure === 'month' ? `${report.from} to ${report.to}` : `Balance at the end of ${report.to}`;
  const csv = buildCsv([
    [
      'Figure',
      'Measure',
      'Ledger Accounts',
      'Amount',
      'Currency',
      `Amount in ${reporting}`,
      'Rate',
      'Rate Date',
      'Rate Source',
    ],
    ...report.currencies.flatMap(({ currency, rate, figures }) =>
      figures.map((figure) => [
        figure.label,
        measureOf(figure.measure),
        figure.accounts.join(' + '),
        decimalOfMinor(figure.cents, currency),
        currency,
        figure.converted_cents === null ? '' : decimalOfMinor(figure.converted_cents, reporting),
        ...rateColumns(currency, reporting, report.to, rate),
      ]),
    ),
    ...report.totals.map((total, index) => {
      const missing = report.currencies.filter(({ figures }) => figures[index]?.converted_cents === null);
      return [
        total.label,
        measureOf(monthEndFigures[total.key].measure),
        monthEndFigures[total.key].accounts.join(' + '),
        '',
        'All currencies',
        total.converted_cents === null ? '' : decimalOfMinor(total.converted_cents, reporting),
        missing.map(({ currency }) => reportingTexts.noRate(currency, reporting, report.to)).join(' '),
        '',
        '',
      ];
    }),
  ]);
  return { fileName: `tandem-month-end-${report.month}.csv`, csv };
}
