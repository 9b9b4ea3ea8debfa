import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { decimalOfMinor, type TrialBalance, type TrialBalanceCurrency } from '~/shared/accounting';
import type { Currency } from '~/shared/currencies';
import { fxRateSourceLabels, reportingTexts } from '~/shared/fx-rates';
import { ledgerAccountLabels, ledgerAccounts } from '~/shared/payouts';
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
import { getAccountCodes } from '../platform/get-account-codes';
import { addDays } from '../platform/work-calendar';

const currencyAccountRow = z.object({
  currency: currencyColumn,
  account: z.enum(ledgerAccounts),
  cents: integerColumn,
});

// Each account's balance at the end of a day (UTC), currency by currency: the sum of every line that occurred
// up to then, shown on the side it stands (debits positive in the ledger). Each currency balances on its own,
// so its two totals are equal; within a currency with a balance every account is listed, at zero if need be,
// so every run lists the same accounts. Each currency's total is then converted to the reporting currency at
// the latest rate recorded on or before the day, and those are added up.
export async function trialBalance({ db, asOf }: { db: Database; asOf: string }): Promise<TrialBalance> {
  const end = `${addDays(asOf, 1)}T00:00:00Z`;
  const [rows, codes, rates] = await Promise.all([
    selectRows(
      db,
      currencyAccountRow,
      sql`select e.currency, e.account, sum(e.amount_cents)::bigint as cents
          from ledger_entries e join ledger_transactions l on l.id = e.transaction_id
          where l.occurred_at < ${end}::timestamptz
          group by e.currency, e.account`,
    ),
    getAccountCodes({ db }),
    loadReportingRates({ db, asOf }),
  ]);
  const sums = new Map<Currency, Map<string, number>>();
  for (const row of rows) {
    if (row.cents === 0) continue;
    const ofCurrency = sums.get(row.currency) ?? new Map<string, number>();
    ofCurrency.set(row.account, row.cents);
    sums.set(row.currency, ofCurrency);
  }
  const currencies = [...sums.keys()].sort().map((currency): TrialBalanceCurrency => {
    const accounts = ledgerAccounts.map((account) => {
      const cents = sums.get(currency)?.get(account) ?? 0;
      return {
        account,
        ...codes.accounts[account],
        debit_cents: Math.max(cents, 0),
        credit_cents: Math.max(-cents, 0),
      };
    });
    const total = (pick: (row: (typeof accounts)[number]) => number) =>
      accounts.reduce((sum, row) => sum + pick(row), 0);
    const totalDebit = total((row) => row.debit_cents);
    return {
      currency,
      accounts,
      total_debit_cents: totalDebit,
      total_credit_cents: total((row) => row.credit_cents),
      rate: reportingRateOf(rates, currency),
      converted_total_cents: toReportingCurrency(rates, totalDebit, currency),
    };
  });
  return {
    as_of: asOf,
    reporting_currency: rates.currency,
    currencies,
    converted_total_cents: sumConverted(currencies.map((row) => row.converted_total_cents)),
  };
}

// One block of rows a currency, each closed by its total; the total row carries the total in the reporting
// currency and the rate it was converted at, and the file ends with the converted totals added up.
export function trialBalanceCsv(balance: TrialBalance): { fileName: string; csv: string } {
  const reporting = balance.reporting_currency;
  const csv = buildCsv([
    [
      'Currency',
      'Account Code',
      'Account Name',
      'Ledger Account',
      'Debit',
      'Credit',
      `Total in ${reporting}`,
      'Rate',
      'Rate Date',
      'Rate Source',
    ],
    ...balance.currencies.flatMap(({ currency, accounts, ...totals }) => [
      ...accounts.map((row) => [
        currency,
        row.code,
        row.name,
        ledgerAccountLabels[row.account],
        decimalOfMinor(row.debit_cents, currency),
        decimalOfMinor(row.credit_cents, currency),
        '',
        '',
        '',
        '',
      ]),
      [
        currency,
        '',
        'Total',
        '',
        decimalOfMinor(totals.total_debit_cents, currency),
        decimalOfMinor(totals.total_credit_cents, currency),
        totals.converted_total_cents === null ? '' : decimalOfMinor(totals.converted_total_cents, reporting),
        ...rateColumns(currency, reporting, balance.as_of, totals.rate),
      ],
    ]),
    [
      'All currencies',
      '',
      `Total in ${reporting}`,
      '',
      '',
      '',
      balance.converted_total_cents === null ? '' : decimalOfMinor(balance.converted_total_cents, reporting),
      '',
      '',
      '',
    ],
  ]);
  return { fileName: `tandem-trial-balance-${balance.as_of}.csv`, csv };
}

// The rate, its date and its source beside a converted figure; the reporting currency itself has none, and a
// currency without a recorded rate says so where the rate would be.
export function rateColumns(
  currency: Currency,
  reporting: Currency,
  day: string,
  rate: TrialBalanceCurrency['rate'],
): [string, string, string] {
  if (currency === reporting) return ['', '', ''];
  if (!rate) return [reportingTexts.noRate(currency, reporting, day), '', ''];
  return [rate.rate, rate.date, fxRateSourceLabels[rate.source]];
}
