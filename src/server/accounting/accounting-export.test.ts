import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { accountingTexts, defaultAccountCodes, monthBounds } from '~/shared/accounting';
import { accountingContract } from '~/shared/contracts/accounting';
import { adminInvoicesContract } from '~/shared/contracts/billing';
import { adminPaymentsContract, paymentsContract } from '~/shared/contracts/payments';
import { payoutsContract } from '~/shared/contracts/payouts';
import { settingsContract } from '~/shared/contracts/settings';
import { workContract } from '~/shared/contracts/work';
import { type LedgerAccount, ledgerAccounts } from '~/shared/payouts';
import { idRow, integerColumn } from '../db/row-columns';
import { auditLogs, billingProfiles, payoutMethods, platformSettings } from '../db/schema';
import { selectRows } from '../db/select-rows';
import { makeEarningsAvailable } from '../kernels/money/make-earnings-available';
import { postTransaction } from '../kernels/money/post-transaction';
import { addDays, isoDay, weekStartOf } from '../platform/work-calendar';
import { signedInAccount } from '../testing/auth-helpers';
import { type Account, companyAccount } from '../testing/job-board-test-helpers';
import { taxFormOnFile } from '../testing/tax-form-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';
import { buildAssignment, buildTimesheet } from '../testing/work-factories';

const card = { kind: 'card' as const, card_number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2030, cvc: '123' };
const payoutSettings = { payouts_wait_for_payment: true, payout_security_days: 0, payout_minimum_cents: 100 };

// Read back by a parser nobody here wrote, strict: one header, every record as wide, quotes as RFC 4180.
const csvRecords = (csv: string) =>
  z.array(z.record(z.string(), z.string())).parse(
    parse(csv, {
      bom: true,
      columns: true,
      relax_column_count: false,
      skip_empty_lines: false,
      record_delimiter: '\r\n',
    }),
  );

// An amount as the files write it, two decimals, read back to cents as text: no float on the way.
function centsOf(text: string | undefined): number {
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(text ?? '');
  if (!match) throw new Error(`not an amount with two decimals: ${text}`);
  const cents = Number(match[2]) * 100 + Number(match[3]);
  return match[1] ? -cents : cents;
}
const blankOrCents = (text: string | undefined) => (text === '' ? 0 : centsOf(text));

