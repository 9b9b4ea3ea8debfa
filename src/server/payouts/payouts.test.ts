import { randomUUID } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayoutBalance, PayoutMethod, PayoutRun, RunLineList } from '~/shared/payouts';
import { payoutTexts } from '~/shared/payouts';
import { emailOutbox, invoices, oneTimeTokens, payoutMethods, payouts, platformSettings } from '../db/schema';
import { selectUncheckedRows } from '../db/select-rows';
import { accountSums } from '../kernels/money/account-sums';
import { makeEarningsAvailable } from '../kernels/money/make-earnings-available';
import { talentBalanceOf } from '../kernels/money/talent-balance-of';
import { hashToken } from '../platform/secure-tokens';
import { addDays, isoDay, weekStartOf } from '../platform/work-calendar';
import { signedInAccount } from '../testing/auth-helpers';
import { type Account, companyAccount } from '../testing/job-board-test-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';
import { buildAssignment, buildTimesheet } from '../testing/work-factories';
import { preparePayoutRun } from './prepare-payout-run';

type CompanyAccount = Account & { companyId: string };

const weeksAgo = (weeks: number) => addDays(weekStartOf(isoDay(new Date())), -7 * weeks);
const card = (number: string) => ({ kind: 'card', card_number: number, exp_month: 12, exp_year: 2030, cvc: '123' });
const bankAccount = {
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
  const get = (account: Account, url: string) => account.request({ method: 'GET', url });
  const post = (account: Account, url: string, payload: object = {}) =>
    account.request({ method: 'POST', url, payload });

  // A talent with a week of `minutes` approved through the API by a company of its own (so each test's
  // invoice is that company's first), at $40 billed / $32 paid.
  async function talentWithApprovedWeek(minutes: number, weeks = 2) {
    const company = await companyAccount(testApp);
    const talent = await signedInAccount(testApp, { role: 'applicant' });
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
    const approved = await post(company, `/api/company/timesheets/${week.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    return { talent, company, timesheetId: week.id };
  }

  // An administrator's Issue invoice now: the company's approved weeks, billed today.
  async function issueInvoice(company: CompanyAccount) {
    const issued = await post(admin, `/api/admin/companies/${company.companyId}/issue-invoice`);
    expect(issued.statusCode, issued.body).toBe(201);
    const [invoice] = await db().select().from(invoices).where(eq(invoices.id, issued.json().invoice.id));
    if (!invoice) throw new Error('No invoice was issued.');
    return invoice;
  }

  async function invoiceAndPay(company: CompanyAccount) {
    const invoice = await issueInvoice(company);
    const paid = await company.request({
      method: 'POST',
      url: `/api/company/invoices/${invoice.id}/pay`,
      payload: { new_method: card('4242 4242 4242 4242') },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    return invoice;
  }

  async function addBankAccount(talent: Account, body: object = bankAccount) {
    return post(talent, '/api/applicant/payout-methods', { method: body, proof: { password: talent.password } });
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
    expect(await talentBalanceOf(db(), talent.user.id)).toMatchObject({ pendingCents: 32_000, availableCents: 0 });
    const invoice = await invoiceAndPay(company);
    const lines = await selectUncheckedRows<{ account: string; cents: string }>(
      db(),
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
    const before = (await get(talent, '/api/applicant/earnings')).json().items[0];
    expect(before).toMatchObject({ payout_stage: 'pending', pending_reason: payoutTexts.pendingAwaitingInvoice });
    const invoice = await issueInvoice(company);
    const invoiced = (await get(talent, '/api/applicant/earnings')).json().items[0];
    expect(invoiced.pending_reason).toBe(payoutTexts.pendingAwaitingPayment);

    const added = await addBankAccount(talent);
    expect(added.statusCode, added.body).toBe(201);
    const method = added.json() as PayoutMethod;
    expect(method).toMatchObject({ kind: 'bank_account', is_default: true, holder_name: 'Lena Ortiz' });
    expect(method.label).toBe('Bank transfer · BDO Unibank · ending in 7890');
    expect(added.body).not.toContain('001234567890');
    expect(new Date(method.usable_from).getTime() - Date.now()).toBeGreaterThan(71 * HOUR);
    const [mail] = await db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, talent.user.email))
      .orderBy(desc(emailOutbox.createdAt))
      .limit(1);
    expect(mail?.subject).toBe('A payout method was added to your Tandem account');

    const paid = await company.request({
      method: 'POST',
      url: `/api/company/invoices/${invoice.id}/pay`,
      payload: { new_method: card('4242 4242 4242 4242') },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await makeEarningsAvailable(db(), { now: new Date(), settings });
    const balance = (await get(talent, '/api/applicant/payouts/balance')).json() as PayoutBalance;
    expect(balance).toMatchObject({ pending_cents: 0, available_cents: 16_000 });
    // The method is still in its wait: the balance is not paid yet, and the talent is told why.
    expect(balance.next_payout).toMatchObject({ amount_cents: 0, blocked_by: 'method_waiting' });

    await waitOver(method.id);
    const prepared = await post(admin, '/api/admin/payout-runs');
    expect(prepared.statusCode, prepared.body).toBe(200);
    const run = prepared.json() as PayoutRun & { was_waiting: boolean };
    expect(run).toMatchObject({ status: 'draft', was_waiting: false });
    // Asked again while it awaits approval: the same run, nothing added.
    expect((await post(admin, '/api/admin/payout-runs')).json()).toMatchObject({ id: run.id, was_waiting: true });
    const lines = (await get(admin, `/api/admin/payout-runs/${run.id}/lines?page_size=100`)).json() as RunLineList;
    const line = lines.items.find((item) => item.applicant_id === talent.user.id);
    expect(line).toMatchObject({ status: 'planned', amount_cents: 16_000, provider: 'bank_file' });

    // Only an administrator approves; the talent cannot.
    expect((await post(talent, `/api/admin/payout-runs/${run.id}/approve`)).statusCode).toBe(403);
    const approved = await post(admin, `/api/admin/payout-runs/${run.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await post(admin, `/api/admin/payout-runs/${run.id}/approve`)).json().error).toBe(
      payoutTexts.runAlreadyApproved,
    );
    expect((await get(talent, '/api/applicant/payouts/balance')).json()).toMatchObject({
      available_cents: 0,
      in_transit_cents: 16_000,
    });

    const bankFile = await get(admin, `/api/admin/payout-runs/${run.id}/bank-file.csv`);
    expect(bankFile.statusCode).toBe(200);
    expect(bankFile.body).toContain(`${line?.id},`);
    expect(bankFile.body).toContain('001234567890');
    expect(bankFile.body).toContain('160.00,USD');

    const results = `payout_id,status,reference,reason\n${line?.id},paid,WISE-778899,\n`;
    const imported = await admin.request({
      method: 'POST',
      url: `/api/admin/payout-runs/${run.id}/results`,
      payload: results,
      headers: { 'content-type': 'text/csv' },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect((await get(talent, '/api/applicant/payouts/balance')).json()).toMatchObject({
      available_cents: 0,
      in_transit_cents: 0,
      paid_out_cents: 16_000,
    });
    // The same file again changes nothing; a file that says the paid payout failed is refused in words.
    const importAgain = (csv: string) =>
      admin.request({
        method: 'POST',
        url: `/api/admin/payout-runs/${run.id}/results`,
        payload: csv,
        headers: { 'content-type': 'text/csv' },
      });
    expect((await importAgain(results)).statusCode).toBe(200);
    const contradicting = await importAgain(`payout_id,status,reference,reason\n${line?.id},failed,,Account closed\n`);
    expect(contradicting.statusCode).toBe(409);
    expect(contradicting.json().error).toBe(payoutTexts.resultContradicts(line?.id ?? '', 'paid'));
    const history = (await get(talent, '/api/applicant/payouts')).json();
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
    const wrong = await post(talent, '/api/applicant/payout-methods', {
      method: bankAccount,
      proof: { password: 'not the password' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ 'proof.password': payoutTexts.passwordWrong });
    const badIban = await addBankAccount(talent, {
      ...bankAccount,
      account_number: 'GB82 WEST 1234 5698 7654 33',
      bank_code_type: 'aba',
      bank_code: '123456789',
    });
    expect(badIban.statusCode).toBe(400);
    expect(badIban.json().fields).toEqual({
      'method.account_number': payoutTexts.ibanChecksum,
      'method.bank_code': payoutTexts.aba,
    });
    const iban = await addBankAccount(talent, {
      ...bankAccount,
      account_number: 'GB82 WEST 1234 5698 7654 32',
      bank_code: 'NWBKGB2L',
    });
    expect(iban.statusCode, iban.body).toBe(201);
    const paypal = await post(talent, '/api/applicant/payout-methods', {
      method: { kind: 'paypal', email: 'Lena@Example.com' },
      proof: { password: talent.password },
    });
    expect(paypal.statusCode, paypal.body).toBe(201);
    expect(paypal.json()).toMatchObject({ label: 'PayPal · l***@example.com', is_default: false });
    // The default goes last; another can be made the default with the proof.
    const first = iban.json() as PayoutMethod;
    expect(
      (await talent.request({ method: 'DELETE', url: `/api/applicant/payout-methods/${first.id}` })).json().error,
    ).toBe(payoutTexts.removeDefaultFirst);
    const switched = await post(talent, `/api/applicant/payout-methods/${paypal.json().id}/default`, {
      proof: { password: talent.password },
    });
    expect(switched.json()).toMatchObject({ is_default: true });
    // Nobody else reads or changes them.
    const other = await signedInAccount(testApp, { role: 'applicant' });
    expect((await get(other, '/api/applicant/payout-methods')).json().items).toEqual([]);
    expect(
      (await other.request({ method: 'DELETE', url: `/api/applicant/payout-methods/${first.id}` })).statusCode,
    ).toBe(404);
    expect((await get(admin, '/api/applicant/payout-methods')).statusCode).toBe(403);
  });

  // An emailed code would let whoever reads the talent's mail send their pay elsewhere (decision 036).
  it('confirms a person who has a password with it alone: no code is sent, and a code is no proof', async () => {
    const talent = await signedInAccount(testApp, { role: 'applicant' });
    const method = { kind: 'wise', email: 'me@example.com' };
    const none = await post(talent, '/api/applicant/payout-methods', { method, proof: {} });
    expect(none.statusCode).toBe(400);
    expect(none.json().fields).toEqual({ 'proof.password': payoutTexts.passwordNeeded });
    const askedForCode = await post(talent, '/api/applicant/payout-methods/code');
    expect(askedForCode.statusCode).toBe(409);
    expect(askedForCode.json().error).toBe(payoutTexts.passwordInstead);
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
    const byCode = await post(talent, '/api/applicant/payout-methods', { method, proof: { email_code: '123456' } });
    expect(byCode.statusCode).toBe(400);
    expect(byCode.json().fields).toEqual({ 'proof.password': payoutTexts.passwordInstead });
    const byPassword = await post(talent, '/api/applicant/payout-methods', {
      method,
      proof: { password: talent.password },
    });
    expect(byPassword.statusCode, byPassword.body).toBe(201);
  });

  it('confirms a person without a password by a code sent by email, once', async () => {
    const talent = await signedInAccount(testApp, { role: 'applicant' });
    await db().execute(sql`update users set password_hash = null where id = ${talent.user.id}`);
    const noPassword = await post(talent, '/api/applicant/payout-methods', {
      method: { kind: 'wise', email: 'me@example.com' },
      proof: { password: 'anything' },
    });
    expect(noPassword.json().fields).toEqual({ 'proof.email_code': payoutTexts.noPassword });
    expect((await post(talent, '/api/applicant/payout-methods/code')).statusCode).toBe(204);
    const [mail] = await db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, talent.user.email))
      .orderBy(desc(emailOutbox.createdAt))
      .limit(1);
    const code = mail?.subject.slice(0, 6) ?? '';
    expect(code).toMatch(/^\d{6}$/);
    const added = await post(talent, '/api/applicant/payout-methods', {
      method: { kind: 'wise', email: 'me@example.com' },
      proof: { email_code: code },
    });
    expect(added.statusCode, added.body).toBe(201);
    const again = await post(talent, '/api/applicant/payout-methods', {
      method: { kind: 'payoneer', email: 'me@example.com' },
      proof: { email_code: code },
    });
    expect(again.json().fields).toEqual({ 'proof.email_code': payoutTexts.codeWrong });
  });

  it('takes back earnings not yet paid out when their payment is refunded, and recovers a negative balance', async () => {
    const { talent, company } = await talentWithApprovedWeek(120, 5);
    const invoice = await invoiceAndPay(company);
    await makeEarningsAvailable(db(), { now: new Date(), settings });
    expect(await talentBalanceOf(db(), talent.user.id)).toMatchObject({ availableCents: 6_400 });
    const [payment] = await selectUncheckedRows<{ id: string }>(
      db(),
      sql`select id from payments where invoice_id = ${invoice.id} and status = 'completed'`,
    );
    const refunded = await post(admin, `/api/admin/payments/${payment?.id}/refund`);
    expect(refunded.statusCode, refunded.body).toBe(200);
    // Back to pending until the company pays again: nothing of it can be paid out.
    expect(await talentBalanceOf(db(), talent.user.id)).toMatchObject({ pendingCents: 6_400, availableCents: 0 });
    // Never silently: the talent is told.
    const [notice] = await selectUncheckedRows<{ type: string; title: string }>(
      db(),
      sql`select type, title from notifications where user_id = ${talent.user.id} and type = 'earnings_changed'`,
    );
    expect(notice?.title).toBe('$64.00 of your earnings is pending again');
    const listed = (await get(talent, '/api/applicant/earnings')).json().items[0];
    expect(listed).toMatchObject({ payout_stage: 'pending', pending_reason: payoutTexts.pendingReclaimed });
    // Maturing again does nothing while the invoice is unpaid.
    await makeEarningsAvailable(db(), { now: new Date(), settings });
    expect(await talentBalanceOf(db(), talent.user.id)).toMatchObject({ availableCents: 0 });
    await expectBalanced();
  });

  it('makes one run at a time and one payout per talent when preparations and approvals race', async () => {
    const { talent, company } = await talentWithApprovedWeek(60, 6);
    await invoiceAndPay(company);
    const method = (await addBankAccount(talent)).json() as PayoutMethod;
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
    const approve = () => post(admin, `/api/admin/payout-runs/${first}/approve`);
    const approvals = await Promise.all([approve(), approve(), approve()]);
    expect(approvals.map((response) => response.statusCode).sort()).toEqual([200, 409, 409]);
    const mine = await db().select().from(payouts).where(eq(payouts.applicantId, talent.user.id));
    expect(mine.map((line) => line.status)).toEqual(['sent']);
    const sentTransactions = await selectUncheckedRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from ledger_transactions where kind = 'payout_sent' and applicant_id = ${talent.user.id}`,
    );
    expect(sentTransactions[0]?.n).toBe(1);
    // A failure puts the money back, and the talent hears why.
    const sentLine = mine.find((line) => line.status === 'sent');
    const failed = await post(admin, `/api/admin/payouts/${sentLine?.id}/mark-failed`, {
      reason: 'The account is closed.',
    });
    expect(failed.statusCode, failed.body).toBe(200);
    expect(failed.json()).toMatchObject({ status: 'failed', failure_reason: 'The account is closed.' });
    expect(await talentBalanceOf(db(), talent.user.id)).toMatchObject({ availableCents: 3_200, inTransitCents: 0 });
    const short = await post(admin, `/api/admin/payouts/${sentLine?.id}/mark-failed`, { reason: 'x' });
    expect(short.json().fields).toEqual({ reason: payoutTexts.reasonNeeded });
    await expectBalanced();
  });

  it('holds a talent’s payouts with a reason, audited, and releases them', async () => {
    const { talent } = await talentWithApprovedWeek(60, 7);
    const placed = await post(admin, '/api/admin/payout-holds', {
      applicant_id: talent.user.id,
      reason: 'Checking identity.',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().hold).toMatchObject({ reason: 'Checking identity.' });
    const twice = await post(admin, '/api/admin/payout-holds', { applicant_id: talent.user.id, reason: 'Again.' });
    expect(twice.json().error).toBe(payoutTexts.holdExists);
    expect((await get(talent, '/api/applicant/payouts/balance')).json()).toMatchObject({ on_hold: true });
    const listed = (await get(admin, '/api/admin/payout-balances?only=on_hold&page_size=100')).json();
    expect(listed.items.map((row: { applicant_id: string }) => row.applicant_id)).toContain(talent.user.id);
    const released = await post(admin, `/api/admin/payout-holds/${placed.json().hold.id}/release`, {
      reason: 'Identity confirmed.',
    });
    expect(released.json().hold).toBeNull();
    const audit = await selectUncheckedRows<{ action: string }>(
      db(),
      sql`select action from audit_logs where target_id = ${talent.user.id} and action like 'payout_hold.%' order by created_at`,
    );
    expect(audit.map((row) => row.action)).toEqual(['payout_hold.placed', 'payout_hold.released']);
    expect((await get(admin, '/api/admin/ledger')).json().imbalance_cents).toBe(0);
  });

  it('stops a planned payout when a hold is placed before the run is approved, and pays the method chosen now', async () => {
    const { talent, company } = await talentWithApprovedWeek(90, 8);
    await invoiceAndPay(company);
    const bank = (await addBankAccount(talent)).json() as PayoutMethod;
    await waitOver(bank.id);
    const runSettings = { ...settings, payout_minimum_cents: 2000 };
    const { runId: held } = await preparePayoutRun({ db: db(), settings: runSettings, day: '2032-02-02' });
    const placed = await post(admin, '/api/admin/payout-holds', {
      applicant_id: talent.user.id,
      reason: 'Checking a dispute.',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect((await post(admin, `/api/admin/payout-runs/${held}/approve`)).statusCode).toBe(200);
    const lineOf = async (runId: string) =>
      (await db().select().from(payouts).where(eq(payouts.runId, runId))).find(
        (line) => line.applicantId === talent.user.id,
      );
    const stopped = await lineOf(held);
    expect(stopped).toMatchObject({ status: 'exception', exception: 'on_hold' });
    expect(await talentBalanceOf(db(), talent.user.id)).toMatchObject({ availableCents: 4_800, inTransitCents: 0 });

    await post(admin, `/api/admin/payout-holds/${placed.json().hold.id}/release`, { reason: 'Dispute closed.' });
    const { runId: next } = await preparePayoutRun({ db: db(), settings: runSettings, day: '2032-02-09' });
    const paypal = await post(talent, '/api/applicant/payout-methods', {
      method: { kind: 'paypal', email: 'lena@example.com' },
      proof: { password: talent.password },
    });
    await waitOver(paypal.json().id);
    await post(talent, `/api/applicant/payout-methods/${paypal.json().id}/default`, {
      proof: { password: talent.password },
    });
    expect((await post(admin, `/api/admin/payout-runs/${next}/approve`)).statusCode).toBe(200);
    const sent = await lineOf(next);
    expect(sent).toMatchObject({
      status: 'sent',
      methodId: paypal.json().id,
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
    const run = (await get(admin, `/api/admin/payout-runs/${runId}`)).json() as PayoutRun;
    expect(run.remindable_count).toBeGreaterThanOrEqual(1);
    expect(run.reminded_at).toBeNull();

    // Only an administrator reminds.
    expect((await post(talent, `/api/admin/payout-runs/${runId}/remind`)).statusCode).toBe(403);
    const reminded = await post(admin, `/api/admin/payout-runs/${runId}/remind`);
    expect(reminded.statusCode, reminded.body).toBe(200);
    expect(reminded.json().reminded).toBe(run.remindable_count);
    expect(reminded.json().run.reminded_at).not.toBeNull();
    const remindersTo = async (email: string) =>
      (await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, email))).filter((mail) =>
        mail.subject.endsWith('is waiting for you on Tandem'),
      );
    const [reminder, ...more] = await remindersTo(talent.user.email);
    expect(more).toEqual([]);
    expect(reminder?.subject).toBe('$64.00 is waiting for you on Tandem');
    expect(reminder?.text).toContain('you have not added a payout method');
    const told = (await get(talent, '/api/notifications')).json().items;
    expect(told).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          title: '$64.00 is waiting for you',
          body: 'Add a payout method in Earnings and the next payout run pays you.',
        }),
      ]),
    );

    // Twice is refused, and writes to nobody again.
    const again = await post(admin, `/api/admin/payout-runs/${runId}/remind`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(payoutTexts.alreadyReminded);
    expect(await remindersTo(talent.user.email)).toHaveLength(1);
    expect((await post(admin, `/api/admin/payout-runs/${runId}/approve`)).statusCode).toBe(200);
  });

  it('cancels a planned payout whose money a refund took back before the run was approved', async () => {
    const { talent, company } = await talentWithApprovedWeek(75, 9);
    const invoice = await invoiceAndPay(company);
    await waitOver(((await addBankAccount(talent)).json() as PayoutMethod).id);
    const { runId } = await preparePayoutRun({
      db: db(),
      settings: { ...settings, payout_minimum_cents: 2000 },
      day: '2033-05-02',
    });
    const [payment] = await selectUncheckedRows<{ id: string }>(
      db(),
      sql`select id from payments where invoice_id = ${invoice.id} and status = 'completed'`,
    );
    expect((await post(admin, `/api/admin/payments/${payment?.id}/refund`)).statusCode).toBe(200);
    expect((await post(admin, `/api/admin/payout-runs/${runId}/approve`)).statusCode).toBe(200);
    const line = (await db().select().from(payouts).where(eq(payouts.runId, runId))).find(
      (candidate) => candidate.applicantId === talent.user.id,
    );
    expect(line).toMatchObject({
      status: 'cancelled',
      failureReason: 'The available balance changed before approval.',
    });
    expect(await talentBalanceOf(db(), talent.user.id)).toMatchObject({
      pendingCents: 4_000,
      availableCents: 0,
      inTransitCents: 0,
    });
    await expectBalanced();
  });

  it('refuses, in the database, lines that do not balance and any change to the ledger', async () => {
    const [posted] = await selectUncheckedRows<{ id: string }>(
      db(),
      sql`insert into ledger_transactions (key, kind) values (${`test:${randomUUID()}`}, 'payout_sent') returning id`,
    );
    const lines = (cents: number[]) =>
      db().execute(
        sql`insert into ledger_entries (transaction_id, account, amount_cents)
            select ${posted?.id}::uuid, 'escrow', cents from unnest(${`{${cents.join(',')}}`}::bigint[]) as cents`,
      );
    await expect(lines([500, -499])).rejects.toThrow();
    await lines([500, -500]);
    await expect(
      db().execute(sql`update ledger_entries set amount_cents = 1 where transaction_id = ${posted?.id}`),
    ).rejects.toThrow();
    await expect(db().execute(sql`delete from ledger_entries where transaction_id = ${posted?.id}`)).rejects.toThrow();
    await expect(db().execute(sql`delete from ledger_transactions where id = ${posted?.id}`)).rejects.toThrow();
    await expectBalanced();
  });
});
