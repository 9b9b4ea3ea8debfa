import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PaymentMethod, paymentTexts } from '~/shared/billing';
import { paymentsContract } from '~/shared/contracts/payments';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { type DatabaseHandle, openDatabase } from '../../db/client';
import { invoices, payments } from '../../db/schema';
import { sameOriginHeaders, signedInAccount } from '../../testing/auth-helpers';
import { callContract } from '../../testing/contract-client';
import { companyIdOf, insertTestInvoice } from '../../testing/payment-test-invoices';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createInvoicePayments, providerKeyOf } from './pay-invoice';
import type { ChargeRequest, PaymentProvider } from './payment-provider';
import { createTestModeProvider } from './test-mode-provider';

type Account = Awaited<ReturnType<typeof signedInAccount>>;

const CONCURRENT_REQUESTS = 200;
const quiet = { warn: () => undefined, error: () => undefined };

// Idempotency under fire (decision 013): many pay requests at once for one invoice, with one key
// and with many, on one instance and on two sharing the database: one completed payment, one charge,
// and the same answer to every request with the same key.
describe('paying one invoice under concurrent requests', () => {
  let testApp: TestApp;
  // A second instance on the same database: its own pool on PostgreSQL, the same handle on PGlite.
  let otherDatabase: DatabaseHandle;
  let otherApp: Awaited<ReturnType<typeof buildApp>>;
  let company: Account;
  let companyId: string;
  let visa: PaymentMethod;

  beforeAll(async () => {
    testApp = await createTestApp();
    const url = (testApp.database as DatabaseHandle & { url?: string }).url;
    otherDatabase = url ? await openDatabase({ url, poolSize: 4 }) : testApp.database;
    otherApp = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
      secret: 'test-secret-that-is-at-least-32-characters-long',
      database: otherDatabase,
    });
    company = await signedInAccount(testApp, { role: 'company' });
    companyId = await companyIdOf(db(), company.user.id);
    const added = await company.call(paymentsContract.addPaymentMethod, {
      body: { kind: 'card', card_number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' },
    });
    visa = added.body;
  });
  afterAll(async () => {
    await otherApp.close();
    if (otherDatabase !== testApp.database) await otherDatabase.close();
    await testApp.close();
  });

  const db = () => testApp.database.db;
  const pay = (app: typeof otherApp, invoiceId: string, key: string) =>
    callContract(
      (options) =>
        app.inject({ ...options, headers: { ...sameOriginHeaders, cookie: company.cookie, ...options.headers } }),
      paymentsContract.payInvoice,
      { params: { id: invoiceId }, body: { payment_method_id: visa.id }, headers: { 'idempotency-key': key } },
    );
  // Every other request goes to the second instance when asked.
  const fire = (invoiceId: string, keyOf: (index: number) => string, instances: 1 | 2) =>
    Promise.all(
      Array.from({ length: CONCURRENT_REQUESTS }, (_, index) =>
        pay(instances === 2 && index % 2 === 1 ? otherApp : testApp.app, invoiceId, keyOf(index)),
      ),
    );
  const paymentsOf = (invoiceId: string) => db().select().from(payments).where(eq(payments.invoiceId, invoiceId));
  const invoiceStatus = async (id: string) =>
    (await db().select({ status: invoices.status }).from(invoices).where(eq(invoices.id, id)))[0]?.status;

  it.each([1, 2] as const)(
    'answers %i instance(s) × 200 requests with one key identically, with one completed payment',
    async (instances) => {
      const invoice = await insertTestInvoice(db(), { companyId });
      const key = randomUUID();
      const responses = await fire(invoice.id, () => key, instances);
      const first = responses[0];
      expect(first?.statusCode, first?.rawPayload.toString()).toBe(200);
      const distinct = new Set(responses.map((response) => `${response.statusCode} ${response.rawPayload.toString()}`));
      expect(distinct.size).toBe(1);
      expect(first?.body.payment.status).toBe('completed');
      const rows = await paymentsOf(invoice.id);
      expect(rows.map((row) => [row.status, row.idempotencyKey])).toEqual([['completed', key]]);
      expect(await invoiceStatus(invoice.id)).toBe('paid');
    },
  );

  it.each([1, 2] as const)(
    'charges once for %i instance(s) × 200 requests with different keys; the others are told it is paid',
    async (instances) => {
      const invoice = await insertTestInvoice(db(), { companyId });
      const responses = await fire(invoice.id, () => randomUUID(), instances);
      const byStatus = new Map<number, number>();
      for (const response of responses) byStatus.set(response.statusCode, (byStatus.get(response.statusCode) ?? 0) + 1);
      expect(Object.fromEntries(byStatus)).toEqual({ 200: 1, 409: CONCURRENT_REQUESTS - 1 });
      const refusals = new Set(responses.filter((response) => response.statusCode === 409).map((r) => r.error?.error));
      // One instance settles the payment in the way before answering; the other may find it mid-charge.
      const allowed: string[] =
        instances === 1 ? [paymentTexts.alreadyPaid] : [paymentTexts.alreadyPaid, paymentTexts.inProgress];
      for (const refusal of refusals) expect(allowed).toContain(refusal);
      const rows = await paymentsOf(invoice.id);
      expect(rows.map((row) => row.status)).toEqual(['completed']);
      expect(await invoiceStatus(invoice.id)).toBe('paid');
    },
  );

  it('asks the provider for one charge only, whichever instance drives the payment', async () => {
    const invoice = await insertTestInvoice(db(), { companyId });
    const charged: ChargeRequest[] = [];
    // A slow provider, so requests on both instances find the payment still pending and drive it too.
    const counting = (): PaymentProvider => {
      const inner = createTestModeProvider({ db: db() });
      return {
        ...inner,
        charge: async (request) => {
          charged.push(request);
          await new Promise((resolve) => setTimeout(resolve, 50));
          return inner.charge(request);
        },
      };
    };
    const instances = [counting(), counting()].map((provider) =>
      createInvoicePayments({
        db: db(),
        provider,
        mailer: testApp.app.appContext.mailer,
        publicUrl: testApp.config.publicUrl,
        logger: quiet,
      }),
    );
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        instances[index % 2]?.pay({
          companyId,
          invoiceId: invoice.id,
          idempotencyKey: key,
          method: { payment_method_id: visa.id },
          requestedBy: company.user.id,
          ipAddress: null,
        }),
      ),
    );
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    const [payment] = await paymentsOf(invoice.id);
    // At most one call per instance, and every call names the same charge.
    expect(charged.length).toBeGreaterThanOrEqual(1);
    expect(charged.length).toBeLessThanOrEqual(2);
    expect(new Set(charged.map((request) => request.idempotencyKey))).toEqual(
      new Set([providerKeyOf(payment?.id ?? '')]),
    );
    expect(payment?.status).toBe('completed');
  });
});
