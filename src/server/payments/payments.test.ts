import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PaymentMethod, paymentTexts } from '~/shared/billing';
import type { BodyOf } from '~/shared/contract';
import { paymentsContract } from '~/shared/contracts/payments';
import { auditLogs, billingProfiles, emailOutbox, invoices, paymentMethods, payments } from '../db/schema';
import { createInvoicePayments, providerKeyOf } from '../kernels/payments/pay-invoice';
import type { PaymentProvider } from '../kernels/payments/payment-provider';
import { createTestModeProvider, testChargeIdOf } from '../kernels/payments/test-mode-provider';
import { signedInAccount } from '../testing/auth-helpers';
import { callUnchecked } from '../testing/contract-client';
import { companyIdOf, insertTestInvoice } from '../testing/payment-test-invoices';
import { createTestApp, type TestApp } from '../testing/test-app';
import { autoPayInvoices, autoPayKeyOf } from './auto-pay-invoices';

type Account = Awaited<ReturnType<typeof signedInAccount>>;

type NewMethod = BodyOf<typeof paymentsContract.addPaymentMethod>;

const card = (number: string) => ({
  kind: 'card' as const,
  card_number: number,
  exp_month: 12,
  exp_year: 2030,
  cvc: '123',
});
const VISA = '4242 4242 4242 4242';
const DECLINED = '4000 0000 0000 0002';
const INSUFFICIENT = '4000 0000 0000 9995';
const FLAKY = '4000 0000 0000 0119';
const quiet = { warn: () => undefined, error: () => undefined };

