import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PayInvoicesInput, type PaymentMethod, paymentTexts } from '~/shared/billing';
import { paymentsContract } from '~/shared/contracts/payments';
import { invoices, payments } from '../db/schema';
import { signedInAccount } from '../testing/auth-helpers';
import { companyIdOf, insertTestInvoice } from '../testing/payment-test-invoices';
import { createTestApp, type TestApp } from '../testing/test-app';

type Account = Awaited<ReturnType<typeof signedInAccount>>;

const card = (number: string) => ({
  kind: 'card' as const,
  card_number: number,
  exp_month: 12,
  exp_year: 2030,
  cvc: '123',
});

// Paying several invoices at once (the overdue ones, or those selected): each its own payment, oldest due
// first, one answer per invoice, and the request's key making a retry charge nothing twice.
describe('paying several invoices at once', () => {
  let testApp: TestApp;
  let company: Account;
  let companyId: string;
  let visa: PaymentMethod;
  let declining: PaymentMethod;

  beforeAll(async () => {
    testApp = await createTestApp();
    company = await signedInAccount(testApp, { role: 'company' });
    companyId = await companyIdOf(db(), company.user.id);
    visa = (await addMethod(card('4242424242424242'))).body;
    declining = (await addMethod(card('4000000000000002'))).body;
  });
  afterAll(async () => {
    await testApp.close();
  });

  const db = () => testApp.database.db;
  const addMethod = (body: ReturnType<typeof card>, account = company) =>
    account.call(paymentsContract.addPaymentMethod, { body });
  const payMany = (body: PayInvoicesInput, key: string | null = randomUUID(), account = company) =>
    account.call(paymentsContract.payInvoices, {
      body,
      headers: key === null ? {} : { 'idempotency-key': key },
    });
  const statusesOf = async (ids: string[]) =>
    Object.fromEntries(
      (
        await db().select({ id: invoices.id, status: invoices.status }).from(invoices).where(inArray(invoices.id, ids))
      ).map((row) => [row.id, row.status]),
    );

  it('pays each invoice on its own, oldest due first, and says what became of each', async () => {
    const later = await insertTestInvoice(db(), { companyId, status: 'overdue', dueDate: '2026-11-20' });
    const oldest = await insertTestInvoice(db(), {
      companyId,
      status: 'overdue',
      dueDate: '2026-11-01',
      workCents: 50_000,
    });
    const alreadyPaid = await insertTestInvoice(db(), { companyId, status: 'paid', dueDate: '2026-10-01' });
    const key = randomUUID();
    const response = await payMany(
      { invoice_ids: [later.id, oldest.id, alreadyPaid.id], payment_method_id: visa.id },
      key,
    );
    expect(response.statusCode, response.rawPayload.toString()).toBe(200);
    const answer = response.body;
    expect(answer.results).toEqual([
      {
        invoice_id: alreadyPaid.id,
        invoice_number: alreadyPaid.invoiceNumber,
        amount_cents: alreadyPaid.totalCents,
        outcome: 'not_paid',
        message: paymentTexts.alreadyPaid,
      },
      {
        invoice_id: oldest.id,
        invoice_number: oldest.invoiceNumber,
        amount_cents: oldest.totalCents,
        outcome: 'paid',
        message: null,
      },
      {
        invoice_id: later.id,
        invoice_number: later.invoiceNumber,
        amount_cents: later.totalCents,
        outcome: 'paid',
        message: null,
      },
    ]);
    expect(answer.paid_cents).toBe(oldest.totalCents + later.totalCents);
    expect(await statusesOf([later.id, oldest.id])).toEqual({ [later.id]: 'paid', [oldest.id]: 'paid' });
    const made = await db()
      .select()
      .from(payments)
      .where(inArray(payments.invoiceId, [later.id, oldest.id]));
    expect(made.map((payment) => payment.status)).toEqual(['completed', 'completed']);
    expect(new Set(made.map((payment) => payment.idempotencyKey)).size).toBe(2);

    // The same request again (a lost answer, a double click): the same answer, and no second charge.
    const again = await payMany(
      { invoice_ids: [later.id, oldest.id, alreadyPaid.id], payment_method_id: visa.id },
      key,
    );
    expect(again.body).toEqual(answer);
    expect(
      await db()
        .select()
        .from(payments)
        .where(inArray(payments.invoiceId, [later.id, oldest.id])),
    ).toHaveLength(2);
  });

  it('leaves an invoice unpaid when its charge is declined, and names one that is not the company’s', async () => {
    const mine = await insertTestInvoice(db(), { companyId, status: 'overdue', dueDate: '2026-11-02' });
    const other = await signedInAccount(testApp, { role: 'company' });
    const theirs = await insertTestInvoice(db(), { companyId: await companyIdOf(db(), other.user.id) });
    const response = await payMany({ invoice_ids: [mine.id, theirs.id], payment_method_id: declining.id });
    expect(response.statusCode, response.rawPayload.toString()).toBe(200);
    expect(response.body).toMatchObject({
      results: [
        { invoice_id: theirs.id, invoice_number: null, outcome: 'not_paid', message: paymentTexts.invoiceNotFound },
        { invoice_id: mine.id, outcome: 'declined', message: paymentTexts.cardDeclined },
      ],
      paid_cents: 0,
    });
    expect(await statusesOf([mine.id, theirs.id])).toEqual({ [mine.id]: 'overdue', [theirs.id]: 'pending' });
    const [payment] = await db().select().from(payments).where(eq(payments.invoiceId, mine.id));
    expect(payment?.status).toBe('failed');
  });

  it('refuses a request without a key, a method that is not the company’s, and malformed lists, with sentences', async () => {
    const invoice = await insertTestInvoice(db(), { companyId, status: 'overdue' });
    const noKey = await payMany({ invoice_ids: [invoice.id], payment_method_id: visa.id }, null);
    expect(noKey.statusCode).toBe(400);
    expect(noKey.error?.error).toBe(paymentTexts.idempotencyKeyRequired);

    const other = await signedInAccount(testApp, { role: 'company' });
    const theirMethod = (await addMethod(card('4242424242424242'), other)).body;
    const foreign = await payMany({ invoice_ids: [invoice.id], payment_method_id: theirMethod.id });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.error?.fields).toEqual({ payment_method_id: paymentTexts.chooseSavedMethod });
    expect(await statusesOf([invoice.id])).toEqual({ [invoice.id]: 'overdue' });

    for (const [body, field, message] of [
      [{ invoice_ids: [], payment_method_id: visa.id }, 'invoice_ids', 'Choose at least one invoice to pay.'],
      [
        { invoice_ids: [invoice.id, invoice.id], payment_method_id: visa.id },
        'invoice_ids',
        'Each invoice can be paid once.',
      ],
      [
        { invoice_ids: Array.from({ length: 21 }, () => randomUUID()), payment_method_id: visa.id },
        'invoice_ids',
        'Pay at most 20 invoices at once.',
      ],
      [{ invoice_ids: [invoice.id] }, 'payment_method_id', paymentTexts.chooseMethod],
    ] as const) {
      // The last body lacks its method, which the contract's type would not let through.
      const refused = await company.callUnchecked(paymentsContract.payInvoices, {
        body,
        headers: { 'idempotency-key': randomUUID() },
      });
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.error?.fields?.[field], JSON.stringify(body)).toBe(message);
    }
  });

  it('is for the company’s payers only', async () => {
    const invoice = await insertTestInvoice(db(), { companyId, status: 'overdue' });
    const applicant = await signedInAccount(testApp, { role: 'applicant' });
    expect(
      (await payMany({ invoice_ids: [invoice.id], payment_method_id: visa.id }, randomUUID(), applicant)).statusCode,
    ).toBe(403);
    expect(await statusesOf([invoice.id])).toEqual({ [invoice.id]: 'overdue' });
  });
});
