import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminPaymentSummary, adminPaymentTexts } from '~/shared/admin-payments';
import { adminPaymentsContract, paymentsContract } from '~/shared/contracts/payments';
import { auditLogs, companies, invoices, payments } from '../db/schema';
import { TransientPaymentError } from '../kernels/payments/payment-provider';
import { createTestModeProvider } from '../kernels/payments/test-mode-provider';
import { signedInAccount } from '../testing/auth-helpers';
import { companyIdOf, insertTestInvoice } from '../testing/payment-test-invoices';
import { createTestApp, type TestApp } from '../testing/test-app';
import { monthStartOf } from './find-admin-payments';
import { refundPayment } from './refund-payment';

type Account = Awaited<ReturnType<typeof signedInAccount>>;
type PaymentStatus = 'pending' | 'completed' | 'failed';

// Payment Management: the summary cards, search, filter and pagination, the refund and
// the CSV, for administrators only.
describe('admin payments', () => {
  let testApp: TestApp;
  let admin: Account;
  let company: Account;
  let applicant: Account;
  let acme: Account;
  let acmeId: string;
  let globexId: string;
  // The cases that add payments add them here, outside the search for `unique`, so its counts hold in any order.
  let initech: Account;
  let initechId: string;
  const unique = randomUUID().slice(0, 8);
  const acmeName = `Acme Refunds ${unique}`;
  const globexName = `Globex Ledger ${unique}`;

  const db = () => testApp.database.db;

  async function insertPayment(
    companyId: string,
    status: PaymentStatus,
    amountCents: number,
    { at = new Date(), refundedAt = null as Date | null, failureMessage = null as string | null } = {},
  ) {
    const invoice = await insertTestInvoice(db(), { companyId, status: status === 'completed' ? 'paid' : 'unpaid' });
    const [payment] = await db()
      .insert(payments)
      .values({
        invoiceId: invoice.id,
        companyId,
        methodLabel: 'Visa ending in 4242',
        amountCents,
        status,
        idempotencyKey: randomUUID(),
        provider: 'test',
        providerRef: status === 'failed' ? null : `ch_test_${randomUUID()}`,
        failureMessage,
        createdAt: at,
        completedAt: status === 'completed' ? at : null,
        refundedAt,
      })
      .returning();
    if (!payment) throw new Error('The payment was not stored.');
    return { payment, invoice };
  }

  const list = (query: {
    q?: string;
    status?: 'completed' | 'refunded' | 'failed';
    page?: number;
    page_size?: number;
  }) => admin.call(adminPaymentsContract.list, { query });
  const refund = (id: string, account = admin) => account.call(adminPaymentsContract.refund, { params: { id } });

  beforeAll(async () => {
    testApp = await createTestApp();
    admin = await signedInAccount(testApp, { role: 'admin' });
    company = await signedInAccount(testApp, { role: 'company' });
    applicant = await signedInAccount(testApp, { role: 'applicant' });
    acme = await signedInAccount(testApp, { role: 'company' });
    const globex = await signedInAccount(testApp, { role: 'company' });
    acmeId = await companyIdOf(db(), acme.user.id);
    globexId = await companyIdOf(db(), globex.user.id);
    initech = await signedInAccount(testApp, { role: 'company' });
    initechId = await companyIdOf(db(), initech.user.id);
    await db().update(companies).set({ name: acmeName }).where(eq(companies.id, acmeId));
    await db().update(companies).set({ name: globexName }).where(eq(companies.id, globexId));
    const lastMonth = new Date(monthStartOf(new Date()).getTime() - 3 * 86_400_000);
    await insertPayment(acmeId, 'completed', 132_000);
    await insertPayment(acmeId, 'completed', 50_000, { at: lastMonth });
    await insertPayment(acmeId, 'pending', 7_500);
    await insertPayment(globexId, 'failed', 9_999, {
      failureMessage: 'Your card was declined. Try another payment method.',
    });
    await insertPayment(globexId, 'completed', 20_000, { refundedAt: new Date() });
    await insertPayment(globexId, 'completed', 1_234);
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('answers the three cards as a direct computation over every payment', async () => {
    const response = await admin.call(adminPaymentsContract.summary);
    expect(response.statusCode, response.rawPayload.toString()).toBe(200);
    const rows = await db().select().from(payments);
    const monthStart = monthStartOf(new Date());
    const figure = (selected: typeof rows) => ({
      amount_cents: selected.reduce((sum, row) => sum + row.amountCents, 0),
      count: selected.length,
    });
    const expected: AdminPaymentSummary = {
      received_this_month: figure(
        rows.filter(
          (row) => row.status === 'completed' && !row.refundedAt && row.completedAt && row.completedAt >= monthStart,
        ),
      ),
      pending: figure(rows.filter((row) => row.status === 'pending')),
      failed_or_refunded_this_month: figure(
        rows.filter(
          (row) =>
            (row.status === 'failed' && row.createdAt >= monthStart) ||
            (row.refundedAt !== null && row.refundedAt >= monthStart),
        ),
      ),
    };
    expect(response.body).toEqual(expected);
    expect(expected.received_this_month.amount_cents).toBeGreaterThanOrEqual(133_234);
  });

  it('searches by company name or invoice number, filters by status and pages on the server', async () => {
    const acme = await list({ q: `acme refunds ${unique}` });
    expect(acme.statusCode, acme.rawPayload.toString()).toBe(200);
    const acmeItems = acme.body.items;
    expect(acme.body.total).toBe(3);
    expect(acmeItems.every((item) => item.company_name === acmeName)).toBe(true);

    const [one] = acmeItems;
    if (!one) throw new Error('no payment');
    const byInvoice = await list({ q: one.invoice_number?.toLowerCase() });
    expect(byInvoice.body.items.map((item) => item.id)).toEqual([one.id]);

    const refunded = await list({ q: unique, status: 'refunded' });
    expect(refunded.body.items.map((item) => [item.company_name, item.display_status])).toEqual([
      [globexName, 'refunded'],
    ]);
    const completed = await list({ q: unique, status: 'completed' });
    expect(completed.body.total).toBe(3);
    const failed = await list({ q: unique, status: 'failed' });
    expect(failed.body.items[0]).toMatchObject({
      amount_cents: 9_999,
      failure_message: 'Your card was declined. Try another payment method.',
    });

    const first = await list({ q: unique, page: 1, page_size: 4 });
    const second = await list({ q: unique, page: 2, page_size: 4 });
    expect(first.body).toMatchObject({ total: 6, page: 1, page_size: 4 });
    expect(first.body.items).toHaveLength(4);
    expect(second.body.items).toHaveLength(2);
    const ids = [...first.body.items, ...second.body.items].map((item) => item.id);
    expect(new Set(ids).size).toBe(6);

    const wild = await list({ q: '%' });
    expect(wild.body.total).toBe(0);
    // A status the filter does not offer, which the contract's type would not let through.
    const badStatus = await admin.callUnchecked(adminPaymentsContract.list, { query: { status: 'lost' } });
    expect(badStatus.statusCode).toBe(400);
  });

  it('refunds a completed payment once, audit-logs it and makes the invoice owed again', async () => {
    const { payment, invoice } = await insertPayment(initechId, 'completed', 4_200);
    const first = await refund(payment.id);
    expect(first.statusCode, first.rawPayload.toString()).toBe(200);
    expect(first.body.payment).toMatchObject({ id: payment.id, display_status: 'refunded', status: 'completed' });
    const refundedAt = first.body.payment.refunded_at;
    expect(refundedAt).toEqual(expect.any(String));

    const second = await refund(payment.id);
    expect(second.statusCode).toBe(200);
    expect(second.body).toEqual(first.body);

    const [invoiceRow] = await db().select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(invoiceRow).toMatchObject({ status: 'unpaid', paidAt: null });
    const audits = await db().select().from(auditLogs).where(eq(auditLogs.targetId, payment.id));
    expect(audits.map((row) => [row.action, row.actorId])).toEqual([['payment.refunded', admin.user.id]]);
    expect(audits[0]?.details).toMatchObject({ amount_cents: 4_200, invoice_id: invoice.id });

    // Owed again, so payable again: the refunded payment no longer counts as the invoice's payment.
    const repaid = await initech.call(paymentsContract.payInvoice, {
      params: { id: invoice.id },
      headers: { 'idempotency-key': randomUUID() },
      body: {
        new_method: { kind: 'card', card_number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2030, cvc: '123' },
      },
    });
    expect(repaid.statusCode, repaid.rawPayload.toString()).toBe(200);
    expect(repaid.body.invoice.status).toBe('paid');
  });

  it('refuses to refund a payment that has not completed, with a sentence', async () => {
    const { payment: pending } = await insertPayment(initechId, 'pending', 1_000);
    const { payment: failed } = await insertPayment(initechId, 'failed', 1_000);
    for (const id of [pending.id, failed.id]) {
      const response = await refund(id);
      expect(response.statusCode).toBe(409);
      expect(response.error).toEqual({ error: adminPaymentTexts.refundNeedsCompleted, code: 'conflict' });
    }
    const missing = await refund(randomUUID());
    expect(missing.statusCode).toBe(404);
    expect(missing.error?.error).toBe(adminPaymentTexts.notFound);
  });

  it('keeps the payment and the invoice as they were when the provider cannot be reached', async () => {
    const { payment, invoice } = await insertPayment(initechId, 'completed', 2_500);
    const down = {
      ...createTestModeProvider({ db: db() }),
      refund: async () => {
        throw new TransientPaymentError('unreachable');
      },
    };
    const refused = await refundPayment({
      db: db(),
      provider: down,
      paymentId: payment.id,
      actorId: admin.user.id,
    }).catch((error: unknown) => error);
    expect(refused).toMatchObject({
      code: 'unavailable',
      statusCode: 502,
      message: adminPaymentTexts.refundUnavailable,
    });
    const [row] = await db().select().from(payments).where(eq(payments.id, payment.id));
    expect(row?.refundedAt).toBeNull();
    const [invoiceRow] = await db().select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(invoiceRow?.status).toBe('paid');
  });

  it('exports the filtered rows as a CSV', async () => {
    const response = await admin.call(adminPaymentsContract.exportCsv, {
      query: { q: globexName, status: 'completed' },
    });
    const csv = response.rawPayload.toString();
    expect(response.statusCode, csv).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="payments-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Company,Amount (USD),Status,Date,Invoice,Method,Completed,Refunded,Failure');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(
      new RegExp(`^${globexName},12\\.34,Completed,\\d{4}-\\d{2}-\\d{2},TEST-[0-9A-F]+,Visa ending in 4242,`),
    );
    // Every company's payments leaving in one file: who took which rows is recorded.
    const exports = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'payment.exported'), eq(auditLogs.actorId, admin.user.id)));
    expect(exports).toEqual([
      expect.objectContaining({ details: { filter: expect.objectContaining({ q: globexName }), rows: 1 } }),
    ]);
  });

  it('answers administrators only', async () => {
    const { payment } = await insertPayment(initechId, 'completed', 3_000);
    for (const account of [company, applicant]) {
      expect((await account.call(adminPaymentsContract.list)).statusCode, 'list').toBe(403);
      expect((await account.call(adminPaymentsContract.summary)).statusCode, 'summary').toBe(403);
      expect((await account.call(adminPaymentsContract.exportCsv)).statusCode, 'export').toBe(403);
      expect((await refund(payment.id, account)).statusCode).toBe(403);
    }
    const [row] = await db().select().from(payments).where(eq(payments.id, payment.id));
    expect(row?.refundedAt).toBeNull();
  });
});
