import { randomUUID } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { BodyOf } from '~/shared/contract';
import { adminInvoicesContract, invoicesContract } from '~/shared/contracts/billing';
import { earningsContract } from '~/shared/contracts/earnings';
import { fxRatesContract } from '~/shared/contracts/fx-rates';
import { notificationsContract } from '~/shared/contracts/notifications';
import { adminPaymentsContract, paymentsContract } from '~/shared/contracts/payments';
import { payoutsContract } from '~/shared/contracts/payouts';
import { workContract } from '~/shared/contracts/work';
import type { billingCurrencies } from '~/shared/currencies';
import { payoutTexts } from '~/shared/payouts';
import { idRow, integerColumn } from '../db/row-columns';
import {
  companies,
  emailOutbox,
  invoices,
  oneTimeTokens,
  payoutMethods,
  payouts,
  platformSettings,
} from '../db/schema';
import { selectRows } from '../db/select-rows';
import { accountSums } from '../kernels/money/account-sums';
import { makeEarningsAvailable } from '../kernels/money/make-earnings-available';
import { talentBalanceOf } from '../kernels/money/talent-balance-of';
import { hashToken } from '../platform/secure-tokens';
import { addDays, isoDay, weekStartOf } from '../platform/work-calendar';
import { signedInAccount } from '../testing/auth-helpers';
import { type Account, companyAccount } from '../testing/job-board-test-helpers';
import { taxFormOnFile } from '../testing/tax-form-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';
import { buildAssignment, buildTimesheet } from '../testing/work-factories';
import { preparePayoutRun } from './prepare-payout-run';

type CompanyAccount = Account & { companyId: string };
type NewPayoutMethod = BodyOf<typeof payoutsContract.addMethod>['method'];

const weeksAgo = (weeks: number) => addDays(weekStartOf(isoDay(new Date())), -7 * weeks);
const card = (number: string) => ({
  kind: 'card' as const,
  card_number: number,
  exp_month: 12,
  exp_year: 2030,
  cvc: '123',
});
const bankAccount: NewPayoutMethod = {
  kind: 'bank_account',
  holder_name: 'Lena Ortiz',
  bank_name: 'BDO Unibank',
  account_number: '0012 3456 7890',
  bank_code_type: 'swift',
  bank_code: 'BNORPHMM',
};
const HOUR = 3_600_000;