// Payments: saved methods, the billing profile, paying with an Idempotency-Key through the
// test-mode provider, what a decline or a provider failure leaves behind, the history, and Auto-Pay.
describe('payments', () => {
  let testApp: TestApp;
  let company: Account;
  let companyId: string;
  let otherCompany: Account;
  let applicant: Account;

  beforeAll(async () => {
    testApp = await createTestApp();
    company = await signedInAccount(testApp, { role: 'company', name: 'Paula Payer' });
    companyId = await companyIdOf(db(), company.user.id);
    otherCompany = await signedInAccount(testApp, { role: 'company' });
    applicant = await signedInAccount(testApp, { role: 'applicant' });
  });
  afterAll(async () => {
    await testApp.close();
  });

  const db = () => testApp.database.db;
  const newInvoice = (overrides: Omit<Parameters<typeof insertTestInvoice>[1], 'companyId'> = {}) =>
    insertTestInvoice(db(), { ...overrides, companyId });
  const pay = (
    invoiceId: string,
    body: BodyOf<typeof paymentsContract.payInvoice>,
    key: string | null = randomUUID(),
    account = company,
  ) =>
    account.call(paymentsContract.payInvoice, {
      params: { id: invoiceId },
      body,
      headers: key === null ? {} : { 'idempotency-key': key },
    });
  const addMethod = (body: NewMethod, account = company) => account.call(paymentsContract.addPaymentMethod, { body });
  const listMethods = async (account = company) => (await account.call(paymentsContract.paymentMethods)).body.items;
  const removeMethod = (id: string, account: Account) =>
    account.call(paymentsContract.removePaymentMethod, { params: { id } });
  const updateProfile = (body: BodyOf<typeof paymentsContract.updateProfile>, account: Account) =>
    account.call(paymentsContract.updateProfile, { body });
  const invoiceRow = async (id: string) => (await db().select().from(invoices).where(eq(invoices.id, id)))[0];
  const paymentsOf = (invoiceId: string) => db().select().from(payments).where(eq(payments.invoiceId, invoiceId));

  describe('saved payment methods', () => {
    const bankAccount: NewMethod = {
      kind: 'bank',
      account_holder: 'Paula Payer',
      routing_number: '110000000',
      account_number: '000123456789',
    };
    const wallet: NewMethod = { kind: 'wallet', email: 'pay@example.com' };
    let owner: Account;
    beforeAll(async () => {
      owner = await signedInAccount(testApp, { role: 'company' });
    });

    it('keeps a card masked, makes the first method the default, and never stores the number', async () => {
      const added = await addMethod(card(VISA), owner);
      expect(added.statusCode, added.rawPayload.toString()).toBe(201);
      expect(added.body).toMatchObject({
        kind: 'card',
        label: 'Visa ending in 4242',
        last4: '4242',
        is_default: true,
      });
      const bank = await addMethod(bankAccount, owner);
      expect(bank.body).toMatchObject({ label: 'Bank account ending in 6789', last4: '6789', is_default: false });
      const walletAdded = await addMethod(wallet, owner);
      expect(walletAdded.body).toMatchObject({ label: 'Wallet (pay@example.com)', last4: null, is_default: false });
      expect((await listMethods(owner)).map((method) => [method.label, method.is_default])).toEqual([
        ['Visa ending in 4242', true],
        ['Bank account ending in 6789', false],
        ['Wallet (pay@example.com)', false],
      ]);
      const stored = await db()
        .select()
        .from(paymentMethods)
        .where(eq(paymentMethods.companyId, await companyIdOf(db(), owner.user.id)));
      expect(JSON.stringify(stored)).not.toMatch(/4242424242424242|000123456789/);
    });

    it('refuses a mistyped or expired card with a sentence', async () => {
      const mistyped = await addMethod(card('4242 4242 4242 4241'), owner);
      expect(mistyped.statusCode).toBe(400);
      expect(mistyped.error).toMatchObject({
        error: paymentTexts.cardNumberIncorrect,
        fields: { card_number: paymentTexts.cardNumberIncorrect },
      });
      const expired = await addMethod({ ...card(VISA), exp_year: 2020 }, owner);
      expect(expired.error).toMatchObject({ error: paymentTexts.cardExpired });
      const short = await addMethod(card('4242'), owner);
      expect(short.statusCode).toBe(400);
      expect(short.error?.fields).toEqual({ card_number: 'Enter a card number of 12 to 19 digits.' });
    });

    it('removes a method (the newest other one becomes the default) and only the owner can', async () => {
      // A company of its own with the same three methods, whichever tests ran before.
      const holder = await signedInAccount(testApp, { role: 'company' });
      for (const method of [card(VISA), bankAccount, wallet]) {
        expect((await addMethod(method, holder)).statusCode).toBe(201);
      }
      const [visa, bank] = await listMethods(holder);
      if (!visa || !bank) throw new Error('methods missing');
      const stranger = await removeMethod(visa.id, otherCompany);
      expect(stranger.statusCode).toBe(404);
      expect(stranger.error?.error).toBe(paymentTexts.methodNotFound);
      const removed = await removeMethod(visa.id, holder);
      expect(removed.statusCode).toBe(204);
      const left = await listMethods(holder);
      expect(left.map((method) => [method.label, method.is_default])).toEqual([
        ['Bank account ending in 6789', false],
        ['Wallet (pay@example.com)', true],
      ]);
      const again = await removeMethod(visa.id, holder);
      expect(again.statusCode).toBe(404);
    });

    it('turns Auto-Pay on only with a method, and takes only the company’s own methods as default', async () => {
      const fresh = await signedInAccount(testApp, { role: 'company' });
      const profile = await fresh.call(paymentsContract.profile);
      expect(profile.body).toEqual({
        tax_rate_basis_points: 0,
        payment_terms_days: 14,
        auto_pay: false,
        default_payment_method_id: null,
      });
      const tooEarly = await updateProfile({ auto_pay: true }, fresh);
      expect(tooEarly.statusCode).toBe(400);
      expect(tooEarly.error?.error).toBe('Add a payment method before turning on Auto-Pay.');
      const neighbour = await signedInAccount(testApp, { role: 'company' });
      const neighboursMethod = (await addMethod(card(VISA), neighbour)).body;
      const foreign = await updateProfile({ default_payment_method_id: neighboursMethod.id }, fresh);
      expect(foreign.statusCode).toBe(400);
      expect(foreign.error?.error).toBe(paymentTexts.chooseSavedMethod);
      const first = (await addMethod(card(VISA), fresh)).body;
      const second = (await addMethod({ kind: 'wallet', email: 'ap@example.com' }, fresh)).body;
      const on = await updateProfile({ auto_pay: true, default_payment_method_id: second.id }, fresh);
      expect(on.body).toMatchObject({ auto_pay: true, default_payment_method_id: second.id });
      // Removing every method turns Auto-Pay off: it has nothing left to pay with.
      for (const method of [second, first]) {
        await removeMethod(method.id, fresh);
      }
      const off = await fresh.call(paymentsContract.profile);
      expect(off.body).toMatchObject({ auto_pay: false, default_payment_method_id: null });
    });

    it('has no Stripe webhook while Stripe is off', async () => {
      // Stripe's own request: no session, no browser headers, and a body that is not the file the contract names.
      const response = await callUnchecked((options) => testApp.app.inject(options), paymentsContract.stripeEvent, {
        body: {},
      });
      expect(response.statusCode).toBe(404);
    });

    it('is for companies only', async () => {
      const refused = await applicant.call(paymentsContract.paymentMethods);
      expect(refused.statusCode).toBe(403);
    });
  });

  describe('paying an invoice', () => {
    let visa: PaymentMethod;
    beforeAll(async () => {
      visa = (await addMethod(card(VISA))).body;
    });

    it('pays with a saved card: the payment completes, the invoice is paid, the members are told', async () => {
      const invoice = await newInvoice();
      const response = await pay(invoice.id, { payment_method_id: visa.id });
      expect(response.statusCode, response.rawPayload.toString()).toBe(200);
      const result = response.body;
      expect(result.payment).toMatchObject({
        invoice_id: invoice.id,
        invoice_number: invoice.invoiceNumber,
        amount_cents: invoice.totalCents,
        status: 'completed',
        method_label: 'Visa ending in 4242',
        failure_message: null,
      });
      expect(result.payment.completed_at).not.toBeNull();
      expect(result.invoice).toMatchObject({ id: invoice.id, status: 'paid', amount_cents: invoice.totalCents });
      expect(result.invoice.items.map((item) => item.kind)).toEqual(['work', 'fee', 'tax']);
      const row = await invoiceRow(invoice.id);
      expect(row?.status).toBe('paid');
      expect(row?.paidAt).not.toBeNull();
      const [payment] = await paymentsOf(invoice.id);
      expect(payment?.providerRef).toBe(testChargeIdOf(providerKeyOf(payment?.id ?? '')));
      const audit = await db()
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.action, 'payment.completed'), eq(auditLogs.targetId, invoice.id)));
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ actorId: company.user.id });
      const emails = await db()
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.subject, `Payment received for invoice ${invoice.invoiceNumber}`));
      expect(emails.map((email) => email.toAddress)).toEqual([company.user.email]);
      expect(emails[0]?.text).toContain('$1,386.00');
    });

    it('answers a declined card with 402 and its sentence, leaves the invoice unpaid, and a new key may try again', async () => {
      const invoice = await newInvoice();
      const key = randomUUID();
      const declined = await pay(invoice.id, { new_method: card(DECLINED) }, key);
      expect(declined.statusCode).toBe(402);
      expect(declined.error).toEqual({ error: paymentTexts.cardDeclined, code: 'payment_declined' });
      expect((await invoiceRow(invoice.id))?.status).toBe('unpaid');
      const [failed] = await paymentsOf(invoice.id);
      expect(failed).toMatchObject({ status: 'failed', failureMessage: paymentTexts.cardDeclined });
      // The same request with the same key answers the same, and charges nothing new; another card under
      // that key is another request (422), also charging nothing.
      const again = await pay(invoice.id, { new_method: card(DECLINED) }, key);
      expect([again.statusCode, again.rawPayload.toString()]).toEqual([
        declined.statusCode,
        declined.rawPayload.toString(),
      ]);
      const otherCard = await pay(invoice.id, { new_method: card(VISA) }, key);
      expect(otherCard.statusCode).toBe(422);
      expect(await paymentsOf(invoice.id)).toHaveLength(1);
      const retried = await pay(invoice.id, { payment_method_id: visa.id });
      expect(retried.statusCode).toBe(200);
      expect((await invoiceRow(invoice.id))?.status).toBe('paid');
      expect((await paymentsOf(invoice.id)).map((payment) => payment.status).sort()).toEqual(['completed', 'failed']);
    });

    it('says so when the card has insufficient funds, and an overdue invoice stays overdue', async () => {
      const invoice = await newInvoice({ status: 'overdue', dueDate: '2026-11-01' });
      const response = await pay(invoice.id, { new_method: card(INSUFFICIENT) });
      expect(response.statusCode).toBe(402);
      expect(response.error?.error).toBe('Your card has insufficient funds.');
      expect((await invoiceRow(invoice.id))?.status).toBe('overdue');
    });

    it('declines a bank account ending in 0002 and takes a wallet', async () => {
      const invoice = await newInvoice();
      const bank = await pay(invoice.id, {
        new_method: { kind: 'bank', account_holder: 'P', routing_number: '110000000', account_number: '000000000002' },
      });
      expect(bank.statusCode).toBe(402);
      expect(bank.error?.error).toBe(paymentTexts.bankDeclined);
      const wallet = await pay(invoice.id, { new_method: { kind: 'wallet', email: 'pay@example.com' } });
      expect(wallet.statusCode).toBe(200);
      expect(wallet.body.payment.method_label).toBe('Wallet (pay@example.com)');
    });

    // 502, not 503: the handler ran, so the proxy must not run it again elsewhere (decision 026).
    it('keeps the payment pending on a transient failure (502), and the same key completes it', async () => {
      const invoice = await newInvoice();
      const key = randomUUID();
      const first = await pay(invoice.id, { new_method: card(FLAKY) }, key);
      expect(first.statusCode).toBe(502);
      expect(first.error).toEqual({ error: paymentTexts.tryAgain, code: 'unavailable' });
      expect(first.headers['retry-after']).toBe('2');
      expect(await paymentsOf(invoice.id)).toMatchObject([{ status: 'pending' }]);
      expect(await invoiceRow(invoice.id)).toMatchObject({ status: 'pending', paidAt: null });
      const retry = await pay(invoice.id, { new_method: card(FLAKY) }, key);
      expect(retry.statusCode, retry.rawPayload.toString()).toBe(200);
      expect(retry.body.payment).toMatchObject({ status: 'completed', method_label: 'Visa ending in 0119' });
      const rows = await paymentsOf(invoice.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]?.providerRef).toBe(testChargeIdOf(providerKeyOf(rows[0]?.id ?? '')));
      expect((await invoiceRow(invoice.id))?.status).toBe('paid');
      // And again: the first answer, word for word.
      const third = await pay(invoice.id, { new_method: card(FLAKY) }, key);
      expect(third.rawPayload.toString()).toBe(retry.rawPayload.toString());
    });

    it('settles a pending payment before a new key may pay: the invoice is then already paid', async () => {
      const invoice = await newInvoice();
      const first = await pay(invoice.id, { new_method: card(FLAKY) });
      expect(first.statusCode).toBe(502);
      const other = await pay(invoice.id, { payment_method_id: visa.id });
      expect(other.statusCode).toBe(409);
      expect(other.error?.error).toBe(paymentTexts.alreadyPaid);
      expect((await paymentsOf(invoice.id)).map((payment) => payment.status)).toEqual(['completed']);
    });

    it('refuses to pay a paid invoice with a sentence', async () => {
      const invoice = await newInvoice();
      expect((await pay(invoice.id, { payment_method_id: visa.id })).statusCode).toBe(200);
      const twice = await pay(invoice.id, { payment_method_id: visa.id });
      expect(twice.statusCode).toBe(409);
      expect(twice.error).toEqual({ error: 'This invoice is already paid.', code: 'conflict' });
      expect(await paymentsOf(invoice.id)).toHaveLength(1);
    });

    it('wants a payment method and an Idempotency-Key', async () => {
      const invoice = await newInvoice();
      const noMethod = await pay(invoice.id, {});
      expect(noMethod.statusCode).toBe(400);
      expect(noMethod.error).toEqual({
        error: 'Please choose a payment method.',
        code: 'validation',
        fields: { payment_method_id: 'Please choose a payment method.' },
      });
      const both = await pay(invoice.id, { payment_method_id: visa.id, new_method: card(VISA) });
      expect(both.statusCode).toBe(400);
      expect(both.error?.error).toBe(paymentTexts.chooseOneMethod);
      for (const key of [null, '', ' ', 'x'.repeat(256), 'a key with spaces']) {
        const response = await pay(invoice.id, { payment_method_id: visa.id }, key);
        expect(response.statusCode, String(key)).toBe(400);
        expect(response.error?.error).toBe('An Idempotency-Key header is required.');
      }
      const unknownMethod = await pay(invoice.id, { payment_method_id: randomUUID() });
      expect(unknownMethod.statusCode).toBe(400);
      expect(unknownMethod.error?.error).toBe(paymentTexts.chooseSavedMethod);
      expect(await paymentsOf(invoice.id)).toHaveLength(0);
    });

    it('keeps each company to its own invoices, methods and keys', async () => {
      const invoice = await newInvoice();
      const foreign = await pay(invoice.id, { new_method: card(VISA) }, randomUUID(), otherCompany);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.error?.error).toBe(paymentTexts.invoiceNotFound);
      const otherInvoice = await insertTestInvoice(db(), { companyId: await companyIdOf(db(), otherCompany.user.id) });
      const othersMethod = await pay(otherInvoice.id, { payment_method_id: visa.id }, randomUUID(), otherCompany);
      expect(othersMethod.statusCode).toBe(400);
      // Keys belong to a company: another company's key is a new key.
      const key = randomUUID();
      expect((await pay(invoice.id, { payment_method_id: visa.id }, key)).statusCode).toBe(200);
      const sameKeyElsewhere = await pay(otherInvoice.id, { new_method: card(VISA) }, key, otherCompany);
      expect(sameKeyElsewhere.statusCode).toBe(200);
      // A key used for one invoice cannot pay another.
      const second = await newInvoice();
      const reused = await pay(second.id, { payment_method_id: visa.id }, key);
      expect(reused.statusCode).toBe(422);
      expect(reused.error).toEqual({ error: paymentTexts.idempotencyKeyReused, code: 'idempotency_key_reused' });
      // The same key with another method for the same invoice is another request, not a retry.
      const otherMethod = await pay(invoice.id, { new_method: card(VISA) }, key);
      expect(otherMethod.statusCode).toBe(422);
      expect(otherMethod.error).toEqual({
        error: paymentTexts.idempotencyKeyOtherRequest,
        code: 'idempotency_key_reused',
      });
      expect(await paymentsOf(invoice.id)).toHaveLength(1);
      // The same request again is a retry: the first answer.
      expect((await pay(invoice.id, { payment_method_id: visa.id }, key)).statusCode).toBe(200);
      const malformed = await pay('not-an-id', { payment_method_id: visa.id });
      expect(malformed.statusCode).toBe(400);
    });

    it('keeps a new method only when asked to', async () => {
      const owner = await signedInAccount(testApp, { role: 'company' });
      const ownerCompanyId = await companyIdOf(db(), owner.user.id);
      const once = await insertTestInvoice(db(), { companyId: ownerCompanyId });
      expect((await pay(once.id, { new_method: card(VISA) }, randomUUID(), owner)).statusCode).toBe(200);
      expect(await listMethods(owner)).toEqual([]);
      const kept = await insertTestInvoice(db(), { companyId: ownerCompanyId });
      const response = await pay(
        kept.id,
        { new_method: card('5555 5555 5555 4444'), save_method: true },
        randomUUID(),
        owner,
      );
      expect(response.statusCode).toBe(200);
      expect((await listMethods(owner)).map((method) => [method.label, method.is_default])).toEqual([
        ['Mastercard ending in 4444', true],
      ]);
    });

    it('lists the company’s payments, newest first, a page at a time', async () => {
      // Payments of its own, so there are two pages whichever tests ran before.
      for (let index = 0; index < 3; index++) {
        expect((await pay((await newInvoice()).id, { payment_method_id: visa.id })).statusCode).toBe(200);
      }
      const listed = await company.call(paymentsContract.payments, { query: { page_size: 2 } });
      expect(listed.statusCode).toBe(200);
      const body = listed.body;
      const all = await db().select().from(payments).where(eq(payments.companyId, companyId));
      expect(body.total).toBe(all.length);
      expect(body.items).toHaveLength(2);
      const newest = [...all].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
      expect(body.items[0]?.id).toBe(newest?.id);
      const second = (await company.call(paymentsContract.payments, { query: { page: 2, page_size: 2 } })).body;
      expect(second.items[0]?.id).not.toBe(body.items[0]?.id);
      const others = (await otherCompany.call(paymentsContract.payments)).body;
      expect(others.items.every((item) => item.company_name !== body.items[0]?.company_name)).toBe(true);
    });
  });

  describe('when the provider fails mid-payment', () => {
    // The provider charged, then the process died before it heard back (or the network dropped the answer).
    function dyingAfterCharge(inner: PaymentProvider): PaymentProvider {
      return {
        ...inner,
        charge: async (request) => {
          await inner.charge(request);
          throw new Error('connection reset after the charge was made');
        },
      };
    }
    const hanging = (inner: PaymentProvider): PaymentProvider => ({
      ...inner,
      charge: async () => {
        throw new Error('timed out');
      },
    });

    it.each([
      ['dies after charging', dyingAfterCharge],
      ['times out', hanging],
    ])('never pays the invoice without a completed payment when it %s, and a retry completes it', async (_, wrap) => {
      const invoice = await newInvoice();
      // A method of its own: the other blocks' methods may not exist yet.
      const method = (await addMethod(card(VISA))).body;
      const broken = createInvoicePayments({
        db: db(),
        provider: wrap(createTestModeProvider({ db: db() })),
        mailer: testApp.app.appContext.mailer,
        publicUrl: testApp.config.publicUrl,
        logger: quiet,
      });
      const key = randomUUID();
      const answer = await broken.pay({
        companyId,
        invoiceId: invoice.id,
        idempotencyKey: key,
        method: { payment_method_id: method.id },
        requestedBy: company.user.id,
        ipAddress: null,
      });
      expect(answer).toEqual({ status: 'unavailable' });
      expect(await invoiceRow(invoice.id)).toMatchObject({ status: 'pending', paidAt: null });
      expect(await paymentsOf(invoice.id)).toMatchObject([{ status: 'pending', completedAt: null }]);
      // The retry, on the healthy instance, with the same key: the provider returns the one charge.
      const retry = await pay(invoice.id, { payment_method_id: method.id }, key);
      expect(retry.statusCode, retry.rawPayload.toString()).toBe(200);
      const rows = await paymentsOf(invoice.id);
      expect(rows).toMatchObject([
        { status: 'completed', providerRef: testChargeIdOf(providerKeyOf(rows[0]?.id ?? '')) },
      ]);
      expect((await invoiceRow(invoice.id))?.status).toBe('paid');
    });
  });

  describe('Auto-Pay', () => {
    it('pays what is due from the default method once, however often it runs', async () => {
      const owner = await signedInAccount(testApp, { role: 'company' });
      const ownerCompanyId = await companyIdOf(db(), owner.user.id);
      const method = (await addMethod(card(VISA), owner)).body;
      await updateProfile({ auto_pay: true }, owner);
      const dueYesterday = await insertTestInvoice(db(), {
        companyId: ownerCompanyId,
        dueDate: '2026-11-23',
        status: 'overdue',
      });
      const dueToday = await insertTestInvoice(db(), { companyId: ownerCompanyId, dueDate: '2026-11-24' });
      const dueLater = await insertTestInvoice(db(), { companyId: ownerCompanyId, dueDate: '2026-11-25' });
      const paidAlready = await insertTestInvoice(db(), {
        companyId: ownerCompanyId,
        dueDate: '2026-11-20',
        status: 'paid',
      });
      // A company without Auto-Pay is left alone.
      const manualDue = await newInvoice({ dueDate: '2026-11-20' });

      const service = () =>
        createInvoicePayments({
          db: db(),
          provider: createTestModeProvider({ db: db() }),
          mailer: testApp.app.appContext.mailer,
          publicUrl: testApp.config.publicUrl,
          logger: quiet,
        });
      const first = await autoPayInvoices({ db: db(), payments: service(), logger: quiet, today: '2026-11-24' });
      expect(new Set(first.completed)).toEqual(new Set([dueYesterday.id, dueToday.id]));
      const second = await autoPayInvoices({ db: db(), payments: service(), logger: quiet, today: '2026-11-24' });
      expect(second).toEqual({ completed: [], declined: [], left: [] });
      for (const invoice of [dueYesterday, dueToday]) {
        const rows = await paymentsOf(invoice.id);
        expect(rows).toMatchObject([
          {
            status: 'completed',
            idempotencyKey: autoPayKeyOf(invoice.id, invoice.dueDate),
            requestedBy: null,
            paymentMethodId: method.id,
          },
        ]);
        expect((await invoiceRow(invoice.id))?.status).toBe('paid');
      }
      for (const invoice of [dueLater, paidAlready, manualDue]) expect(await paymentsOf(invoice.id)).toEqual([]);
      // Even an invoice marked unpaid again by mistake is not charged twice for one due date.
      await db().update(invoices).set({ status: 'unpaid', paidAt: null }).where(eq(invoices.id, dueToday.id));
      const third = await autoPayInvoices({ db: db(), payments: service(), logger: quiet, today: '2026-11-24' });
      expect(third.completed).toEqual([dueToday.id]);
      expect(await paymentsOf(dueToday.id)).toHaveLength(1);
    });

    it('tells the company by email when Auto-Pay is declined, and runs as the daily job', async () => {
      const owner = await signedInAccount(testApp, { role: 'company', name: 'Auto Owner' });
      const ownerCompanyId = await companyIdOf(db(), owner.user.id);
      await addMethod(card(DECLINED), owner);
      await updateProfile({ auto_pay: true }, owner);
      const today = new Date().toISOString().slice(0, 10);
      const due = await insertTestInvoice(db(), { companyId: ownerCompanyId, dueDate: today });
      await testApp.app.appContext.jobs.send('auto-pay-invoices', {});
      const deadline = Date.now() + 15_000;
      let rows = await paymentsOf(due.id);
      while (rows[0]?.status !== 'failed' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        rows = await paymentsOf(due.id);
      }
      expect(rows).toMatchObject([{ status: 'failed', failureMessage: paymentTexts.cardDeclined }]);
      expect((await invoiceRow(due.id))?.status).toBe('unpaid');
      const [email] = await db()
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.subject, `Auto-Pay could not pay invoice ${due.invoiceNumber}`));
      expect(email?.toAddress).toBe(owner.user.email);
      const [profile] = await db().select().from(billingProfiles).where(eq(billingProfiles.companyId, ownerCompanyId));
      expect(profile?.autoPay).toBe(true);
    });
  });
});
