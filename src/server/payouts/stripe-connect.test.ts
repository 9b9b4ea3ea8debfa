import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payoutsContract } from '~/shared/contracts/payouts';
import { minorUnitsOf, payoutCurrencies } from '~/shared/currencies';
import { fxRates, payoutMethods, payouts } from '../db/schema';
import { postTransaction } from '../kernels/money/post-transaction';
import { talentBalanceOf } from '../kernels/money/talent-balance-of';
import { isoDay } from '../platform/work-calendar';
import { signedInAccount } from '../testing/auth-helpers';
import { taxFormOnFile } from '../testing/tax-form-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createStripeConnect } from './payout-provider';
import { preparePayoutRun } from './prepare-payout-run';
import { sendStripeTransfers } from './send-stripe-transfers';

// The few Stripe Connect endpoints payouts call, on loopback, with Stripe's idempotency (a repeated key
// replays the first answer): Express accounts, their onboarding links, and transfers.
async function startFakeConnect() {
  const server = Fastify();
  const replies = new Map<string, unknown>();
  const transfers: Array<{ idempotencyKey: string | undefined; form: Record<string, string> }> = [];
  const state = { onboarded: false, accounts: 0, currency: 'usd' };
  server.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  const once = (key: string | undefined, answer: () => unknown) => {
    if (key && replies.has(key)) return replies.get(key);
    const body = answer();
    if (key) replies.set(key, body);
    return body;
  };
  server.post('/v1/accounts', async (request) =>
    once(request.headers['idempotency-key'] as string | undefined, () => {
      state.accounts += 1;
      return { id: `acct_fake${state.accounts}`, object: 'account' };
    }),
  );
  server.post<{ Body: Record<string, string> }>('/v1/account_links', async (request) => ({
    object: 'account_link',
    url: `https://connect.stripe.test/setup/${request.body.account}`,
  }));
  server.get<{ Params: { id: string } }>('/v1/accounts/:id', async (request) => ({
    id: request.params.id,
    object: 'account',
    payouts_enabled: state.onboarded,
    details_submitted: state.onboarded,
    default_currency: state.currency,
  }));
  server.post<{ Body: Record<string, string> }>('/v1/transfers', async (request, reply) => {
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    if (request.body.destination === 'acct_refuses') {
      return reply.code(400).send({ error: { type: 'invalid_request_error', message: 'No such destination' } });
    }
    return once(idempotencyKey, () => {
      transfers.push({ idempotencyKey, form: request.body });
      return { id: `tr_fake${transfers.length}`, object: 'transfer', amount: Number(request.body.amount) };
    });
  });
  await server.listen({ host: '127.0.0.1', port: 0 });
  const { port } = server.server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}`, transfers, state };
}

// Payouts to a Stripe account (decision 036): the talent onboards through an account link after the proof;
// only an onboarded account is paid; each transfer carries the payout's id as its idempotency key, so a
// retry after a lost answer never pays twice.
describe('payouts through Stripe Connect', () => {
  let connect: Awaited<ReturnType<typeof startFakeConnect>>;
  let testApp: TestApp;

  beforeAll(async () => {
    connect = await startFakeConnect();
    testApp = await createTestApp({
      env: { STRIPE_SECRET_KEY: 'sk_test_fake', STRIPE_WEBHOOK_SECRET: 'whsec_test', STRIPE_API_URL: connect.url },
    });
  });
  afterAll(async () => {
    await testApp.close();
    await connect.server.close();
  });

  const db = () => testApp.database.db;
  const context = () => ({
    db: db(),
    mailer: testApp.app.appContext.mailer,
    publicUrl: 'https://tandem.example',
    connect: createStripeConnect({ secretKey: 'sk_test_fake', apiUrl: connect.url }),
  });

  it('onboards the talent, pays only once the account can be paid, and transfers once per payout', async () => {
    const talent = await signedInAccount(testApp, { role: 'applicant' });
    const refused = await talent.call(payoutsContract.connectLink, { body: { proof: { password: 'wrong' } } });
    expect(refused.statusCode).toBe(400);
    const link = await talent.call(payoutsContract.connectLink, {
      body: { proof: { password: talent.password ?? undefined } },
    });
    expect(link.statusCode, link.rawPayload.toString()).toBe(200);
    expect(link.body.url).toMatch(/^https:\/\/connect\.stripe\.test\/setup\/acct_fake\d+$/);
    const refresh = () => talent.call(payoutsContract.connectRefresh);
    expect((await refresh()).body.items[0]).toMatchObject({
      kind: 'stripe_connect',
      onboarded: false,
    });

    // Money available, the method's wait over, but Stripe has not finished: an exception, not a payout.
    await postTransaction({
      currency: 'USD',
      db: db(),
      key: `test-earning:${talent.user.id}`,
      kind: 'earnings_available',
      refs: { applicantId: talent.user.id },
      lines: [
        { account: 'company_receivable', amountCents: 12_345 },
        { account: 'talent_available', amountCents: -12_345, applicantId: talent.user.id },
      ],
    });
    await taxFormOnFile(testApp, talent.user.id);
    await db()
      .update(payoutMethods)
      .set({ usableFrom: new Date(0) })
      .where(eq(payoutMethods.applicantId, talent.user.id));
    const settings = { payouts_wait_for_payment: true, payout_security_days: 0, payout_minimum_cents: 2000 };
    const { runId: waiting } = await preparePayoutRun({ db: db(), settings, day: '2035-03-05' });
    const [exception] = await db().select().from(payouts).where(eq(payouts.runId, waiting));
    expect(exception).toMatchObject({ status: 'exception', exception: 'not_onboarded' });
    const admin = await signedInAccount(testApp, { role: 'admin' });
    const approveRun = (runId: string) => admin.call(payoutsContract.approveRun, { params: { id: runId } });
    expect((await approveRun(waiting)).statusCode).toBe(200);

    connect.state.onboarded = true;
    expect((await refresh()).body.items[0]).toMatchObject({ onboarded: true, currency: 'USD' });
    const { runId } = await preparePayoutRun({ db: db(), settings, day: '2035-03-12' });
    const approved = await approveRun(runId);
    expect(approved.statusCode, approved.rawPayload.toString()).toBe(200);
    const [line] = await db().select().from(payouts).where(eq(payouts.runId, runId));
    expect(line).toMatchObject({ status: 'sent', provider: 'stripe', amountCents: 12_345 });

    // The job, twice (a retry): one transfer, with the payout's key.
    await sendStripeTransfers({ ...context(), runId });
    await sendStripeTransfers({ ...context(), runId });
    expect(connect.transfers).toHaveLength(1);
    expect(connect.transfers[0]).toMatchObject({
      idempotencyKey: `payout:${line?.id}`,
      form: { amount: '12345', currency: 'usd', destination: expect.stringMatching(/^acct_fake/) },
    });
    // Stripe asked again with the same key (a lost answer) replays the first transfer.
    const again = await context().connect.transfer({
      payoutId: line?.id ?? '',
      amountCents: 12_345,
      currency: 'USD',
      destination: connect.transfers[0]?.form.destination ?? '',
      runId,
    });
    expect(again).toEqual({ status: 'paid', reference: 'tr_fake1' });
    expect(connect.transfers).toHaveLength(1);
    const [paid] = await db()
      .select()
      .from(payouts)
      .where(eq(payouts.id, line?.id ?? ''));
    expect(paid).toMatchObject({ status: 'paid', reference: 'tr_fake1' });
    expect(await talentBalanceOf(db(), talent.user.id)).toMatchObject([
      { currency: 'USD', availableCents: 0, paidOutCents: 12_345 },
    ]);
  });

  it('pays a connected account in its own currency when Tandem pays out in it, else in dollars', async () => {
    for (const [stripeCurrency, expected] of [
      ['php', 'PHP'],
      ['jpy', 'USD'],
    ] as const) {
      const talent = await signedInAccount(testApp, { role: 'applicant' });
      connect.state.onboarded = false;
      await talent.call(payoutsContract.connectLink, { body: { proof: { password: talent.password ?? undefined } } });
      connect.state.onboarded = true;
      connect.state.currency = stripeCurrency;
      const refreshed = await talent.call(payoutsContract.connectRefresh);
      expect(refreshed.body.items[0]).toMatchObject({ kind: 'stripe_connect', onboarded: true, currency: expected });
    }
    connect.state.currency = 'usd';
  });

  it('puts a refused transfer back in the balance', async () => {
    const talent = await signedInAccount(testApp, { role: 'applicant' });
    await taxFormOnFile(testApp, talent.user.id);
    await db()
      .insert(payoutMethods)
      .values({
        applicantId: talent.user.id,
        kind: 'stripe_connect',
        label: 'Stripe · account ending in uses',
        stripeAccountId: 'acct_refuses',
        onboardedAt: new Date(),
        isDefault: true,
        usableFrom: new Date(0),
      });
    await postTransaction({
      currency: 'USD',
      db: db(),
      key: `test-earning:${talent.user.id}`,
      kind: 'earnings_available',
      refs: { applicantId: talent.user.id },
      lines: [
        { account: 'company_receivable', amountCents: 5_000 },
        { account: 'talent_available', amountCents: -5_000, applicantId: talent.user.id },
      ],
    });
    const settings = { payouts_wait_for_payment: true, payout_security_days: 0, payout_minimum_cents: 2000 };
    const { runId } = await preparePayoutRun({ db: db(), settings, day: '2035-04-02' });
    const admin = await signedInAccount(testApp, { role: 'admin' });
    expect((await admin.call(payoutsContract.approveRun, { params: { id: runId } })).statusCode).toBe(200);
    await sendStripeTransfers({ ...context(), runId });
    const [line] = await db().select().from(payouts).where(eq(payouts.runId, runId));
    expect(line?.status).toBe('failed');
    expect(line?.failureReason).toMatch(/Stripe refused the transfer/);
    expect(await talentBalanceOf(db(), talent.user.id)).toMatchObject([
      { currency: 'USD', availableCents: 5_000, inTransitCents: 0 },
    ]);
  });

  it('transfers each payout in its currency, lower case as Stripe spells it, counted in its minor unit', async () => {
    // Today's rates, by hand: USD→PHP 50 and USD→VND 22000 through the euro, exact.
    const today = isoDay(new Date());
    await db()
      .insert(fxRates)
      .values(
        [
          ['USD', '1.25'],
          ['PHP', '62.5'],
          ['VND', '27500'],
        ].map(([quote = '', rate = '']) => ({ base: 'EUR', quote, rate, rateDate: today, source: 'manual' as const })),
      )
      .onConflictDoNothing();
    const paidIn = async (currency: string, account: string) => {
      const talent = await signedInAccount(testApp, { role: 'applicant' });
      await taxFormOnFile(testApp, talent.user.id);
      await db()
        .insert(payoutMethods)
        .values({
          applicantId: talent.user.id,
          kind: 'stripe_connect',
          label: `Stripe · account ending in ${account.slice(-4)}`,
          stripeAccountId: account,
          currency,
          onboardedAt: new Date(),
          isDefault: true,
          usableFrom: new Date(0),
        });
      await postTransaction({
        currency: 'USD',
        db: db(),
        key: `test-earning:${talent.user.id}`,
        kind: 'earnings_available',
        refs: { applicantId: talent.user.id },
        lines: [
          { account: 'company_receivable', amountCents: 12_345 },
          { account: 'talent_available', amountCents: -12_345, applicantId: talent.user.id },
        ],
      });
      return talent.user.id;
    };
    const pesos = await paidIn('PHP', 'acct_pesos');
    const dong = await paidIn('VND', 'acct_dong');
    const settings = { payouts_wait_for_payment: true, payout_security_days: 0, payout_minimum_cents: 2000 };
    const { runId } = await preparePayoutRun({ db: db(), settings, day: '2035-05-07' });
    const admin = await signedInAccount(testApp, { role: 'admin' });
    const approved = await admin.call(payoutsContract.approveRun, { params: { id: runId } });
    expect(approved.statusCode, approved.rawPayload.toString()).toBe(200);
    await sendStripeTransfers({ ...context(), runId });

    const lines = await db().select().from(payouts).where(eq(payouts.runId, runId));
    const lineOf = (applicantId: string) => lines.find((line) => line.applicantId === applicantId);
    // $123.45 is ₱6,172.50 (617,250 centavos) and ₫2,715,900 (the dong has no minor unit).
    expect(lineOf(pesos)).toMatchObject({ currency: 'PHP', amountCents: 617_250, provider: 'stripe', status: 'paid' });
    expect(lineOf(dong)).toMatchObject({ currency: 'VND', amountCents: 2_715_900, provider: 'stripe', status: 'paid' });
    const formOf = (destination: string) =>
      connect.transfers.find((transfer) => transfer.form.destination === destination);
    expect(formOf('acct_pesos')).toMatchObject({
      idempotencyKey: `payout:${lineOf(pesos)?.id}`,
      form: { amount: '617250', currency: 'php' },
    });
    expect(formOf('acct_dong')).toMatchObject({
      idempotencyKey: `payout:${lineOf(dong)?.id}`,
      form: { amount: '2715900', currency: 'vnd' },
    });
  });

  it('counts every payout currency in the unit Stripe counts it in', () => {
    // Stripe's zero-decimal currencies, and those it treats apart (three decimals sent with a last zero;
    // ISK, HUF, TWD and UGX with two though they pay whole units): https://docs.stripe.com/currencies
    const zeroDecimal = [
      'BIF',
      'CLP',
      'DJF',
      'GNF',
      'JPY',
      'KMF',
      'KRW',
      'MGA',
      'PYG',
      'RWF',
      'UGX',
      'VND',
      'VUV',
      'XAF',
      'XOF',
      'XPF',
    ];
    const apart = ['BHD', 'JOD', 'KWD', 'OMR', 'TND', 'ISK', 'HUF', 'TWD', 'UGX'];
    for (const currency of payoutCurrencies) {
      expect(apart, currency).not.toContain(currency);
      expect(minorUnitsOf(currency), currency).toBe(zeroDecimal.includes(currency) ? 0 : 2);
    }
  });
});