// Paying the talent (decision 036), through the API on a real database: approved weeks become earnings in
// the ledger, pending until the company pays and the security period passes, then available; a payout run
// an administrator approves sends them to the method the talent chose, after its 72-hour wait; the bank
// file and its results; refunds taking earnings back; and the ledger balancing throughout.
describe('payouts', () => {
  let testApp: TestApp;
  let admin: Account;

  beforeAll(async () => {
    testApp = await createTestApp();
    admin = await signedInAccount(testApp, { role: 'admin' });
    // Earnings wait for the payment, then no security period: the tests move time by the ledger's rule.
    await db()
      .insert(platformSettings)
      .values([
        { key: 'payouts_wait_for_payment', value: true },
        { key: 'payout_security_days', value: 0 },
      ])
      .onConflictDoUpdate({ target: platformSettings.key, set: { value: sql`excluded.value` } });
    await testApp.app.appContext.settings.invalidate();
  });
  afterAll(async () => {
    await testApp.close();
  });

  const db = () => testApp.database.db;
  const settings = { payouts_wait_for_payment: true, payout_security_days: 0 };
  const addMethod = (talent: Account, body: BodyOf<typeof payoutsContract.addMethod>) =>
    talent.call(payoutsContract.addMethod, { body });
  const balanceOf = async (talent: Account) => (await talent.call(payoutsContract.balance)).body;
  const approveRun = (account: Account, runId: string) =>
    account.call(payoutsContract.approveRun, { params: { id: runId } });
  const refund = (paymentId: string) => admin.call(adminPaymentsContract.refund, { params: { id: paymentId } });
  const placeHold = (body: BodyOf<typeof payoutsContract.placeHold>) => admin.call(payoutsContract.placeHold, { body });
  const releaseHold = (id: string, reason: string) =>
    admin.call(payoutsContract.releaseHold, { params: { id }, body: { reason } });

  // A talent (a new one unless given) with a week of `minutes` approved through the API by a company of its
  // own (so each test's invoice is that company's first), at 40 billed / 32 paid an hour in the company's
  // billing currency.
  async function talentWithApprovedWeek(
    minutes: number,
    weeks = 2,
    {
      billingCurrency = 'USD',
      worker,
    }: { billingCurrency?: (typeof billingCurrencies)[number]; worker?: Account } = {},
  ) {
    const company = await companyAccount(testApp);
    await db().update(companies).set({ billingCurrency }).where(eq(companies.id, company.companyId));
    const talent = worker ?? (await signedInAccount(testApp, { role: 'applicant' }));
    const assignment = await buildAssignment(db(), {
      companyId: company.companyId,
      applicantId: talent.user.id,
      role: 'Support Specialist',
      rateCents: 4000,
      payRateCents: 3200,
      startDate: weeksAgo(10),
    });
    const week = await buildTimesheet(db(), {
      assignmentId: assignment.id,
      weekStart: weeksAgo(weeks),
      status: 'submitted',
      minutes: { [addDays(weeksAgo(weeks), 1)]: minutes },
    });
    const approved = await company.call(workContract.approveTimesheet, { params: { id: week.id }, body: {} });
    expect(approved.statusCode, approved.rawPayload.toString()).toBe(200);
    return { talent, company, timesheetId: week.id };
  }

  // An administrator's Issue invoice now: the company's approved weeks, billed today.
  async function issueInvoice(company: CompanyAccount) {
    const issued = await admin.call(adminInvoicesContract.issueNow, { params: { id: company.companyId } });
    expect(issued.statusCode, issued.rawPayload.toString()).toBe(201);
    const [invoice] = await db()
      .select()
      .from(invoices)
      .where(eq(invoices.id, issued.body.invoice?.id ?? ''));
    if (!invoice) throw new Error('No invoice was issued.');
    return invoice;
  }

  async function invoiceAndPay(company: CompanyAccount) {
    const invoice = await issueInvoice(company);
    const paid = await company.call(paymentsContract.payInvoice, {
      params: { id: invoice.id },
      body: { new_method: card('4242 4242 4242 4242') },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(paid.statusCode, paid.rawPayload.toString()).toBe(200);
    return invoice;
  }

  // With the tax form a run asks of whoever it pays (issue 56).
  async function addBankAccount(talent: Account, body: NewPayoutMethod = bankAccount) {
    await taxFormOnFile(testApp, talent.user.id);
    return addMethod(talent, { method: body, proof: { password: talent.password ?? undefined } });
  }

  // The method's wait, passed: as if it had been added three days and a minute ago.
  const waitOver = (methodId: string) =>
    db()
      .update(payoutMethods)
      .set({ usableFrom: new Date(Date.now() - 60_000) })
      .where(eq(payoutMethods.id, methodId));

  async function expectBalanced() {
    const { total } = await accountSums(db());
    expect(total).toBe(0);
  }

  it('splits a paid invoice exactly into the talent’s earnings, the margin, the fee and the tax', async () => {
    const { talent, company } = await talentWithApprovedWeek(600, 3);
    // Approved: the talent is owed 10 h × $32, pending until the company pays.
    expect(await talentBalanceOf(db(), talent.user.id)).toMatchObject([
      { currency: 'USD', pendingCents: 32_000, availableCents: 0 },
    ]);
    const invoice = await invoiceAndPay(company);
    const lines = await selectRows(
      db(),
      z.object({ account: z.string(), cents: integerColumn }),
      sql`select e.account, sum(e.amount_cents)::bigint as cents
          from ledger_entries e join ledger_transactions l on l.id = e.transaction_id
          where l.invoice_id = ${invoice.id} and l.kind = 'invoice_issued' group by e.account`,
    );
    // What an account was credited (0 − its sum, so nothing credited reads 0, not −0).
    const of = (account: string) => 0 - Number(lines.find((line) => line.account === account)?.cents ?? 0);
    // Revenue is the margin ($400 billed − $320 paid) and the fee; the talent's $320 was owed since approval.
    expect(of('platform_revenue')).toBe(invoice.subtotalCents - 32_000 + invoice.feeCents);
    expect(of('tax_payable')).toBe(invoice.taxCents);
    expect(32_000 + of('platform_revenue') + of('tax_payable')).toBe(invoice.totalCents);
    await expectBalanced();
  });

  it('moves earnings pending → available → paid through a run an administrator approves, to a bank account', async () => {
    const { talent, company } = await talentWithApprovedWeek(300, 4);
    // Awaiting the invoice, then the payment: pending, and the list says why.
    const before = (await talent.call(earningsContract.weeks)).body.items[0];
    expect(before).toMatchObject({ payout_stage: 'pending', pending_reason: payoutTexts.pendingAwaitingInvoice });
    const invoice = await issueInvoice(company);
    const invoiced = (await talent.call(earningsContract.weeks)).body.items[0];
    expect(invoiced?.pending_reason).toBe(payoutTexts.pendingAwaitingPayment);

    const added = await addBankAccount(talent);
    expect(added.statusCode, added.rawPayload.toString()).toBe(201);
    const method = added.body;
    expect(method).toMatchObject({ kind: 'bank_account', is_default: true, holder_name: 'Lena Ortiz' });
    expect(method.label).toBe('Bank transfer · BDO Unibank · ending in 7890');
    expect(added.rawPayload.toString()).not.toContain('001234567890');
    expect(new Date(method.usable_from).getTime() - Date.now()).toBeGreaterThan(71 * HOUR);
    const [mail] = await db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, talent.user.email))
      .orderBy(desc(emailOutbox.createdAt))
      .limit(1);
    expect(mail?.subject).toBe('A payout method was added to your Tandem account');

    const paid = await company.call(paymentsContract.payInvoice, {
      params: { id: invoice.id },
      body: { new_method: card('4242 4242 4242 4242') },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(paid.statusCode, paid.rawPayload.toString()).toBe(200);
    await makeEarningsAvailable({ db: db(), now: new Date(), settings });
    const balance = await balanceOf(talent);
    expect(balance.balances).toMatchObject([{ currency: 'USD', pending_cents: 0, available_cents: 16_000 }]);
    // The method is still in its wait: the balance is not paid yet, and the talent is told why.
    expect(balance.next_payout).toMatchObject({ amount_cents: 0, blocked_by: 'method_waiting' });

    await waitOver(method.id);
    const prepared = await admin.call(payoutsContract.prepareRun);
    expect(prepared.statusCode, prepared.rawPayload.toString()).toBe(200);
    const run = prepared.body;
    expect(run).toMatchObject({ status: 'draft', was_waiting: false });
    // Asked again while it awaits approval: the same run, nothing added.
    expect((await admin.call(payoutsContract.prepareRun)).body).toMatchObject({ id: run.id, was_waiting: true });
    const lines = (await admin.call(payoutsContract.runLines, { params: { id: run.id }, query: { page_size: 100 } }))
      .body;
    const line = lines.items.find((item) => item.applicant_id === talent.user.id);
    expect(line).toMatchObject({ status: 'planned', amount_cents: 16_000, currency: 'USD', provider: 'bank_file' });

    // Only an administrator approves; the talent cannot.
    expect((await approveRun(talent, run.id)).statusCode).toBe(403);
    const approved = await approveRun(admin, run.id);
    expect(approved.statusCode, approved.rawPayload.toString()).toBe(200);
    expect((await approveRun(admin, run.id)).error?.error).toBe(payoutTexts.runAlreadyApproved);
    expect((await balanceOf(talent)).balances).toMatchObject([
      { currency: 'USD', available_cents: 0, in_transit_cents: 16_000 },
    ]);

    const bankFile = await admin.call(payoutsContract.bankFile, { params: { id: run.id } });
    expect(bankFile.statusCode).toBe(200);
    const bankFileText = bankFile.rawPayload.toString();
    expect(bankFileText).toContain(`${line?.id},`);
    expect(bankFileText).toContain('001234567890');
    expect(bankFileText).toContain('160.00,USD');

    const results = `payout_id,status,reference,reason\n${line?.id},paid,WISE-778899,\n`;
    // The file as the text an upload sends, where the contract's file type names a Blob.
    const importResults = (csv: string) =>
      admin.callUnchecked(payoutsContract.importResults, {
        params: { id: run.id },
        body: csv,
        headers: { 'content-type': 'text/csv' },
      });
    const imported = await importResults(results);
    expect(imported.statusCode, imported.rawPayload.toString()).toBe(200);
    expect((await balanceOf(talent)).balances).toMatchObject([
      { currency: 'USD', available_cents: 0, in_transit_cents: 0, paid_out_cents: 16_000 },
    ]);
    // The same file again changes nothing; a file that says the paid payout failed is refused in words.
    expect((await importResults(results)).statusCode).toBe(200);
    const contradicting = await importResults(
      `payout_id,status,reference,reason\n${line?.id},failed,,Account closed\n`,
    );
    expect(contradicting.statusCode).toBe(409);
    expect(contradicting.error?.error).toBe(payoutTexts.resultContradicts(line?.id ?? '', 'paid'));
    const history = (await talent.call(payoutsContract.payouts)).body;
    expect(history.items[0]).toMatchObject({ status: 'paid', amount_cents: 16_000, reference: 'WISE-778899' });
    const [sent] = await db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, talent.user.email))
      .orderBy(desc(emailOutbox.createdAt))
      .limit(1);
    expect(sent?.subject).toBe('Your payout of $160.00 is on its way');
    await expectBalanced();
  });

  it('asks for a fresh proof and checks every field by its format before storing a method', async () => {
    const talent = await signedInAccount(testApp, { role: 'applicant' });
    const wrong = await addMethod(talent, { method: bankAccount, proof: { password: 'not the password' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.error?.fields).toEqual({ 'proof.password': payoutTexts.passwordWrong });
    const badIban = await addBankAccount(talent, {
      ...bankAccount,
      account_number: 'GB82 WEST 1234 5698 7654 33',
      bank_code_type: 'aba',
      bank_code: '123456789',
    });
    expect(badIban.statusCode).toBe(400);
    expect(badIban.error?.fields).toEqual({
      'method.account_number': payoutTexts.ibanChecksum,
      'method.bank_code': payoutTexts.aba,
    });
    const iban = await addBankAccount(talent, {
      ...bankAccount,
      account_number: 'GB82 WEST 1234 5698 7654 32',
      bank_code: 'NWBKGB2L',
    });
    expect(iban.statusCode, iban.rawPayload.toString()).toBe(201);
    const paypal = await addMethod(talent, {
      method: { kind: 'paypal', email: 'Lena@Example.com' },
      proof: { password: talent.password ?? undefined },
    });
    expect(paypal.statusCode, paypal.rawPayload.toString()).toBe(201);
    expect(paypal.body).toMatchObject({ label: 'PayPal · l***@example.com', is_default: false });
    // The default goes last; another can be made the default with the proof.
    const first = iban.body;
    expect((await talent.call(payoutsContract.removeMethod, { params: { id: first.id } })).error?.error).toBe(
      payoutTexts.removeDefaultFirst,
    );
    const switched = await talent.call(payoutsContract.makeDefault, {
      params: { id: paypal.body.id },
      body: { proof: { password: talent.password ?? undefined } },
    });
    expect(switched.body).toMatchObject({ is_default: true });
    // Nobody else reads or changes them.
    const other = await signedInAccount(testApp, { role: 'applicant' });
    expect((await other.call(payoutsContract.methods)).body.items).toEqual([]);
    expect((await other.call(payoutsContract.removeMethod, { params: { id: first.id } })).statusCode).toBe(404);
    expect((await admin.call(payoutsContract.methods)).statusCode).toBe(403);
  });

  // An emailed code would let whoever reads the talent's mail send their pay elsewhere (decision 036).
  it('confirms a person who has a password with it alone: no code is sent, and a code is no proof', async () => {
    const talent = await signedInAccount(testApp, { role: 'applicant' });
    const method: NewPayoutMethod = { kind: 'wise', email: 'me@example.com' };
    const none = await addMethod(talent, { method, proof: {} });
    expect(none.statusCode).toBe(400);
    expect(none.error?.fields).toEqual({ 'proof.password': payoutTexts.passwordNeeded });
    const askedForCode = await talent.call(payoutsContract.sendCode);
    expect(askedForCode.statusCode).toBe(409);
    expect(askedForCode.error?.error).toBe(payoutTexts.passwordInstead);
    const mailed = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, talent.user.email));
    expect(mailed).toEqual([]);
    // A code issued before they set a password (it was their proof then) no longer counts.
    await db()
      .insert(oneTimeTokens)
      .values({
        userId: talent.user.id,
        purpose: 'payout_method',
        tokenHash: hashToken(`${talent.user.id}:123456`),
        expiresAt: new Date(Date.now() + 600_000),
      });
    const byCode = await addMethod(talent, { method, proof: { email_code: '123456' } });
    expect(byCode.statusCode).toBe(400);
    expect(byCode.error?.fields).toEqual({ 'proof.password': payoutTexts.passwordInstead });
    const byPassword = await addMethod(talent, { method, proof: { password: talent.password ?? undefined } });
    expect(byPassword.statusCode, byPassword.rawPayload.toString()).toBe(201);
  });

  it('confirms a person without a password by a code sent by email, once', async () => {
    const talent = await signedInAccount(testApp, { role: 'applicant' });
    await db().execute(sql`update users set password_hash = null where id = ${talent.user.id}`);
    const noPassword = await addMethod(talent, {
      method: { kind: 'wise', email: 'me@example.com' },
      proof: { password: 'anything' },
    });
    expect(noPassword.error?.fields).toEqual({ 'proof.email_code': payoutTexts.noPassword });
    expect((await talent.call(payoutsContract.sendCode)).statusCode).toBe(204);
    const [mail] = await db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, talent.user.email))
      .orderBy(desc(emailOutbox.createdAt))
      .limit(1);
    const code = mail?.subject.slice(0, 6) ?? '';
    expect(code).toMatch(/^\d{6}$/);
    const added = await addMethod(talent, {
      method: { kind: 'wise', email: 'me@example.com' },
      proof: { email_code: code },
    });
    expect(added.statusCode, added.rawPayload.toString()).toBe(201);
    const again = await addMethod(talent, {
      method: { kind: 'payoneer', email: 'me@example.com' },
      proof: { email_code: code },
    });
    expect(again.error?.fields).toEqual({ 'proof.email_code': payoutTexts.codeWrong });
  });

  it('takes back earnings not yet paid out when their payment is refunded, and recovers a negative balance', async () => {
    const { talent, company } = await talentWithApprovedWeek(120, 5);
    const invoice = await invoiceAndPay(company);
    await makeEarningsAvailable({ db: db(), now: new Date(), settings });
    expect(await talentBalanceOf(db(), talent.user.id)).toMatchObject([{ currency: 'USD', availableCents: 6_400 }]);
    const [payment] = await selectRows(
      db(),
      idRow,
      sql`select id from payments where invoice_id = ${invoice.id} and status = 'completed'`,
    );
    const refunded = await refund(payment?.id ?? '');
    expect(refunded.statusCode, refunded.rawPayload.toString()).toBe(200);
    // The company's payment no longer reads Completed, and the refund is its credit note (decision 048).
    const shown = (await company.call(paymentsContract.payments, { query: {} })).body.items.find(
      (item) => item.id === payment?.id,
    );
    expect(shown).toMatchObject({ display_status: 'refunded', refunded_cents: shown?.amount_cents });
    const notes = (await company.call(invoicesContract.creditNotes, { query: {} })).body.items;
    expect(notes.map((note) => [note.invoice_id, note.total_cents])).toEqual([[invoice.id, shown?.amount_cents]]);
    // Back to pending until the company pays again: nothing of it can be paid out.
    expect(await talentBalanceOf(db(), talent.user.id)).toMatchObject([
      { currency: 'USD', pendingCents: 6_400, availableCents: 0 },
    ]);
    // Never silently: the talent is told.
    const [notice] = await selectRows(
      db(),
      z.object({ type: z.string(), title: z.string() }),
      sql`select type, title from notifications where user_id = ${talent.user.id} and type = 'earnings_changed'`,
    );
    expect(notice?.title).toBe('$64.00 of your earnings is pending again');
    const listed = (await talent.call(earningsContract.weeks)).body.items[0];
    expect(listed).toMatchObject({ payout_stage: 'pending', pending_reason: payoutTexts.pendingReclaimed });
    // Maturing again does nothing while the invoice is unpaid.
    await makeEarningsAvailable({ db: db(), now: new Date(), settings });
    expect(await talentBalanceOf(db(), talent.user.id)).toMatchObject([{ currency: 'USD', availableCents: 0 }]);
    await expectBalanced();
  });

  it('makes one run at a time and one payout per talent when preparations and approvals race', async () => {
    const { talent, company } = await talentWithApprovedWeek(60, 6);
    await invoiceAndPay(company);
    const method = (await addBankAccount(talent)).body;
    await waitOver(method.id);
    const prepare = (day: string) =>
      preparePayoutRun({ db: db(), settings: { ...settings, payout_minimum_cents: 2000 }, day }).then(
        ({ runId }) => runId,
      );
    // Two instances preparing at once (the same day or not) make one run: one awaits approval at a time.
    const [first, again, nextDay] = await Promise.all([
      prepare('2031-01-06'),
      prepare('2031-01-06'),
      prepare('2031-01-13'),
    ]);
    expect(new Set([first, again, nextDay]).size).toBe(1);
    const approve = () => approveRun(admin, first);
    const approvals = await Promise.all([approve(), approve(), approve()]);
    expect(approvals.map((response) => response.statusCode).sort()).toEqual([200, 409, 409]);
    const mine = await db().select().from(payouts).where(eq(payouts.applicantId, talent.user.id));
    expect(mine.map((line) => line.status)).toEqual(['sent']);
    const sentTransactions = await selectRows(
      db(),
      z.object({ n: integerColumn }),
      sql`select count(*)::int as n from ledger_transactions where kind = 'payout_sent' and applicant_id = ${talent.user.id}`,
    );
    expect(sentTransactions[0]?.n).toBe(1);
    // A failure puts the money back, and the talent hears why.
    const sentLine = mine.find((line) => line.status === 'sent');
    const markFailed = (reason: string) =>
      admin.call(payoutsContract.markFailed, { params: { id: sentLine?.id ?? '' }, body: { reason } });
    const failed = await markFailed('The account is closed.');
    expect(failed.statusCode, failed.rawPayload.toString()).toBe(200);
    expect(failed.body).toMatchObject({ status: 'failed', failure_reason: 'The account is closed.' });
    expect(await talentBalanceOf(db(), talent.user.id)).toMatchObject([
      { currency: 'USD', availableCents: 3_200, inTransitCents: 0 },
    ]);
    const short = await markFailed('x');
    expect(short.error?.fields).toEqual({ reason: payoutTexts.reasonNeeded });
    await expectBalanced();
  });

  it('holds a talent’s payouts with a reason, audited, and releases them', async () => {
    const { talent } = await talentWithApprovedWeek(60, 7);
    const placed = await placeHold({ applicant_id: talent.user.id, reason: 'Checking identity.' });
    expect(placed.statusCode, placed.rawPayload.toString()).toBe(201);
    expect(placed.body.hold).toMatchObject({ reason: 'Checking identity.' });
    const twice = await placeHold({ applicant_id: talent.user.id, reason: 'Again.' });
    expect(twice.error?.error).toBe(payoutTexts.holdExists);
    expect(await balanceOf(talent)).toMatchObject({ on_hold: true });
    const listed = (await admin.call(payoutsContract.balances, { query: { only: 'on_hold', page_size: 100 } })).body;
    expect(listed.items.map((row) => row.applicant_id)).toContain(talent.user.id);
    const released = await releaseHold(placed.body.hold?.id ?? '', 'Identity confirmed.');
    expect(released.body.hold).toBeNull();
    const audit = await selectRows(
      db(),
      z.object({ action: z.string() }),
      sql`select action from audit_logs where target_id = ${talent.user.id} and action like 'payout_hold.%' order by created_at`,
    );
    expect(audit.map((row) => row.action)).toEqual(['payout_hold.placed', 'payout_hold.released']);
    const { currencies } = (await admin.call(payoutsContract.ledger)).body;
    expect(currencies.map((block) => block.imbalance_cents)).toEqual(currencies.map(() => 0));
  });

  it('stops a planned payout when a hold is placed before the run is approved, and pays the method chosen now', async () => {
    const { talent, company } = await talentWithApprovedWeek(90, 8);
    await invoiceAndPay(company);
    const bank = (await addBankAccount(talent)).body;
    await waitOver(bank.id);
    const runSettings = { ...settings, payout_minimum_cents: 2000 };
    const { runId: held } = await preparePayoutRun({ db: db(), settings: runSettings, day: '2032-02-02' });
    const placed = await placeHold({ applicant_id: talent.user.id, reason: 'Checking a dispute.' });
    expect(placed.statusCode, placed.rawPayload.toString()).toBe(201);
    expect((await approveRun(admin, held)).statusCode).toBe(200);
    const lineOf = async (runId: string) =>
      (await db().select().from(payouts).where(eq(payouts.runId, runId))).find(
        (line) => line.applicantId === talent.user.id,
      );
    const stopped = await lineOf(held);
    expect(stopped).toMatchObject({ status: 'exception', exception: 'on_hold' });
    expect(await talentBalanceOf(db(), talent.user.id)).toMatchObject([
      { currency: 'USD', availableCents: 4_800, inTransitCents: 0 },
    ]);

    await releaseHold(placed.body.hold?.id ?? '', 'Dispute closed.');
    const { runId: next } = await preparePayoutRun({ db: db(), settings: runSettings, day: '2032-02-09' });
    const paypal = await addMethod(talent, {
      method: { kind: 'paypal', email: 'lena@example.com' },
      proof: { password: talent.password ?? undefined },
    });
    await waitOver(paypal.body.id);
    await talent.call(payoutsContract.makeDefault, {
      params: { id: paypal.body.id },
      body: { proof: { password: talent.password ?? undefined } },
    });
    expect((await approveRun(admin, next)).statusCode).toBe(200);
    const sent = await lineOf(next);
    expect(sent).toMatchObject({
      status: 'sent',
      methodId: paypal.body.id,
      methodLabel: 'PayPal · l***@example.com',
    });
    await expectBalanced();
  });

  it('reminds, once a run, the talents it cannot pay for want of a payout method, by email and in Tandem', async () => {
    const { talent, company } = await talentWithApprovedWeek(120, 10);
    await invoiceAndPay(company);
    const { runId } = await preparePayoutRun({
      db: db(),
      settings: { ...settings, payout_minimum_cents: 2000 },
      day: '2034-03-06',
    });
    const run = (await admin.call(payoutsContract.run, { params: { id: runId } })).body;
    expect(run.remindable_count).toBeGreaterThanOrEqual(1);
    expect(run.reminded_at).toBeNull();

    // Only an administrator reminds.
    const remind = (account: Account) => account.call(payoutsContract.remindRun, { params: { id: runId } });
    expect((await remind(talent)).statusCode).toBe(403);
    const reminded = await remind(admin);
    expect(reminded.statusCode, reminded.rawPayload.toString()).toBe(200);
    expect(reminded.body.reminded).toBe(run.remindable_count);
    expect(reminded.body.run.reminded_at).not.toBeNull();
    const remindersTo = async (email: string) =>
      (await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, email))).filter((mail) =>
        mail.subject.endsWith('is waiting for you on Tandem'),
      );
    const [reminder, ...more] = await remindersTo(talent.user.email);
    expect(more).toEqual([]);
    expect(reminder?.subject).toBe('$64.00 is waiting for you on Tandem');
    expect(reminder?.text).toContain('you have not added a payout method');
    const told = (await talent.call(notificationsContract.list)).body.items;
    expect(told).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          title: '$64.00 is waiting for you',
          body: 'Add a payout method in Earnings and the next payout run pays you.',
        }),
      ]),
    );

    // Twice is refused, and writes to nobody again.
    const again = await remind(admin);
    expect(again.statusCode).toBe(409);
    expect(again.error?.error).toBe(payoutTexts.alreadyReminded);
    expect(await remindersTo(talent.user.email)).toHaveLength(1);
    expect((await approveRun(admin, runId)).statusCode).toBe(200);
  });

  it('cancels a planned payout whose money a refund took back before the run was approved', async () => {
    const { talent, company } = await talentWithApprovedWeek(75, 9);
    const invoice = await invoiceAndPay(company);
    await waitOver((await addBankAccount(talent)).body.id);
    const { runId } = await preparePayoutRun({
      db: db(),
      settings: { ...settings, payout_minimum_cents: 2000 },
      day: '2033-05-02',
    });
    const [payment] = await selectRows(
      db(),
      idRow,
      sql`select id from payments where invoice_id = ${invoice.id} and status = 'completed'`,
    );
    expect((await refund(payment?.id ?? '')).statusCode).toBe(200);
    expect((await approveRun(admin, runId)).statusCode).toBe(200);
    const line = (await db().select().from(payouts).where(eq(payouts.runId, runId))).find(
      (candidate) => candidate.applicantId === talent.user.id,
    );
    expect(line).toMatchObject({
      status: 'cancelled',
      failureReason: 'The available balance changed before approval.',
    });
    expect(await talentBalanceOf(db(), talent.user.id)).toMatchObject([
      {
        currency: 'USD',
        pendingCents: 4_000,
        availableCents: 0,
        inTransitCents: 0,
      },
    ]);
    await expectBalanced();
  });

  it('converts each part at the rates in force when the run is approved, every currency balancing', async () => {
    const today = isoDay(new Date());
    const enterRate = async (quote: 'USD' | 'PHP', rate: string) => {
      const entered = await admin.call(fxRatesContract.enter, { body: { base: 'EUR', quote, rate, rate_date: today } });
      expect(entered.statusCode, entered.rawPayload.toString()).toBe(201);
    };
    // As the ECB quotes them, against the euro: dollars to pesos is a cross rate.
    await enterRate('USD', '1.08');
    await enterRate('PHP', '63');
    const margin = await admin.call(fxRatesContract.updateSettings, {
      body: { margin_basis_points: 150, max_rate_age_days: 3, reporting_currency: 'USD' },
    });
    expect(margin.statusCode, margin.rawPayload.toString()).toBe(200);
    // One talent earned €64 and $32 and is paid in pesos; another earned €32 and is paid in dollars.
    const euros = await talentWithApprovedWeek(120, 12, { billingCurrency: 'EUR' });
    const dollars = await talentWithApprovedWeek(60, 12, { worker: euros.talent });
    const paidInDollars = await talentWithApprovedWeek(60, 12, { billingCurrency: 'EUR' });
    for (const { company } of [euros, dollars, paidInDollars]) await invoiceAndPay(company);
    await makeEarningsAvailable({ db: db(), now: new Date(), settings });
    for (const [{ talent }, currency] of [
      [euros, 'PHP'],
      [paidInDollars, 'USD'],
    ] as const) {
      const method = (await addBankAccount(talent)).body;
      await waitOver(method.id);
      await db().update(payoutMethods).set({ currency }).where(eq(payoutMethods.id, method.id));
    }
    const { runId } = await preparePayoutRun({
      db: db(),
      settings: { ...settings, payout_minimum_cents: 2000 },
      day: '2034-03-06',
    });
    const lineOf = async (talent: Account) => {
      const [line] = await db()
        .select()
        .from(payouts)
        .where(sql`${payouts.runId} = ${runId} and ${payouts.applicantId} = ${talent.user.id}`);
      // The rate as the kernel writes it, without numeric's trailing zeros.
      const parts = await selectRows(
        db(),
        z.object({
          source_currency: z.string(),
          source_cents: integerColumn,
          amount_cents: integerColumn,
          margin_cents: integerColumn,
          margin_basis_points: integerColumn,
          rate: z.string().nullable(),
          rate_date: z.string().nullable(),
          rate_source: z.string().nullable(),
        }),
        sql`select source_currency, source_cents, amount_cents, margin_cents, margin_basis_points,
                   trim_scale(rate)::text as rate, rate_date::text as rate_date, rate_source
            from payout_parts where payout_id = ${line?.id ?? null} order by source_currency`,
      );
      return { line, parts };
    };
    // Prepared at ₱63 a euro: €64 → ₱4,032.00 less 1.5%, $32 at 63 ÷ 1.08 → ₱1,866.67 less 1.5%.
    expect((await lineOf(euros.talent)).line).toMatchObject({ currency: 'PHP', amountCents: 397_152 + 183_867 });

    // The euro's peso rate corrected by hand before approval: approval converts at it, and the dollar's
    // rate, unchanged, stays as prepared.
    await enterRate('PHP', '63.5');
    const approved = await approveRun(admin, runId);
    expect(approved.statusCode, approved.rawPayload.toString()).toBe(200);
    const inPesos = await lineOf(euros.talent);
    expect(inPesos.line).toMatchObject({ status: 'sent', currency: 'PHP', amountCents: 400_304 + 185_326 });
    const part = { rate_date: today, rate_source: 'manual', margin_basis_points: 150 };
    expect(inPesos.parts).toEqual([
      {
        ...part,
        source_currency: 'EUR',
        source_cents: 6_400,
        amount_cents: 400_304,
        margin_cents: 6_096,
        rate: '63.5',
      },
      {
        ...part,
        source_currency: 'USD',
        source_cents: 3_200,
        amount_cents: 185_326,
        margin_cents: 2_822,
        rate: '58.7962962963',
      },
    ]);
    const inDollars = await lineOf(paidInDollars.talent);
    expect(inDollars.line).toMatchObject({ status: 'sent', currency: 'USD', amountCents: 3_404 });
    expect(inDollars.parts).toEqual([
      { ...part, source_currency: 'EUR', source_cents: 3_200, amount_cents: 3_404, margin_cents: 52, rate: '1.08' },
    ]);

    // Each part leaves the talent's balance in its own currency and passes through fx_conversion into pesos;
    // what the talent does not receive of the conversion is the margin kept.
    const sentLines = await selectRows(
      db(),
      z.object({ account: z.string(), currency: z.string(), cents: integerColumn }),
      sql`select e.account::text, e.currency, sum(e.amount_cents)::bigint as cents
          from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
          where t.key = ${`payout-sent:${inPesos.line?.id}`}
          group by e.account, e.currency order by 1, 2`,
    );
    expect(sentLines).toEqual([
      { account: 'fx_conversion', currency: 'EUR', cents: -6_400 },
      { account: 'fx_conversion', currency: 'PHP', cents: 406_400 + 188_148 },
      { account: 'fx_conversion', currency: 'USD', cents: -3_200 },
      { account: 'fx_margin', currency: 'PHP', cents: -(6_096 + 2_822) },
      { account: 'payouts_in_transit', currency: 'PHP', cents: -(400_304 + 185_326) },
      { account: 'talent_available', currency: 'EUR', cents: 6_400 },
      { account: 'talent_available', currency: 'USD', cents: 3_200 },
    ]);
    await expectBalanced();
  });

  it('refuses, in the database, lines that do not balance in each currency and any change to the ledger', async () => {
    const [posted] = await selectRows(
      db(),
      idRow,
      sql`insert into ledger_transactions (key, kind) values (${`test:${randomUUID()}`}, 'payout_sent') returning id`,
    );
    const lines = (cents: number[], currencies: string[]) =>
      db().execute(
        sql`insert into ledger_entries (transaction_id, account, amount_cents, currency)
            select ${posted?.id}::uuid, 'escrow', line.cents, line.currency
            from unnest(${`{${cents.join(',')}}`}::bigint[], ${`{${currencies.map((code) => `"${code}"`).join(',')}}`}::text[])
              as line(cents, currency)`,
      );
    // The database's own sentence, which the driver keeps as the failed query's cause.
    const refusal = (insert: Promise<unknown>) =>
      insert.then(
        () => 'accepted',
        (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
      );
    await expect(lines([500, -499], ['USD', 'USD'])).rejects.toThrow();
    // Zero in all, but 500 dollars are not minus 500 euros.
    expect(await refusal(lines([500, -500], ['USD', 'EUR']))).toMatch(/balance per transaction in every currency/);
    // A line naming no currency and no company has none to take.
    expect(await refusal(lines([500, -500], ['', '']))).toMatch(/names no company/);
    await lines([500, -500, 700, -700], ['USD', 'USD', 'PHP', 'PHP']);
    await expect(
      db().execute(sql`update ledger_entries set amount_cents = 1 where transaction_id = ${posted?.id}`),
    ).rejects.toThrow();
    await expect(db().execute(sql`delete from ledger_entries where transaction_id = ${posted?.id}`)).rejects.toThrow();
    await expect(db().execute(sql`delete from ledger_transactions where id = ${posted?.id}`)).rejects.toThrow();
    await expectBalanced();
  });
});
