import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { paymentTexts } from '~/shared/billing';
import { paymentsContract } from '~/shared/contracts/payments';
import { auditLogs, creditNotes, invoices, payments } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { signedInAccount } from '../../testing/auth-helpers';
import { callUnchecked } from '../../testing/contract-client';
import { companyIdOf, insertTestInvoice } from '../../testing/payment-test-invoices';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { TransientPaymentError } from './payment-provider';
import { createStripeProvider, outcomeOfPaymentIntent } from './stripe-provider';

const WEBHOOK_SECRET = 'whsec_test_secret';

interface CardBehaviour {
  brand: string;
  last4: string;
  // What confirming a PaymentIntent with the card does.
  outcome: 'succeeded' | 'processing' | 'generic_decline' | 'insufficient_funds' | 'server_error';
}

const cards: Record<string, CardBehaviour> = {
  pm_card_visa: { brand: 'visa', last4: '4242', outcome: 'succeeded' },
  pm_card_mastercard_processing: { brand: 'mastercard', last4: '4444', outcome: 'processing' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', outcome: 'generic_decline' },
  pm_card_chargeDeclinedInsufficientFunds: { brand: 'visa', last4: '9995', outcome: 'insufficient_funds' },
  pm_card_serverError: { brand: 'visa', last4: '0119', outcome: 'server_error' },
};

// The few Stripe endpoints the adapter calls, on loopback: PaymentMethods, Customers and PaymentIntents,
// with Stripe's idempotency (a repeated key replays the first response) and its error shapes.
async function startFakeStripe() {
  const server = Fastify();
  const intents = new Map<string, { status: number; body: unknown }>();
  const created: Array<{ idempotencyKey: string | undefined; form: Record<string, string> }> = [];
  const customers: Array<Record<string, string>> = [];
  let sequence = 0;
  server.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  const paymentMethodObject = (id: string, customer: string | null) => {
    const card = cards[id];
    return {
      id,
      object: 'payment_method',
      type: 'card',
      customer,
      card: card && { brand: card.brand, last4: card.last4, exp_month: 12, exp_year: 2030 },
    };
  };
  const missing = {
    error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such PaymentMethod' },
  };
  server.get<{ Params: { id: string } }>('/v1/payment_methods/:id', async (request, reply) =>
    cards[request.params.id] ? paymentMethodObject(request.params.id, null) : reply.code(404).send(missing),
  );
  server.post<{ Body: Record<string, string> }>('/v1/customers', async (request) => {
    customers.push(request.body);
    sequence += 1;
    return { id: `cus_fake${sequence}`, object: 'customer' };
  });
  server.post<{ Params: { id: string }; Body: Record<string, string> }>(
    '/v1/payment_methods/:id/attach',
    async (request) => paymentMethodObject(request.params.id, request.body.customer ?? null),
  );
  server.post<{ Body: Record<string, string> }>('/v1/payment_intents', async (request, reply) => {
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    const replay = idempotencyKey ? intents.get(idempotencyKey) : undefined;
    if (replay) return reply.code(replay.status).send(replay.body);
    created.push({ idempotencyKey, form: request.body });
    sequence += 1;
    const card = cards[request.body.payment_method ?? ''];
    const intent = (status: string, lastError: unknown = null) => ({
      id: `pi_fake${sequence}`,
      object: 'payment_intent',
      amount: Number(request.body.amount),
      currency: request.body.currency,
      status,
      metadata: { payment_id: request.body['metadata[payment_id]'] },
      last_payment_error: lastError,
    });
    let answer: { status: number; body: unknown };
    if (!card) answer = { status: 400, body: missing };
    else if (card.outcome === 'server_error') {
      // A failure Stripe does not remember under the key: a retry asks again.
      return reply.code(500).send({ error: { type: 'api_error', message: 'Something went wrong.' } });
    } else if (card.outcome === 'succeeded' || card.outcome === 'processing') {
      answer = { status: 200, body: intent(card.outcome) };
    } else {
      const error = {
        type: 'card_error',
        code: 'card_declined',
        decline_code: card.outcome,
        message:
          card.outcome === 'insufficient_funds' ? 'Your card has insufficient funds.' : 'Your card was declined.',
      };
      answer = { status: 402, body: { error: { ...error, payment_intent: intent('requires_payment_method', error) } } };
    }
    if (idempotencyKey) intents.set(idempotencyKey, answer);
    return reply.code(answer.status).send(answer.body);
  });
  await server.listen({ host: '127.0.0.1', port: 0 });
  const { port } = server.server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}`, created, customers };
}

type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

// The Stripe adapter, against a fake Stripe on loopback: no network beyond this machine.
describe('the Stripe payment provider', () => {
  let stripe: FakeStripe;
  beforeAll(async () => {
    stripe = await startFakeStripe();
  });
  afterAll(async () => {
    await stripe.server.close();
  });
  beforeEach(() => {
    stripe.created.length = 0;
  });

  const provider = () => createStripeProvider({ secretKey: 'sk_test_fake', apiUrl: stripe.url, maxNetworkRetries: 0 });
  const company = { id: randomUUID(), name: 'Acme Inc.' };
  const charge = (providerRef: string, idempotencyKey = randomUUID()) =>
    provider().charge({
      amountCents: 138_600,
      currency: 'usd',
      providerRef,
      idempotencyKey,
      description: 'Tandem invoice TEST-1',
      paymentId: '5b0f5a57-1f7c-4d35-9d4e-6f0c7c1d2e3f',
    });

  it('saves a card to a Customer of its own and keeps it masked', async () => {
    const saved = await provider().saveMethod({ method: { kind: 'card', payment_method: 'pm_card_visa' }, company });
    expect(saved).toEqual({
      kind: 'card',
      provider_ref: expect.stringMatching(/^cus_fake\d+\/pm_card_visa$/),
      label: 'Visa ending in 4242',
      last4: '4242',
    });
    expect(stripe.customers.at(-1)).toMatchObject({ name: 'Acme Inc.', 'metadata[company_id]': company.id });
  });

  it('refuses card numbers, bank accounts and unknown PaymentMethods with sentences', async () => {
    const refusals = await Promise.all(
      [
        { kind: 'card', card_number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' } as const,
        { kind: 'bank', account_holder: 'A', routing_number: '110000000', account_number: '000123456789' } as const,
        { kind: 'card', payment_method: 'pm_unknown' } as const,
      ].map((method) =>
        provider()
          .saveMethod({ method, company })
          .catch((error: unknown) => error),
      ),
    );
    expect(refusals.map((error) => error instanceof AppError && [error.code, error.message])).toEqual([
      ['validation', paymentTexts.stripeCardForm],
      ['validation', paymentTexts.stripeCardsOnly],
      ['validation', paymentTexts.stripeCardForm],
    ]);
  });

  it('charges off-session with the idempotency key, and the same key replays the same charge', async () => {
    const key = randomUUID();
    const first = await charge('cus_fake1/pm_card_visa', key);
    expect(first).toEqual({ status: 'succeeded', providerRef: expect.stringMatching(/^pi_fake\d+$/) });
    expect(stripe.created).toHaveLength(1);
    expect(stripe.created[0]).toMatchObject({
      idempotencyKey: key,
      form: {
        amount: '138600',
        currency: 'usd',
        customer: 'cus_fake1',
        payment_method: 'pm_card_visa',
        confirm: 'true',
        off_session: 'true',
        'metadata[payment_id]': '5b0f5a57-1f7c-4d35-9d4e-6f0c7c1d2e3f',
      },
    });
    expect(await charge('cus_fake1/pm_card_visa', key)).toEqual(first);
    expect(stripe.created).toHaveLength(1);
  });

  it('maps declines to their sentences, and a failing Stripe to a transient error', async () => {
    expect(await charge('cus_fake1/pm_card_chargeDeclined')).toEqual({
      status: 'declined',
      message: paymentTexts.cardDeclined,
      providerRef: expect.stringMatching(/^pi_fake/),
    });
    expect(await charge('cus_fake1/pm_card_chargeDeclinedInsufficientFunds')).toMatchObject({
      status: 'declined',
      message: 'Your card has insufficient funds.',
    });
    expect(await charge('cus_fake1/pm_card_mastercard_processing')).toMatchObject({ status: 'processing' });
    await expect(charge('cus_fake1/pm_card_serverError')).rejects.toBeInstanceOf(TransientPaymentError);
    expect(await charge('not-a-stripe-reference')).toEqual({
      status: 'declined',
      message: paymentTexts.methodUnusable,
    });
    const unreachable = createStripeProvider({
      secretKey: 'sk_test_fake',
      apiUrl: 'http://127.0.0.1:9',
      maxNetworkRetries: 0,
    });
    await expect(
      unreachable.charge({
        amountCents: 100,
        currency: 'usd',
        providerRef: 'cus_1/pm_card_visa',
        idempotencyKey: randomUUID(),
        description: 'x',
        paymentId: randomUUID(),
      }),
    ).rejects.toBeInstanceOf(TransientPaymentError);
  });

  it('reads a PaymentIntent’s state as our outcome', () => {
    const intent = (status: string, declineCode?: string) =>
      ({
        id: 'pi_1',
        status,
        last_payment_error: declineCode ? { decline_code: declineCode } : null,
      }) as Stripe.PaymentIntent;
    expect(outcomeOfPaymentIntent(intent('succeeded'))).toEqual({ status: 'succeeded', providerRef: 'pi_1' });
    expect(outcomeOfPaymentIntent(intent('processing'))).toEqual({ status: 'processing', providerRef: 'pi_1' });
    expect(outcomeOfPaymentIntent(intent('requires_payment_method', 'insufficient_funds'))).toEqual({
      status: 'declined',
      message: paymentTexts.insufficientFunds,
      providerRef: 'pi_1',
    });
    expect(outcomeOfPaymentIntent(intent('canceled'))).toMatchObject({ message: paymentTexts.cardDeclined });
  });
});

// The app with Stripe configured: cards arrive as PaymentMethod ids, a processing payment waits for its
// webhook, and the webhook is public, exempt from the cross-site check and verified by its signature.
describe('payments with Stripe configured', () => {
  let stripe: FakeStripe;
  let testApp: TestApp;
  let company: Awaited<ReturnType<typeof signedInAccount>>;
  let companyId: string;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    testApp = await createTestApp({
      env: { STRIPE_SECRET_KEY: 'sk_test_fake', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: stripe.url },
    });
    company = await signedInAccount(testApp, { role: 'company' });
    companyId = await companyIdOf(db(), company.user.id);
  });
  afterAll(async () => {
    await testApp.close();
    await stripe.server.close();
  });

  const db = () => testApp.database.db;
  const addCard = async (paymentMethod: string) => {
    const response = await company.call(paymentsContract.addPaymentMethod, {
      body: { kind: 'card', payment_method: paymentMethod },
    });
    expect(response.statusCode, response.rawPayload.toString()).toBe(201);
    return response.body;
  };
  const pay = (invoiceId: string, methodId: string) =>
    company.call(paymentsContract.payInvoice, {
      params: { id: invoiceId },
      body: { payment_method_id: methodId },
      headers: { 'idempotency-key': randomUUID() },
    });
  // Stripe posts from its servers: no session, and a browser's cross-site marker must not matter. The body is
  // the signed text itself, not the Blob the contract's file type names.
  const deliver = (payload: string, signature?: string) =>
    callUnchecked((options) => testApp.app.inject(options), paymentsContract.stripeEvent, {
      body: payload,
      headers: {
        'content-type': 'application/json',
        'sec-fetch-site': 'cross-site',
        ...(signature !== undefined && { 'stripe-signature': signature }),
      },
    });
  const signed = (payload: string, secret = WEBHOOK_SECRET) =>
    deliver(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret }));
  const eventFor = (type: string, intent: object) =>
    JSON.stringify({ id: `evt_${randomUUID()}`, object: 'event', type, data: { object: intent } });
  const paymentOf = async (invoiceId: string) =>
    (await db().select().from(payments).where(eq(payments.invoiceId, invoiceId)))[0];
  const invoiceStatus = async (id: string) =>
    (await db().select({ status: invoices.status }).from(invoices).where(eq(invoices.id, id)))[0]?.status;

  it('takes cards only as PaymentMethod ids', async () => {
    const response = await company.call(paymentsContract.addPaymentMethod, {
      body: { kind: 'card', card_number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.error?.fields).toEqual({ payment_method: paymentTexts.stripeCardForm });
  });

  it('pays at once when the PaymentIntent succeeds', async () => {
    const card = await addCard('pm_card_visa');
    const invoice = await insertTestInvoice(db(), { companyId });
    const response = await pay(invoice.id, card.id);
    expect(response.statusCode, response.rawPayload.toString()).toBe(200);
    expect(response.body.payment).toMatchObject({ status: 'completed', method_label: 'Visa ending in 4242' });
    expect((await paymentOf(invoice.id))?.providerRef).toMatch(/^pi_fake/);
  });

  it('completes a processing payment from its signed webhook, once, and refuses bad signatures', async () => {
    const card = await addCard('pm_card_mastercard_processing');
    const invoice = await insertTestInvoice(db(), { companyId });
    const response = await pay(invoice.id, card.id);
    expect(response.statusCode, response.rawPayload.toString()).toBe(202);
    expect(response.body.payment.status).toBe('pending');
    const payment = await paymentOf(invoice.id);
    expect(await invoiceStatus(invoice.id)).toBe('pending');
    const event = eventFor('payment_intent.succeeded', {
      id: payment?.providerRef,
      object: 'payment_intent',
      status: 'succeeded',
      amount: payment?.amountCents,
      currency: 'usd',
      metadata: { payment_id: payment?.id },
    });
    for (const signature of [
      undefined,
      'garbage',
      Stripe.webhooks.generateTestHeaderString({ payload: event, secret: 'whsec_other' }),
    ]) {
      const refused = await deliver(event, signature);
      expect(refused.statusCode).toBe(400);
      expect(refused.error?.error).toBe(paymentTexts.webhookSignature);
    }
    expect((await paymentOf(invoice.id))?.status).toBe('pending');
    for (let delivery = 0; delivery < 2; delivery++) {
      const accepted = await signed(event);
      expect(accepted.statusCode, accepted.rawPayload.toString()).toBe(200);
      expect(accepted.body).toEqual({ received: true });
    }
    expect((await paymentOf(invoice.id))?.status).toBe('completed');
    expect(await invoiceStatus(invoice.id)).toBe('paid');
    const audit = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'payment.completed'), eq(auditLogs.targetId, invoice.id)));
    expect(audit).toHaveLength(1);
  });

  it('settles nothing from an intent of another amount, currency or id than the payment’s', async () => {
    const card = await addCard('pm_card_mastercard_processing');
    const invoice = await insertTestInvoice(db(), { companyId });
    expect((await pay(invoice.id, card.id)).statusCode).toBe(202);
    const payment = await paymentOf(invoice.id);
    const succeeded = (changes: object) =>
      eventFor('payment_intent.succeeded', {
        id: payment?.providerRef,
        object: 'payment_intent',
        status: 'succeeded',
        amount: payment?.amountCents,
        currency: 'usd',
        metadata: { payment_id: payment?.id },
        ...changes,
      });
    for (const changes of [
      { amount: 1 },
      { amount: (payment?.amountCents ?? 0) + 100 },
      { currency: 'jpy' },
      { id: 'pi_someone_elses' },
    ]) {
      const delivered = await signed(succeeded(changes));
      expect(delivered.statusCode, JSON.stringify(changes)).toBe(200);
      expect((await paymentOf(invoice.id))?.status, JSON.stringify(changes)).toBe('pending');
    }
    expect(await invoiceStatus(invoice.id)).toBe('pending');
    expect((await signed(succeeded({}))).statusCode).toBe(200);
    expect((await paymentOf(invoice.id))?.status).toBe('completed');
  });

  it('fails a processing payment from payment_intent.payment_failed, found by the intent id', async () => {
    const card = await addCard('pm_card_mastercard_processing');
    const invoice = await insertTestInvoice(db(), { companyId });
    expect((await pay(invoice.id, card.id)).statusCode).toBe(202);
    const payment = await paymentOf(invoice.id);
    const failed = await signed(
      eventFor('payment_intent.payment_failed', {
        id: payment?.providerRef,
        object: 'payment_intent',
        status: 'requires_payment_method',
        amount: payment?.amountCents,
        currency: 'usd',
        metadata: {},
        last_payment_error: { decline_code: 'insufficient_funds' },
      }),
    );
    expect(failed.statusCode).toBe(200);
    expect(await paymentOf(invoice.id)).toMatchObject({
      status: 'failed',
      failureMessage: paymentTexts.insufficientFunds,
    });
    expect(await invoiceStatus(invoice.id)).toBe('unpaid');
    const other = await signed(eventFor('customer.created', { id: 'cus_1', object: 'customer' }));
    expect(other.statusCode).toBe(200);
  });

  // Decision 036: money that goes back after the payment completed is never applied silently.
  it('gives a payment back from a full refund in Stripe’s dashboard or a chargeback, once; a partial refund is refused', async () => {
    const card = await addCard('pm_card_visa');
    const audited = (action: string, paymentId: string) =>
      db()
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.action, action), eq(auditLogs.targetId, paymentId)));
    const refundedInvoice = await insertTestInvoice(db(), { companyId });
    expect((await pay(refundedInvoice.id, card.id)).statusCode).toBe(200);
    const refunded = await paymentOf(refundedInvoice.id);
    const charge = (changes: object) =>
      eventFor('charge.refunded', {
        id: `ch_${randomUUID()}`,
        object: 'charge',
        payment_intent: refunded?.providerRef,
        amount: refunded?.amountCents,
        currency: 'usd',
        ...changes,
      });
    expect((await signed(charge({ amount_refunded: 1, refunded: false }))).statusCode).toBe(200);
    expect((await paymentOf(refundedInvoice.id))?.refundedAt).toBeNull();
    for (let delivery = 0; delivery < 2; delivery++) {
      expect((await signed(charge({ amount_refunded: refunded?.amountCents, refunded: true }))).statusCode).toBe(200);
    }
    expect((await paymentOf(refundedInvoice.id))?.refundedAt).not.toBeNull();
    expect(await invoiceStatus(refundedInvoice.id)).toBe('unpaid');
    expect(await audited('payment.refunded', refunded?.id ?? '')).toHaveLength(1);
    // Its credit note (decision 048), once however often Stripe delivers the event: the whole invoice.
    const notesOf = (paymentId: string) => db().select().from(creditNotes).where(eq(creditNotes.paymentId, paymentId));
    expect(await notesOf(refunded?.id ?? '')).toEqual([
      expect.objectContaining({
        reason: 'payment_refunded',
        invoiceId: refundedInvoice.id,
        totalCents: refunded?.amountCents,
      }),
    ]);

    const disputedInvoice = await insertTestInvoice(db(), { companyId });
    expect((await pay(disputedInvoice.id, card.id)).statusCode).toBe(200);
    const disputed = await paymentOf(disputedInvoice.id);
    const dispute = eventFor('charge.dispute.created', {
      id: 'dp_fake1',
      object: 'dispute',
      charge: 'ch_fake1',
      payment_intent: disputed?.providerRef,
      amount: disputed?.amountCents,
      reason: 'fraudulent',
      status: 'needs_response',
    });
    expect((await signed(dispute)).statusCode).toBe(200);
    expect(await invoiceStatus(disputedInvoice.id)).toBe('unpaid');
    const [chargeback] = await audited('payment.charged_back', disputed?.id ?? '');
    expect(chargeback?.details).toMatchObject({ dispute_ref: 'dp_fake1', reason: 'fraudulent' });
    expect((await signed(dispute)).statusCode).toBe(200);
    expect(await notesOf(disputed?.id ?? '')).toEqual([
      expect.objectContaining({
        reason: 'charged_back',
        invoiceId: disputedInvoice.id,
        totalCents: disputed?.amountCents,
      }),
    ]);
    expect((await paymentOf(disputedInvoice.id))?.refundedCents).toBe(disputed?.amountCents);

    // The bank decides for us: the money comes back and the invoice is paid again, once.
    const closed = (status: string) =>
      eventFor('charge.dispute.closed', {
        id: 'dp_fake1',
        object: 'dispute',
        charge: 'ch_fake1',
        payment_intent: disputed?.providerRef,
        amount: disputed?.amountCents,
        reason: 'fraudulent',
        status,
      });
    expect((await signed(closed('lost'))).statusCode).toBe(200);
    expect(await invoiceStatus(disputedInvoice.id)).toBe('unpaid');
    for (let delivery = 0; delivery < 2; delivery++) expect((await signed(closed('won'))).statusCode).toBe(200);
    expect(await invoiceStatus(disputedInvoice.id)).toBe('paid');
    const returned = (await db().select().from(payments).where(eq(payments.invoiceId, disputedInvoice.id))).filter(
      (payment) => payment.providerRef === 'dp_fake1',
    );
    expect(returned).toEqual([expect.objectContaining({ status: 'completed', amountCents: disputed?.amountCents })]);
    expect(await audited('payment.dispute_won', returned[0]?.id ?? '')).toHaveLength(1);
  });
});
