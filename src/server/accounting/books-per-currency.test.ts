import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defaultAccountCodes, monthEndFigureKeys, monthEndFigures } from '~/shared/accounting';
import { accountingContract } from '~/shared/contracts/accounting';
import { adminDashboardContract } from '~/shared/contracts/admin-dashboard';
import { fxRatesContract } from '~/shared/contracts/fx-rates';
import type { Currency } from '~/shared/currencies';
import { convertMinor, type ExchangeRate, invertRate } from '~/shared/exchange-rate';
import { defaultFxSettings } from '~/shared/fx-rates';
import { type LedgerAccount, type LedgerTransactionKind, ledgerAccounts } from '~/shared/payouts';
import { integerColumn } from '../db/row-columns';
import { companies, invoices } from '../db/schema';
import { selectRows } from '../db/select-rows';
import { type LedgerLine, postTransaction } from '../kernels/money/post-transaction';
import { addDays, isoDay } from '../platform/work-calendar';
import { signedInAccount } from '../testing/auth-helpers';
import { type Account, companyAccount } from '../testing/job-board-test-helpers';
import { insertTestInvoice } from '../testing/payment-test-invoices';
import { createTestApp, type TestApp } from '../testing/test-app';

// The books in several currencies (issue 55, item 5; docs/decisions/052): a ledger holding dollars, euros and
// pesos — invoices in dollars and euros, euro earnings paid out in pesos through fx_conversion with a margin —
// posted through the ledger's one door in March 2025, with lines before and after the month. Every figure is
// checked against SQL over ledger_entries a currency at a time, every conversion against convertMinor at the
// stored rate, and the written-out figures against arithmetic done by hand.

const csvRecords = (csv: string) =>
  z
    .array(z.record(z.string(), z.string()))
    .parse(parse(csv, { bom: true, columns: true, relax_column_count: false, record_delimiter: '\r\n' }));

// An amount as the files write it in a currency of two decimals, read back to minor units as text.
function minorOf(text: string | undefined): number {
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(text ?? '');
  if (!match) throw new Error(`not an amount with two decimals: ${text}`);
  const minor = Number(match[2]) * 100 + Number(match[3]);
  return match[1] ? -minor : minor;
}
const blankOrMinor = (text: string | undefined) => (text === '' ? 0 : minorOf(text));

const month = '2025-03';
const period = { from: '2025-03-01', to: '2025-03-31' };
// Entered by hand, as an administrator would: EUR→USD twice in the month and once after it, PHP→USD once.
const rates = {
  euroEarly: { base: 'EUR', quote: 'USD', rate: '1.05', date: '2025-03-03', source: 'manual' },
  euroLate: { base: 'EUR', quote: 'USD', rate: '1.0823', date: '2025-03-28', source: 'manual' },
  euroAfter: { base: 'EUR', quote: 'USD', rate: '1.2', date: '2025-04-01', source: 'manual' },
  peso: { base: 'PHP', quote: 'USD', rate: '0.017452', date: '2025-03-21', source: 'manual' },
} as const satisfies Record<string, ExchangeRate>;

type Sums = Map<string, number>;
const keyOf = (currency: string, account: string) => `${currency} ${account}`;