// The accountant's books (docs/decisions/046): money moved through the routes the ledger tests use — weeks
// approved, an invoice with tax issued and paid, another refunded, a payout run approved and confirmed — and
// transactions posted before, at both edges of, and after the month, so every figure is checked against SQL
// sums over ledger_entries written here, not against the code that made it.
describe('the books for an accountant', () => {
  let testApp: TestApp;
  let admin: Account;
  let company: Awaited<ReturnType<typeof companyAccount>>;
  let talent: Account;
  const now = new Date();
  const month = isoDay(now).slice(0, 7);
  const period = monthBounds(month);
  const db = () => testApp.database.db;

  beforeAll(async () => {
    testApp = await createTestApp();
    admin = await signedInAccount(testApp, { role: 'admin' });
    company = await companyAccount(testApp, 'Harbor, "Goods" Ltd');
    const refunded = await companyAccount(testApp, 'Northwind Labs');
    talent = await signedInAccount(testApp, { role: 'applicant' });
    await db()
      .insert(platformSettings)
      .values(Object.entries(payoutSettings).map(([key, value]) => ({ key, value })))
      .onConflictDoUpdate({ target: platformSettings.key, set: { value: sql`excluded.value` } });
    await db().insert(billingProfiles).values({ companyId: company.companyId, taxRateBasisPoints: 825 });
    const method = await talent.call(payoutsContract.addMethod, {
      body: {
        method: { kind: 'paypal', email: `${randomUUID()}@example.com` },
        proof: { password: talent.password ?? undefined },
      },
    });
    expect(method.statusCode, method.rawPayload.toString()).toBe(201);
    await taxFormOnFile(testApp, talent.user.id);
    await db()
      .update(payoutMethods)
      .set({ usableFrom: new Date(0) })
      .where(eq(payoutMethods.id, method.body.id));

    for (const [buyer, minutes] of [
      [company, [425, 317]],
      [refunded, [250]],
    ] as const) {
      const assignment = await buildAssignment(db(), {
        companyId: buyer.companyId,
        applicantId: talent.user.id,
        role: 'Analyst',
        rateCents: 4100,
        payRateCents: 3333,
        startDate: addDays(weekStartOf(isoDay(now)), -7 * 10),
      });
      for (const [index, worked] of minutes.entries()) {
        const weekStart = addDays(weekStartOf(isoDay(now)), -7 * (index + 1));
        const week = await buildTimesheet(db(), {
          assignmentId: assignment.id,
          weekStart,
          status: 'submitted',
          minutes: { [addDays(weekStart, 1)]: worked },
        });
        const approved = await buyer.call(workContract.approveTimesheet, { params: { id: week.id }, body: {} });
        expect(approved.statusCode, approved.rawPayload.toString()).toBe(200);
      }
      expect((await admin.call(adminInvoicesContract.issueNow, { params: { id: buyer.companyId } })).statusCode).toBe(
        201,
      );
      const [invoice] = await selectRows(
        db(),
        idRow,
        sql`select id from invoices where company_id = ${buyer.companyId}`,
      );
      const paid = await buyer.call(paymentsContract.payInvoice, {
        params: { id: invoice?.id ?? '' },
        body: { new_method: card },
        headers: { 'idempotency-key': randomUUID() },
      });
      expect(paid.statusCode, paid.rawPayload.toString()).toBe(200);
    }
    // Northwind's payment is refunded once its earnings are available, so they are reclaimed too.
    await makeEarningsAvailable({ db: db(), now: new Date(), settings: payoutSettings });
    const prepared = await admin.call(payoutsContract.prepareRun);
    expect(prepared.statusCode, prepared.rawPayload.toString()).toBe(200);
    const runId = prepared.body.id;
    expect((await admin.call(payoutsContract.approveRun, { params: { id: runId } })).statusCode).toBe(200);
    const [sent] = await selectRows(db(), idRow, sql`select id from payouts where status = 'sent'`);
    const markPaid = await admin.call(payoutsContract.markPaid, {
      params: { id: sent?.id ?? '' },
      body: { reference: 'WISE-7731' },
    });
    expect(markPaid.statusCode, markPaid.rawPayload.toString()).toBe(200);
    const [payment] = await selectRows(
      db(),
      idRow,
      sql`select id from payments where company_id = ${refunded.companyId} and status = 'completed'`,
    );
    expect((await admin.call(adminPaymentsContract.refund, { params: { id: payment?.id ?? '' } })).statusCode).toBe(
      200,
    );

    // Milestone funding into escrow, posted through the ledger's one door at the month's edges and beyond.
    const funding = async (key: string, at: string, cents: number) =>
      postTransaction({
        currency: 'USD',
        db: db(),
        key: `test-funding:${key}`,
        kind: 'funding_received',
        refs: { companyId: company.companyId },
        occurredAt: new Date(at),
        lines: [
          { account: 'provider_clearing', amountCents: cents, companyId: company.companyId },
          { account: 'escrow', amountCents: -cents, companyId: company.companyId },
        ],
      });
    await funding('before', `${addDays(period.from, -1)}T23:59:59.999Z`, 70_001);
    await funding('first', `${period.from}T00:00:00Z`, 1_234);
    await funding('last', `${period.to}T23:59:59.999Z`, 98_765);
    await funding('after', `${addDays(period.to, 1)}T00:00:00Z`, 55_555);
  }, 120_000);
  afterAll(async () => {
    await testApp.close();
  });

  // Each account's net change in the period, and its balance at the period's end, summed here from the entries.
  const inPeriod = sql`l.occurred_at >= ${`${period.from}T00:00:00Z`}::timestamptz
                       and l.occurred_at < ${`${addDays(period.to, 1)}T00:00:00Z`}::timestamptz`;
  const upToEnd = sql`l.occurred_at < ${`${addDays(period.to, 1)}T00:00:00Z`}::timestamptz`;
  async function sqlSums(where: typeof inPeriod): Promise<Record<LedgerAccount, number>> {
    const rows = await selectRows(
      db(),
      z.object({ account: z.enum(ledgerAccounts), cents: integerColumn }),
      sql`select e.account, sum(e.amount_cents)::bigint as cents
          from ledger_entries e join ledger_transactions l on l.id = e.transaction_id
          where ${where} group by e.account`,
    );
    const sums = Object.fromEntries(ledgerAccounts.map((account) => [account, 0])) as Record<LedgerAccount, number>;
    for (const row of rows) sums[row.account] = row.cents;
    return sums;
  }
  const codeOf = (account: LedgerAccount) => defaultAccountCodes.accounts[account].code;

  it('writes Xero manual journals: one a transaction, each balanced, summing per account to the ledger’s change', async () => {
    const response = await admin.call(accountingContract.xeroJournal, { query: period });
    expect(response.statusCode, response.rawPayload.toString()).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="tandem-journal-xero-${period.from}-to-${period.to}.csv"`,
    );
    const csv = response.rawPayload.toString('utf8');
    expect(csv.split('\r\n')[0]).toBe('\uFEFFNarration,Date,Description,AccountCode,TaxRate,Amount');
    const records = csvRecords(csv);
    const journals = new Map<string, number>();
    const perCode = new Map<string, number>();
    for (const record of records) {
      expect(record.Date).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      expect(record.TaxRate).toBe('Tax Exempt');
      expect(record.Narration).toMatch(/ \(USD\) \[[0-9a-f]{8}\]$/);
      const key = `${record.Narration}|${record.Date}`;
      journals.set(key, (journals.get(key) ?? 0) + centsOf(record.Amount));
      perCode.set(record.AccountCode ?? '', (perCode.get(record.AccountCode ?? '') ?? 0) + centsOf(record.Amount));
    }
    for (const [journal, sum] of journals) expect(sum, journal).toBe(0);
    const [count] = await selectRows(
      db(),
      z.object({ n: integerColumn }),
      sql`select count(*)::int as n from ledger_transactions l
          where ${inPeriod} and exists (select 1 from ledger_entries e where e.transaction_id = l.id)`,
    );
    expect(journals.size).toBe(count?.n);
    const sums = await sqlSums(inPeriod);
    for (const account of ledgerAccounts) expect(perCode.get(codeOf(account)) ?? 0, account).toBe(sums[account]);
    // Both edges of the month are in; the moments either side of it are not.
    expect(sums.escrow).toBe(-(1_234 + 98_765));
    expect(records.some((record) => /^Invoice issued — invoice /.test(record.Narration ?? ''))).toBe(true);
    expect(
      records.some((record) => /^Payout paid — payout [0-9a-f]{8}, ref WISE-7731 /.test(record.Narration ?? '')),
    ).toBe(true);
    expect(sums.tax_payable).toBeLessThan(0);
  });

  it('writes QuickBooks Online journal entries: debits equal credits per entry, accounts by name, A/R lines name the customer', async () => {
    const response = await admin.call(accountingContract.quickbooksJournal, { query: period });
    expect(response.statusCode, response.rawPayload.toString()).toBe(200);
    const csv = response.rawPayload.toString('utf8');
    expect(csv.split('\r\n')[0]).toBe(
      '\uFEFFJournal No.,Journal Date,Currency,Account Name,Debits,Credits,Description,Name',
    );
    const records = csvRecords(csv);
    const entries = new Map<string, { debits: number; credits: number; date: string }>();
    const perName = new Map<string, number>();
    for (const record of records) {
      expect(record['Journal Date']).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      expect(record.Currency).toBe('USD');
      const debit = blankOrCents(record.Debits);
      const credit = blankOrCents(record.Credits);
      // One side a line, positive.
      expect(debit > 0 !== credit > 0, JSON.stringify(record)).toBe(true);
      const entry = entries.get(record['Journal No.'] ?? '') ?? {
        debits: 0,
        credits: 0,
        date: record['Journal Date'] ?? '',
      };
      expect(entry.date).toBe(record['Journal Date']);
      entry.debits += debit;
      entry.credits += credit;
      entries.set(record['Journal No.'] ?? '', entry);
      const name = record['Account Name'] ?? '';
      perName.set(name, (perName.get(name) ?? 0) + debit - credit);
      if (name === defaultAccountCodes.accounts.company_receivable.name) {
        expect(['Harbor, "Goods" Ltd', 'Northwind Labs']).toContain(record.Name);
      } else expect(record.Name).toBe('');
    }
    for (const [number, entry] of entries) expect(entry.debits, number).toBe(entry.credits);
    const sums = await sqlSums(inPeriod);
    for (const account of ledgerAccounts) {
      expect(perName.get(defaultAccountCodes.accounts[account].name) ?? 0, account).toBe(sums[account]);
    }
  });

  it('answers a trial balance whose debits equal its credits, each account as the SQL sum up to the day’s end', async () => {
    const response = await admin.call(accountingContract.trialBalance, { query: { as_of: period.to } });
    expect(response.statusCode, response.rawPayload.toString()).toBe(200);
    const balance = response.body;
    // Every company here bills in dollars: one currency, reported in itself.
    expect(balance.reporting_currency).toBe('USD');
    expect(balance.currencies.map((block) => block.currency)).toEqual(['USD']);
    const dollars = balance.currencies[0];
    expect(dollars?.total_debit_cents).toBe(dollars?.total_credit_cents);
    expect(dollars?.total_debit_cents).toBeGreaterThan(0);
    expect(dollars?.rate).toBeNull();
    expect(balance.converted_total_cents).toBe(dollars?.total_debit_cents);
    const sums = await sqlSums(upToEnd);
    for (const row of dollars?.accounts ?? []) {
      expect(row.debit_cents - row.credit_cents, row.account).toBe(sums[row.account]);
      expect(Math.min(row.debit_cents, row.credit_cents)).toBe(0);
      expect(row.code).toBe(codeOf(row.account));
    }
    // The funding after the day is not in; the one before the month is.
    expect(dollars?.accounts.find((row) => row.account === 'escrow')?.credit_cents).toBe(70_001 + 1_234 + 98_765);

    const file = await admin.call(accountingContract.trialBalanceCsv, { query: { as_of: period.to } });
    const records = csvRecords(file.rawPayload.toString('utf8'));
    // The accounts, the currency's total, and the total of all currencies in the reporting currency.
    expect(records).toHaveLength(ledgerAccounts.length + 2);
    const total = records.at(-2);
    expect(total?.['Account Name']).toBe('Total');
    expect(centsOf(total?.Debit)).toBe(dollars?.total_debit_cents);
    expect(centsOf(total?.Credit)).toBe(dollars?.total_credit_cents);
    expect(centsOf(total?.['Total in USD'])).toBe(dollars?.total_debit_cents);
    expect(centsOf(records.at(-1)?.['Total in USD'])).toBe(balance.converted_total_cents);
    for (const [index, row] of (dollars?.accounts ?? []).entries()) {
      expect(records[index]?.Currency).toBe('USD');
      expect(centsOf(records[index]?.Debit) - centsOf(records[index]?.Credit)).toBe(sums[row.account]);
    }
  });

  it('answers the month-end report, each figure tying to the ledger to the cent', async () => {
    const response = await admin.call(accountingContract.monthEnd, { query: { month } });
    expect(response.statusCode, response.rawPayload.toString()).toBe(200);
    expect(response.body.currencies.map((block) => block.currency)).toEqual(['USD']);
    const dollarFigures = response.body.currencies[0]?.figures ?? [];
    const figures = Object.fromEntries(dollarFigures.map((figure) => [figure.key, figure.cents]));
    const [expected] = await selectRows(
      db(),
      z.object({
        revenue: integerColumn,
        fx_margin: integerColumn,
        fees: integerColumn,
        tax: integerColumn,
        paid_out: integerColumn,
        escrow: integerColumn,
        owed: integerColumn,
        in_transit: integerColumn,
        receivable: integerColumn,
      }),
      sql`select
            coalesce(-sum(e.amount_cents) filter (where e.account = 'platform_revenue' and ${inPeriod}), 0)::bigint as revenue,
            coalesce(-sum(e.amount_cents) filter (where e.account = 'fx_margin' and ${inPeriod}), 0)::bigint as fx_margin,
            coalesce(sum(e.amount_cents) filter (where e.account = 'processor_fees' and ${inPeriod}), 0)::bigint as fees,
            coalesce(-sum(e.amount_cents) filter (where e.account = 'tax_payable' and ${inPeriod}), 0)::bigint as tax,
            coalesce(-sum(e.amount_cents) filter (where e.account = 'paid_out' and ${inPeriod}), 0)::bigint as paid_out,
            coalesce(-sum(e.amount_cents) filter (where e.account = 'escrow'), 0)::bigint as escrow,
            coalesce(-sum(e.amount_cents) filter (where e.account in ('talent_pending', 'talent_available')), 0)::bigint as owed,
            coalesce(-sum(e.amount_cents) filter (where e.account = 'payouts_in_transit'), 0)::bigint as in_transit,
            coalesce(sum(e.amount_cents) filter (where e.account = 'company_receivable'), 0)::bigint as receivable
          from ledger_entries e join ledger_transactions l on l.id = e.transaction_id
          where ${upToEnd}`,
    );
    expect(figures).toEqual({
      revenue: expected?.revenue,
      fx_margin: expected?.fx_margin,
      processor_fees: expected?.fees,
      tax_collected: expected?.tax,
      paid_out: expected?.paid_out,
      escrow_held: expected?.escrow,
      owed_to_talent: expected?.owed,
      payouts_in_transit: expected?.in_transit,
      receivable: expected?.receivable,
    });
    // Money really moved: each figure the flows above make is there.
    expect(figures.revenue).toBeGreaterThan(0);
    expect(figures.tax_collected).toBeGreaterThan(0);
    expect(figures.paid_out).toBeGreaterThan(0);
    expect(figures.escrow_held).toBe(70_001 + 1_234 + 98_765);
    // The paid payout is exactly what the payouts table says was paid.
    const [paid] = await selectRows(
      db(),
      z.object({ cents: integerColumn }),
      sql`select coalesce(sum(amount_cents), 0)::bigint as cents from payouts where status = 'paid'`,
    );
    expect(figures.paid_out).toBe(paid?.cents);

    // Reported in dollars, each figure in the reporting currency is the dollar figure.
    expect(response.body.totals.map((total) => total.converted_cents)).toEqual(
      dollarFigures.map((figure) => figure.cents),
    );

    const file = await admin.call(accountingContract.monthEndCsv, { query: { month } });
    const records = csvRecords(file.rawPayload.toString('utf8'));
    const dollarRows = records.filter((record) => record.Currency === 'USD');
    expect(dollarRows.map((record) => centsOf(record.Amount))).toEqual(dollarFigures.map((figure) => figure.cents));
    expect(dollarRows.map((record) => centsOf(record['Amount in USD']))).toEqual(
      dollarFigures.map((figure) => figure.cents),
    );
    const totalRows = records.filter((record) => record.Currency === 'All currencies');
    expect(totalRows.map((record) => centsOf(record['Amount in USD']))).toEqual(
      response.body.totals.map((total) => total.converted_cents),
    );
  });

  it('uses the accountant’s codes saved in System Settings, audit-logged, with a sentence for each bad field', async () => {
    const codes = structuredClone(defaultAccountCodes);
    codes.accounts.escrow = { code: '2350', name: 'Client money held' };
    codes.xero_tax_rate = 'No GST';
    const saved = await admin.call(settingsContract.updateAccountCodes, { body: codes });
    expect(saved.statusCode, saved.rawPayload.toString()).toBe(200);
    expect((await admin.call(settingsContract.accountCodes)).body?.codes).toEqual(codes);
    const [audit] = await db()
      .select({ details: auditLogs.details })
      .from(auditLogs)
      .where(eq(auditLogs.action, 'settings.account_codes_updated'));
    expect(audit?.details).toMatchObject({
      changed: ['escrow', 'xero_tax_rate'],
      before: { escrow: defaultAccountCodes.accounts.escrow },
      after: { escrow: { code: '2350', name: 'Client money held' } },
    });
    const records = csvRecords(
      (await admin.call(accountingContract.xeroJournal, { query: period })).rawPayload.toString('utf8'),
    );
    expect(records.filter((record) => record.AccountCode === '2350')).not.toHaveLength(0);
    expect(records.every((record) => record.TaxRate === 'No GST' && record.AccountCode !== '2300')).toBe(true);

    const bad = structuredClone(codes);
    bad.accounts.talent_available = { code: '21 10', name: '' };
    bad.accounts.talent_pending = { code: '2350', name: 'Something else' };
    const refused = await admin.call(settingsContract.updateAccountCodes, { body: bad });
    expect(refused.statusCode).toBe(400);
    expect(refused.error?.fields).toMatchObject({
      'accounts.talent_available.code': accountingTexts.code,
      'accounts.talent_available.name': accountingTexts.name,
    });
    const clash = structuredClone(codes);
    clash.accounts.talent_pending = { code: '2350', name: 'Something else' };
    const clashing = await admin.call(settingsContract.updateAccountCodes, { body: clash });
    expect(clashing.statusCode).toBe(400);
    expect(
      clashing.error?.fields?.['accounts.escrow.name'] ?? clashing.error?.fields?.['accounts.talent_pending.name'],
    ).toBe(accountingTexts.nameDiffers('2350'));
    expect((await admin.call(settingsContract.accountCodes)).body?.codes).toEqual(codes);
  });

  it('refuses a period that is not one with a sentence, and everyone but administrators', async () => {
    const backwards = await admin.call(accountingContract.xeroJournal, { query: { from: period.to, to: period.from } });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.error?.fields?.to).toBe(accountingTexts.periodOrder);
    const notADay = await admin.callUnchecked(accountingContract.quickbooksJournal, {
      query: { from: '2026-02-30', to: '2026-03-01' },
    });
    expect(notADay.statusCode).toBe(400);
    expect(notADay.error?.fields?.from).toBe(accountingTexts.day('start of the period'));
    const badMonth = await admin.callUnchecked(accountingContract.monthEnd, { query: { month: '2026-13' } });
    expect(badMonth.statusCode).toBe(400);
    expect(badMonth.error?.error).toContain(accountingTexts.month);

    for (const account of [company, talent]) {
      expect((await account.call(accountingContract.xeroJournal, { query: period })).statusCode).toBe(403);
      expect((await account.call(accountingContract.quickbooksJournal, { query: period })).statusCode).toBe(403);
      expect((await account.call(accountingContract.trialBalance, { query: { as_of: period.to } })).statusCode).toBe(
        403,
      );
      expect((await account.call(accountingContract.trialBalanceCsv, { query: { as_of: period.to } })).statusCode).toBe(
        403,
      );
      expect((await account.call(accountingContract.monthEnd, { query: { month } })).statusCode).toBe(403);
      expect((await account.call(accountingContract.monthEndCsv, { query: { month } })).statusCode).toBe(403);
      expect((await account.call(settingsContract.accountCodes)).statusCode).toBe(403);
      expect((await account.call(settingsContract.updateAccountCodes, { body: defaultAccountCodes })).statusCode).toBe(
        403,
      );
    }
  });
});