describe('the books in several currencies', () => {
  let testApp: TestApp;
  let admin: Account;
  const db = () => testApp.database.db;
  let payoutId = '';

  beforeAll(async () => {
    testApp = await createTestApp();
    admin = await signedInAccount(testApp, { role: 'admin' });
    for (const rate of Object.values(rates)) {
      const entered = await admin.call(fxRatesContract.enter, {
        body: { base: rate.base, quote: rate.quote, rate: rate.rate, rate_date: rate.date },
      });
      expect(entered.statusCode, entered.rawPayload.toString()).toBe(201);
    }
    const post = (
      key: string,
      at: string,
      kind: LedgerTransactionKind,
      lines: Array<[LedgerAccount, number, Currency]>,
    ) =>
      postTransaction({
        db: db(),
        key: `books-per-currency:${key}`,
        kind,
        occurredAt: new Date(at),
        lines: lines.map(([account, amountCents, currency]): LedgerLine => ({ account, amountCents, currency })),
      });
    await post('euro-funding-before', '2025-02-20T09:00:00Z', 'funding_received', [
      ['provider_clearing', 20_000, 'EUR'],
      ['escrow', -20_000, 'EUR'],
    ]);
    await post('dollar-invoice', '2025-03-05T10:00:00Z', 'invoice_issued', [
      ['company_receivable', 121_000, 'USD'],
      ['platform_revenue', -11_000, 'USD'],
      ['tax_payable', -10_000, 'USD'],
      ['talent_pending', -100_000, 'USD'],
    ]);
    await post('dollar-payment', '2025-03-10T10:00:00Z', 'payment_received', [
      ['provider_clearing', 121_000, 'USD'],
      ['company_receivable', -121_000, 'USD'],
    ]);
    await post('euro-invoice', '2025-03-12T10:00:00Z', 'invoice_issued', [
      ['company_receivable', 54_321, 'EUR'],
      ['platform_revenue', -4_321, 'EUR'],
      ['talent_pending', -50_000, 'EUR'],
    ]);
    await post('euro-available', '2025-03-15T10:00:00Z', 'earnings_available', [
      ['talent_pending', 50_000, 'EUR'],
      ['talent_available', -50_000, 'EUR'],
    ]);
    // €300.00 of earnings paid as ₱18,500.00, a 0.5% margin of ₱92.50 kept: decision 051's payout_sent.
    await post('peso-payout', '2025-03-20T12:00:00Z', 'payout_sent', [
      ['talent_available', 30_000, 'EUR'],
      ['fx_conversion', -30_000, 'EUR'],
      ['fx_conversion', 1_859_250, 'PHP'],
      ['payouts_in_transit', -1_850_000, 'PHP'],
      ['fx_margin', -9_250, 'PHP'],
    ]);
    await post('peso-paid', '2025-03-25T10:00:00Z', 'payout_paid', [
      ['payouts_in_transit', 1_850_000, 'PHP'],
      ['paid_out', -1_850_000, 'PHP'],
    ]);
    await post('dollar-funding-after', '2025-04-02T00:00:00Z', 'funding_received', [
      ['provider_clearing', 99_999, 'USD'],
      ['escrow', -99_999, 'USD'],
    ]);
    const [payout] = await selectRows(
      db(),
      z.object({ id: z.string() }),
      sql`select id from ledger_transactions where key = 'books-per-currency:peso-payout'`,
    );
    payoutId = payout?.id ?? '';
  }, 60_000);
  afterAll(async () => {
    await testApp.close();
  });

  // Each (currency, account)'s sum of lines, here from the entries, up to a moment or within the month.
  const endOf = (day: string) => `${addDays(day, 1)}T00:00:00Z`;
  async function sqlSums(where: ReturnType<typeof sql>): Promise<Sums> {
    const rows = await selectRows(
      db(),
      z.object({ currency: z.string(), account: z.string(), cents: integerColumn }),
      sql`select e.currency, e.account, sum(e.amount_cents)::bigint as cents
          from ledger_entries e join ledger_transactions l on l.id = e.transaction_id
          where ${where} group by e.currency, e.account`,
    );
    return new Map(rows.map((row) => [keyOf(row.currency, row.account), row.cents]));
  }
  const upTo = (day: string) => sql`l.occurred_at < ${endOf(day)}::timestamptz`;
  const inMonth = sql`l.occurred_at >= ${`${period.from}T00:00:00Z`}::timestamptz
                      and l.occurred_at < ${endOf(period.to)}::timestamptz`;
  const toDollars = (amount: number, from: Currency, rate: ExchangeRate) =>
    convertMinor({ amount, from, to: 'USD', rate }).amount;

  it('answers a trial balance a currency at a time, each balancing on its own, converted at the rate of the day', async () => {
    const response = await admin.call(accountingContract.trialBalance, { query: { as_of: period.to } });
    expect(response.statusCode, response.rawPayload.toString()).toBe(200);
    const balance = response.body;
    expect(balance.reporting_currency).toBe('USD');
    expect(balance.currencies.map((block) => block.currency)).toEqual(['EUR', 'PHP', 'USD']);
    const sums = await sqlSums(upTo(period.to));
    for (const block of balance.currencies) {
      expect(block.total_debit_cents, block.currency).toBe(block.total_credit_cents);
      expect(block.total_debit_cents, block.currency).toBeGreaterThan(0);
      expect(block.accounts.map((row) => row.account)).toEqual([...ledgerAccounts]);
      for (const row of block.accounts) {
        expect(row.debit_cents - row.credit_cents, `${block.currency} ${row.account}`).toBe(
          sums.get(keyOf(block.currency, row.account)) ?? 0,
        );
        expect(row.code).toBe(defaultAccountCodes.accounts[row.account].code);
      }
    }
    const [euros, pesos, dollars] = balance.currencies;
    // By hand: euros 200.00 + 543.21 debit; pesos the 18,592.50 converted in; dollars the 1,210.00 received.
    expect([euros?.total_debit_cents, pesos?.total_debit_cents, dollars?.total_debit_cents]).toEqual([
      74_321, 1_859_250, 121_000,
    ]);
    // The latest rate on or before the day: the euro's of 28 March, not of 3 March nor of 1 April.
    expect(euros?.rate).toEqual(rates.euroLate);
    expect(pesos?.rate).toEqual(rates.peso);
    expect(dollars?.rate).toBeNull();
    expect(euros?.converted_total_cents).toBe(toDollars(74_321, 'EUR', rates.euroLate));
    expect(pesos?.converted_total_cents).toBe(toDollars(1_859_250, 'PHP', rates.peso));
    expect(dollars?.converted_total_cents).toBe(121_000);
    // 743.21 × 1.0823 = 804.376183 → 804.38; 18,592.50 × 0.017452 = 324.47631 → 324.48.
    expect([euros?.converted_total_cents, pesos?.converted_total_cents]).toEqual([80_438, 32_448]);
    expect(balance.converted_total_cents).toBe(121_000 + 80_438 + 32_448);

    const records = csvRecords(
      (await admin.call(accountingContract.trialBalanceCsv, { query: { as_of: period.to } })).rawPayload.toString(
        'utf8',
      ),
    );
    for (const block of balance.currencies) {
      const rows = records.filter((record) => record.Currency === block.currency);
      expect(rows).toHaveLength(ledgerAccounts.length + 1);
      // Each currency's lines in the file sum to zero on their own.
      const accountRows = rows.filter((record) => record['Account Name'] !== 'Total');
      expect(accountRows.reduce((sum, record) => sum + minorOf(record.Debit) - minorOf(record.Credit), 0)).toBe(0);
      const total = rows.at(-1);
      expect(total?.['Account Name']).toBe('Total');
      expect(minorOf(total?.Debit)).toBe(block.total_debit_cents);
      expect(minorOf(total?.['Total in USD'])).toBe(block.converted_total_cents);
    }
    const euroTotal = records.find((record) => record.Currency === 'EUR' && record['Account Name'] === 'Total');
    expect([euroTotal?.Rate, euroTotal?.['Rate Date'], euroTotal?.['Rate Source']]).toEqual([
      '1.0823',
      '2025-03-28',
      'Entered by hand',
    ]);
    expect(minorOf(records.at(-1)?.['Total in USD'])).toBe(233_886);
  });

  it('says which currency has no recorded rate on or before the day, instead of a figure', async () => {
    // On 20 March the pesos are in the ledger but their rate is of the 21st; the euro's is that of 3 March.
    const day = '2025-03-20';
    const balance = (await admin.call(accountingContract.trialBalance, { query: { as_of: day } })).body;
    const pesos = balance.currencies.find((block) => block.currency === 'PHP');
    const euros = balance.currencies.find((block) => block.currency === 'EUR');
    expect(pesos?.rate).toBeNull();
    expect(pesos?.converted_total_cents).toBeNull();
    expect(balance.converted_total_cents).toBeNull();
    expect(euros?.rate).toEqual(rates.euroEarly);
    expect(euros?.converted_total_cents).toBe(toDollars(74_321, 'EUR', rates.euroEarly));
    // 743.21 × 1.05 = 780.3705 → 780.37.
    expect(euros?.converted_total_cents).toBe(78_037);
    const records = csvRecords(
      (await admin.call(accountingContract.trialBalanceCsv, { query: { as_of: day } })).rawPayload.toString('utf8'),
    );
    const pesoTotal = records.find((record) => record.Currency === 'PHP' && record['Account Name'] === 'Total');
    expect(pesoTotal?.['Total in USD']).toBe('');
    expect(pesoTotal?.Rate).toBe('No PHP → USD rate recorded on or before 2025-03-20.');
    expect(records.at(-1)?.['Total in USD']).toBe('');
  });

  it('answers the month-end report a currency at a time, tying to the ledger to the cent, and in dollars at recorded rates', async () => {
    const response = await admin.call(accountingContract.monthEnd, { query: { month } });
    expect(response.statusCode, response.rawPayload.toString()).toBe(200);
    const report = response.body;
    expect(report.currencies.map((block) => block.currency)).toEqual(['EUR', 'PHP', 'USD']);
    const [monthSums, endSums] = await Promise.all([sqlSums(inMonth), sqlSums(upTo(period.to))]);
    for (const block of report.currencies) {
      for (const figure of block.figures) {
        const { accounts, measure, sign } = monthEndFigures[figure.key];
        const sums = measure === 'month' ? monthSums : endSums;
        const expected =
          sign * accounts.reduce((sum, account) => sum + (sums.get(keyOf(block.currency, account)) ?? 0), 0);
        expect(figure.cents, `${block.currency} ${figure.key}`).toBe(expected || 0);
        const rate = block.currency === 'EUR' ? rates.euroLate : block.currency === 'PHP' ? rates.peso : null;
        expect(figure.converted_cents, `${block.currency} ${figure.key} in USD`).toBe(
          rate ? toDollars(Math.abs(figure.cents), block.currency, rate) * Math.sign(figure.cents || 1) : figure.cents,
        );
      }
    }
    const figuresOf = (currency: Currency) =>
      Object.fromEntries(
        (report.currencies.find((block) => block.currency === currency)?.figures ?? []).map((figure) => [
          figure.key,
          figure.cents,
        ]),
      );
    // By hand, from the postings above.
    expect(figuresOf('EUR')).toMatchObject({
      revenue: 4_321,
      escrow_held: 20_000,
      owed_to_talent: 20_000,
      receivable: 54_321,
    });
    expect(figuresOf('PHP')).toMatchObject({ paid_out: 1_850_000, fx_margin: 9_250, payouts_in_transit: 0 });
    expect(figuresOf('USD')).toMatchObject({
      revenue: 11_000,
      tax_collected: 10_000,
      owed_to_talent: 100_000,
      escrow_held: 0,
    });
    const totals = Object.fromEntries(report.totals.map((total) => [total.key, total.converted_cents]));
    for (const key of monthEndFigureKeys) {
      expect(totals[key], key).toBe(
        report.currencies.reduce(
          (sum, block) => sum + (block.figures.find((figure) => figure.key === key)?.converted_cents ?? 0),
          0,
        ),
      );
    }
    // 43.21 × 1.0823 = 46.766183 → 46.77, plus $110.00; 18,500 × 0.017452 = 322.862 → 322.86; 92.50 × 0.017452 =
    // 1.61431 → 1.61; 200.00 × 1.0823 = 216.46.
    expect(totals).toMatchObject({ revenue: 15_677, paid_out: 32_286, fx_margin: 161, escrow_held: 21_646 });

    const records = csvRecords(
      (await admin.call(accountingContract.monthEndCsv, { query: { month } })).rawPayload.toString('utf8'),
    );
    for (const block of report.currencies) {
      const rows = records.filter((record) => record.Currency === block.currency);
      expect(rows.map((record) => minorOf(record.Amount))).toEqual(block.figures.map((figure) => figure.cents));
      expect(rows.map((record) => minorOf(record['Amount in USD']))).toEqual(
        block.figures.map((figure) => figure.converted_cents),
      );
    }
    const totalRows = records.filter((record) => record.Currency === 'All currencies');
    expect(totalRows.map((record) => minorOf(record['Amount in USD']))).toEqual(
      report.totals.map((total) => total.converted_cents),
    );
    expect(records.find((record) => record.Currency === 'PHP')?.['Rate Date']).toBe('2025-03-21');
  });

  it('writes Xero journals one currency each, a converted payout as two, every journal and currency summing to zero', async () => {
    const response = await admin.call(accountingContract.xeroJournal, { query: period });
    expect(response.statusCode, response.rawPayload.toString()).toBe(200);
    const records = csvRecords(response.rawPayload.toString('utf8'));
    const journals = new Map<string, number>();
    const perCurrencyCode = new Map<string, number>();
    for (const record of records) {
      const currency = /\((USD|EUR|PHP)\) \[[0-9a-f]{8}\]$/.exec(record.Narration ?? '')?.[1];
      expect(currency, record.Narration).toBeDefined();
      const journal = `${record.Narration}|${record.Date}`;
      journals.set(journal, (journals.get(journal) ?? 0) + minorOf(record.Amount));
      const key = keyOf(currency ?? '', record.AccountCode ?? '');
      perCurrencyCode.set(key, (perCurrencyCode.get(key) ?? 0) + minorOf(record.Amount));
    }
    for (const [journal, sum] of journals) expect(sum, journal).toBe(0);
    // Six transactions in the month; the payout's euros and pesos are two journals.
    expect(journals.size).toBe(7);
    const payoutNarrations = [...journals.keys()].filter((journal) => journal.includes(`[${payoutId.slice(0, 8)}]`));
    expect(payoutNarrations.map((journal) => /\((\w{3})\)/.exec(journal)?.[1]).sort()).toEqual(['EUR', 'PHP']);
    const sums = await sqlSums(inMonth);
    for (const currency of ['EUR', 'PHP', 'USD']) {
      let currencySum = 0;
      for (const account of ledgerAccounts) {
        const written = perCurrencyCode.get(keyOf(currency, defaultAccountCodes.accounts[account].code)) ?? 0;
        expect(written, `${currency} ${account}`).toBe(sums.get(keyOf(currency, account)) ?? 0);
        currencySum += written;
      }
      expect(currencySum, currency).toBe(0);
    }
  });

  it('writes QuickBooks journal entries with their currency, one a currency of each transaction, balanced', async () => {
    const response = await admin.call(accountingContract.quickbooksJournal, { query: period });
    const records = csvRecords(response.rawPayload.toString('utf8'));
    const entries = new Map<string, { currency: string; net: number }>();
    const perCurrencyName = new Map<string, number>();
    for (const record of records) {
      const net = blankOrMinor(record.Debits) - blankOrMinor(record.Credits);
      const number = record['Journal No.'] ?? '';
      const entry = entries.get(number) ?? { currency: record.Currency ?? '', net: 0 };
      // One currency an entry.
      expect(record.Currency, number).toBe(entry.currency);
      entry.net += net;
      entries.set(number, entry);
      const key = keyOf(record.Currency ?? '', record['Account Name'] ?? '');
      perCurrencyName.set(key, (perCurrencyName.get(key) ?? 0) + net);
    }
    for (const [number, entry] of entries) expect(entry.net, number).toBe(0);
    const payoutNumber = `TD-${payoutId.slice(0, 8)}${payoutId.slice(9, 13)}`;
    expect([...entries.keys()].filter((number) => number.startsWith(payoutNumber)).sort()).toEqual([
      `${payoutNumber}-EUR`,
      `${payoutNumber}-PHP`,
    ]);
    // A transaction in one currency keeps the number earlier exports gave it.
    expect([...entries.keys()].filter((number) => /-[A-Z]{3}$/.test(number))).toHaveLength(2);
    const sums = await sqlSums(inMonth);
    for (const currency of ['EUR', 'PHP', 'USD']) {
      for (const account of ledgerAccounts) {
        expect(
          perCurrencyName.get(keyOf(currency, defaultAccountCodes.accounts[account].name)) ?? 0,
          `${currency} ${account}`,
        ).toBe(sums.get(keyOf(currency, account)) ?? 0);
      }
    }
  });

  it('reports in the reporting currency chosen in the FX settings', async () => {
    const saved = await admin.call(fxRatesContract.updateSettings, {
      body: { ...defaultFxSettings, reporting_currency: 'EUR' },
    });
    expect(saved.statusCode, saved.rawPayload.toString()).toBe(200);
    try {
      const balance = (await admin.call(accountingContract.trialBalance, { query: { as_of: period.to } })).body;
      expect(balance.reporting_currency).toBe('EUR');
      const [euros, pesos, dollars] = balance.currencies;
      expect(euros?.rate).toBeNull();
      expect(euros?.converted_total_cents).toBe(74_321);
      // Dollars to euros: the inverse of the stored EUR→USD rate, as the rate book derives it.
      const inverse = invertRate(rates.euroLate);
      expect(dollars?.rate).toEqual(inverse);
      expect(dollars?.converted_total_cents).toBe(
        convertMinor({ amount: 121_000, from: 'USD', to: 'EUR', rate: inverse }).amount,
      );
      // Pesos reach the euro through no stored rate (only PHP→USD is): said, not guessed through the dollar.
      expect(pesos?.rate).toBeNull();
      expect(pesos?.converted_total_cents).toBeNull();
      expect(balance.converted_total_cents).toBeNull();
    } finally {
      await admin.call(fxRatesContract.updateSettings, { body: defaultFxSettings });
    }
  });

  it('answers Monthly Revenue a currency at a time on the dashboard, and their total in dollars at the recorded rate', async () => {
    const now = new Date();
    const today = isoDay(now);
    const lastMonthDay = isoDay(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0)));
    const thisMonthEnd = isoDay(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0)));
    const companyIn = async (currency: 'USD' | 'EUR' | 'GBP') => {
      const company = await companyAccount(testApp, `Revenue in ${currency}`);
      await db().update(companies).set({ billingCurrency: currency }).where(eq(companies.id, company.companyId));
      return company.companyId;
    };
    const invoice = async (companyId: string, workCents: number, issueDate: string) => {
      const stored = await insertTestInvoice(db(), { companyId, workCents });
      await db().update(invoices).set({ issueDate }).where(eq(invoices.id, stored.id));
    };
    const dollarCompany = await companyIn('USD');
    const euroCompany = await companyIn('EUR');
    // Work plus the 10% fee (insertTestInvoice).
    await invoice(dollarCompany, 100_000, today); // $1,100.00
    await invoice(dollarCompany, 50_000, lastMonthDay); // $550.00 last month
    await invoice(euroCompany, 20_000, today); // €220.00

    const revenue = async () => (await admin.call(adminDashboardContract.dashboard)).body.monthly_revenue;
    const first = await revenue();
    // This month's rate: the latest EUR→USD recorded on or before the month's last day.
    const euroRate = [rates.euroEarly, rates.euroLate, rates.euroAfter]
      .filter((rate) => rate.date <= thisMonthEnd)
      .reduce((latest, rate) => (rate.date > latest.date ? rate : latest));
    const euros = toDollars(22_000, 'EUR', euroRate);
    expect(first.reporting_currency).toBe('USD');
    expect(first.currencies).toEqual([
      {
        currency: 'EUR',
        value: 22_000,
        previous: 0,
        growth_label: '+22,000 from last month',
        converted: euros,
        rate: euroRate,
      },
      {
        currency: 'USD',
        value: 110_000,
        previous: 55_000,
        growth_label: '+100% from last month',
        converted: 110_000,
        rate: null,
      },
    ]);
    // €220.00 × 1.2 = $264.00 on the rate of 1 April 2025, the latest there is.
    expect(euros).toBe(26_400);
    expect(first.total).toMatchObject({ value: 110_000 + 26_400, previous: 55_000 });

    // Pounds with no rate: the total is not a figure, and says which rate it lacks.
    await invoice(await companyIn('GBP'), 10_000, today);
    const second = await revenue();
    const pounds = second.currencies.find((row) => row.currency === 'GBP');
    expect(pounds).toMatchObject({ value: 11_000, converted: null, rate: null });
    expect(second.total.value).toBeNull();
    expect(second.total.growth_label).toBe(`No GBP → USD rate recorded on or before ${thisMonthEnd}.`);
    const dashboard = (await admin.call(adminDashboardContract.dashboard)).body;
    expect(dashboard.gross_margin_percent.value).toBeNull();
    expect(dashboard.gross_margin_percent.growth_label).toBe(second.total.growth_label);
  });
});
