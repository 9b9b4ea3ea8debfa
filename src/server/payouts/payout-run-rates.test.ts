import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { payoutsContract } from '~/shared/contracts/payouts';
import type { Currency } from '~/shared/currencies';
import { formatMoney } from '~/shared/money-format';
import { payoutTexts, type TalentPayoutPart } from '~/shared/payouts';
import { integerColumn } from '../db/row-columns';
import { companies, emailOutbox, fxRates, payoutMethods, payoutRuns, payouts, platformSettings } from '../db/schema';
import { selectRows } from '../db/select-rows';
import { loadRateBook, rateBetween } from '../kernels/money/rate-book';
import { FX_SETTINGS_KEY } from '../platform/get-fx-settings';
import { addDays, isoDay, weekStartOf } from '../platform/work-calendar';
import { signedInAccount } from '../testing/auth-helpers';
import { type Account, companyAccount } from '../testing/job-board-test-helpers';
import { taxFormOnFile } from '../testing/tax-form-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';
import { buildAssignment, buildTimesheet } from '../testing/work-factories';
import { bringLedgerUpToDate } from './payout-run-records';
import { type PayoutPart, planPayoutParts } from './plan-payout-parts';

// A planned part as the API answers it.
const wireOf = (part: PayoutPart): TalentPayoutPart => ({
  source_currency: part.sourceCurrency,
  source_cents: part.sourceCents,
  amount_cents: part.amountCents,
  margin_cents: part.marginCents,
  margin_basis_points: part.marginBasisPoints,
  rate: part.rate && { rate: part.rate.rate, date: part.rate.date, source: part.rate.source },
});

// Issue 55, item 3: the talent sees each payout in the payout currency with its rate before the run is
// approved, and the rate is locked at approval. A talent earning euros and dollars, paid in pesos; one paid
// in dollars; one paid in dong, for which no rate is stored; one with no payout method.
describe('payout runs in several currencies, their rates shown before approval and locked at it', () => {
  let testApp: TestApp;
  let admin: Account;
  const talents = {} as Record<'maria' | 'hank' | 'vu' | 'noah', Account>;
  let runId: string;
  const today = isoDay(new Date());
  const tenDaysAgo = addDays(today, -10);
  const eightDaysAgo = addDays(today, -8);
  const MARGIN_BASIS_POINTS = 50;
  const MAX_RATE_AGE_DAYS = 3;
  const settings = { payouts_wait_for_payment: false, payout_security_days: 0, payout_minimum_cents: 1000 };
  const euroWeeks = [123_457, 80_000] as const;
  const euroTotal = euroWeeks[0] + euroWeeks[1];
  const dollarWeek = 25_000;

  const db = () => testApp.database.db;

  beforeAll(async () => {
    testApp = await createTestApp();
    admin = await signedInAccount(testApp, { role: 'admin' });
    talents.maria = await signedInAccount(testApp, { role: 'applicant', name: 'Maria Santos' });
    talents.hank = await signedInAccount(testApp, { role: 'applicant', name: 'Hank Miller' });
    talents.vu = await signedInAccount(testApp, { role: 'applicant', name: 'Vu Tran' });
    talents.noah = await signedInAccount(testApp, { role: 'applicant', name: 'Noah Weber' });
    await testApp.setSettings(settings);
    await db()
      .insert(platformSettings)
      .values({
        key: FX_SETTINGS_KEY,
        value: { margin_basis_points: MARGIN_BASIS_POINTS, max_rate_age_days: MAX_RATE_AGE_DAYS },
      });
    // The latest rates are days old: the euro-peso older than the euro-dollar. No rate names the dong.
    await db()
      .insert(fxRates)
      .values([
        { base: 'EUR', quote: 'PHP', rate: '61.2345', rateDate: tenDaysAgo, source: 'manual' },
        { base: 'EUR', quote: 'USD', rate: '1.0512', rateDate: eightDaysAgo, source: 'ecb' },
      ]);

    const lisboa = await companyAccount(testApp, 'Lisboa Digital');
    await db().update(companies).set({ billingCurrency: 'EUR' }).where(eq(companies.id, lisboa.companyId));
    const harbor = await companyAccount(testApp, 'Harbor Goods');
    const approvedAt = new Date(Date.now() - 60_000);
    const weekOf = (weeksBack: number) => addDays(weekStartOf(today), -7 * weeksBack);
    const work = async (talent: Account, companyId: string, weeks: Array<[number, number]>) => {
      const assignment = await buildAssignment(db(), {
        companyId,
        applicantId: talent.user.id,
        role: 'Copywriter',
        startDate: weekOf(8),
      });
      for (const [weeksBack, cents] of weeks) {
        await buildTimesheet(db(), {
          assignmentId: assignment.id,
          weekStart: weekOf(weeksBack),
          status: 'approved',
          approvedAt,
          talentPayCents: cents,
        });
      }
    };
    await work(talents.maria, lisboa.companyId, [
      [2, euroWeeks[0]],
      [1, euroWeeks[1]],
    ]);
    await work(talents.maria, harbor.companyId, [[1, dollarWeek]]);
    await work(talents.hank, harbor.companyId, [[1, 40_000]]);
    await work(talents.vu, lisboa.companyId, [[1, 30_000]]);
    await work(talents.noah, lisboa.companyId, [[1, 50_000]]);
    const method = (talent: Account, currency: Currency) => ({
      applicantId: talent.user.id,
      kind: 'wise' as const,
      label: `Wise · ${currency}`,
      email: `${talent.user.id}@example.com`,
      currency,
      isDefault: true,
      usableFrom: new Date(Date.now() - 3_600_000),
    });
    await db()
      .insert(payoutMethods)
      .values([method(talents.maria, 'PHP'), method(talents.hank, 'USD'), method(talents.vu, 'VND')]);
    for (const talent of [talents.maria, talents.hank, talents.vu]) await taxFormOnFile(testApp, talent.user.id);
    // The hourly ledger job: the approved weeks posted and, with no wait, available.
    await bringLedgerUpToDate({ db: db(), settings, now: new Date() });
  });
  afterAll(async () => {
    await testApp.close();
  });

  const balanceOf = async (talent: Account) => {
    const response = await talent.call(payoutsContract.balance);
    expect(response.statusCode, response.rawPayload.toString()).toBe(200);
    return response.body;
  };
  const lineOf = async (talent: Account) => {
    const lines = await admin.call(payoutsContract.runLines, { params: { id: runId }, query: { page_size: 100 } });
    expect(lines.statusCode, lines.rawPayload.toString()).toBe(200);
    return lines.body.items.find((line) => line.applicant_id === talent.user.id);
  };
  // What the latest stored rates make of Maria's euros and dollars in pesos, with the margin.
  const mariaPlan = async () => {
    const plan = planPayoutParts({
      balances: [
        { currency: 'EUR', cents: euroTotal },
        { currency: 'USD', cents: dollarWeek },
      ],
      payoutCurrency: 'PHP',
      book: await loadRateBook(db()),
      marginBasisPoints: MARGIN_BASIS_POINTS,
    });
    if (!plan.ok) throw new Error('The stored rates convert euros and dollars to pesos.');
    return plan;
  };
  const sentTransactions = async () => {
    const [row] = await selectRows(
      db(),
      z.object({ n: integerColumn }),
      sql`select count(*)::int as n from ledger_transactions where kind = 'payout_sent'`,
    );
    return row?.n;
  };

  it('shows a talent with euros and dollars available and a peso method each currency, and the next payout in pesos at the stored rates', async () => {
    const balance = await balanceOf(talents.maria);
    expect(balance.balances).toEqual([
      { currency: 'EUR', pending_cents: 0, available_cents: euroTotal, in_transit_cents: 0, paid_out_cents: 0 },
      { currency: 'USD', pending_cents: 0, available_cents: dollarWeek, in_transit_cents: 0, paid_out_cents: 0 },
    ]);
    const plan = await mariaPlan();
    expect(balance.next_payout).toMatchObject({
      basis: 'estimate',
      currency: 'PHP',
      amount_cents: plan.amountCents,
      parts: plan.parts.map(wireOf),
      blocked_by: null,
    });
    // The euros at the rate stored, its day and source; the dollars at the cross rate through the euro.
    const [euros, dollars] = balance.next_payout.parts;
    expect(euros?.rate).toEqual({ rate: '61.2345', date: tenDaysAgo, source: 'manual' });
    expect(euros?.margin_basis_points).toBe(MARGIN_BASIS_POINTS);
    expect(dollars?.rate).toMatchObject({ date: tenDaysAgo });
    expect(balance.next_payout.amount_cents).toBe(
      balance.next_payout.parts.reduce((sum, part) => sum + part.amount_cents, 0),
    );
    // No rate to the dong: nothing would be sent, and the talent is told why.
    expect((await balanceOf(talents.vu)).next_payout).toMatchObject({
      currency: 'VND',
      amount_cents: 0,
      parts: [],
      blocked_by: 'rate_missing',
    });
  });

  it('answers each run line with its parts, the run’s totals per currency and the rates approval would lock, stale ones flagged', async () => {
    const prepared = await admin.call(payoutsContract.prepareRun);
    expect(prepared.statusCode, prepared.rawPayload.toString()).toBe(200);
    runId = prepared.body.id;
    const plan = await mariaPlan();
    const maria = await lineOf(talents.maria);
    expect(maria).toMatchObject({
      status: 'planned',
      currency: 'PHP',
      amount_cents: plan.amountCents,
      parts: plan.parts.map(wireOf),
    });
    expect(await lineOf(talents.hank)).toMatchObject({
      status: 'planned',
      currency: 'USD',
      amount_cents: 40_000,
      parts: [
        {
          source_currency: 'USD',
          source_cents: 40_000,
          amount_cents: 40_000,
          margin_cents: 0,
          margin_basis_points: 0,
          rate: null,
        },
      ],
    });
    expect(await lineOf(talents.vu)).toMatchObject({ status: 'exception', exception: 'rate_missing', parts: [] });
    expect(await lineOf(talents.noah)).toMatchObject({ status: 'exception', exception: 'no_method' });

    // Never one sum across currencies: pesos and dollars, each on its own.
    expect(prepared.body.totals).toEqual([
      { currency: 'PHP', amount_cents: plan.amountCents },
      { currency: 'USD', amount_cents: 40_000 },
    ]);
    const book = await loadRateBook(db());
    const usdToPhp = rateBetween(book, 'USD', 'PHP');
    expect(prepared.body.rates).toEqual([
      { from: 'EUR', to: 'PHP', rate: { rate: '61.2345', date: tenDaysAgo, source: 'manual' }, stale: true },
      {
        from: 'USD',
        to: 'PHP',
        rate: usdToPhp && { rate: usdToPhp.rate, date: usdToPhp.date, source: usdToPhp.source },
        stale: true,
      },
    ]);
    // The talent sees the line the administrator sees, not an estimate of their own.
    expect((await balanceOf(talents.maria)).next_payout).toMatchObject({
      basis: 'planned',
      currency: 'PHP',
      amount_cents: maria?.amount_cents,
      parts: maria?.parts,
    });
  });

  it('refuses to approve with a stale rate, in the server’s sentence, and changes nothing', async () => {
    const before = await lineOf(talents.maria);
    const refused = await admin.call(payoutsContract.approveRun, { params: { id: runId } });
    expect(refused.statusCode).toBe(409);
    expect(refused.error?.error).toBe(payoutTexts.staleRate('EUR', 'PHP', tenDaysAgo, MAX_RATE_AGE_DAYS));
    const [run] = await db().select().from(payoutRuns).where(eq(payoutRuns.id, runId));
    expect(run).toMatchObject({ status: 'draft', approvedAt: null, approvedBy: null });
    expect(await lineOf(talents.maria)).toEqual(before);
    expect(
      (await db().select().from(payouts).where(eq(payouts.runId, runId))).map((line) => line.status).sort(),
    ).toEqual(['exception', 'exception', 'planned', 'planned']);
    expect(await sentTransactions()).toBe(0);
    expect((await balanceOf(talents.maria)).balances.map((row) => row.available_cents)).toEqual([
      euroTotal,
      dollarWeek,
    ]);
  });

  it('locks the latest rates at approval: each part at the newest stored rate, the amount worked out again', async () => {
    await db()
      .insert(fxRates)
      .values([
        { base: 'EUR', quote: 'PHP', rate: '60.9876', rateDate: today, source: 'manual' },
        { base: 'EUR', quote: 'USD', rate: '1.0498', rateDate: today, source: 'manual' },
      ]);
    const draft = (await admin.call(payoutsContract.run, { params: { id: runId } })).body;
    expect(draft.rates.map((rate) => [rate.from, rate.to, rate.rate?.rate, rate.rate?.date, rate.stale])).toEqual([
      ['EUR', 'PHP', '60.9876', today, false],
      ['USD', 'PHP', rateBetween(await loadRateBook(db()), 'USD', 'PHP')?.rate, today, false],
    ]);

    const approved = await admin.call(payoutsContract.approveRun, { params: { id: runId } });
    expect(approved.statusCode, approved.rawPayload.toString()).toBe(200);
    const book = await loadRateBook(db());
    const plan = await mariaPlan();
    const maria = await lineOf(talents.maria);
    expect(maria).toMatchObject({ status: 'sent', currency: 'PHP', amount_cents: plan.amountCents });
    expect(maria?.parts.map((part) => part.rate)).toEqual(
      (['EUR', 'USD'] as const).map((from) => {
        const latest = rateBetween(book, from, 'PHP');
        return latest && { rate: latest.rate, date: latest.date, source: latest.source };
      }),
    );
    expect(maria?.parts[0]?.rate).toEqual({ rate: '60.9876', date: today, source: 'manual' });
    expect(maria?.parts).toEqual(plan.parts.map(wireOf));
    expect(approved.body.totals).toEqual([
      { currency: 'PHP', amount_cents: plan.amountCents },
      { currency: 'USD', amount_cents: 40_000 },
    ]);
    // What it locked, once approved.
    expect(approved.body.rates.map((rate) => [rate.from, rate.to, rate.rate?.rate, rate.stale])).toEqual([
      ['EUR', 'PHP', '60.9876', false],
      ['USD', 'PHP', maria?.parts[1]?.rate?.rate, false],
    ]);
    expect(await sentTransactions()).toBe(2);
    const balance = await balanceOf(talents.maria);
    expect(balance.balances.map((row) => [row.currency, row.available_cents, row.in_transit_cents])).toEqual([
      ['EUR', 0, 0],
      ['PHP', 0, plan.amountCents],
      ['USD', 0, 0],
    ]);
  });

  it('writes the payout’s amount in its currency when it is paid, and the reminder in the currencies held', async () => {
    const maria = await lineOf(talents.maria);
    const paid = await admin.call(payoutsContract.markPaid, {
      params: { id: maria?.id ?? '' },
      body: { reference: 'WISE-PHP-7' },
    });
    expect(paid.statusCode, paid.rawPayload.toString()).toBe(200);
    expect(paid.body).toMatchObject({ status: 'paid', currency: 'PHP', parts: maria?.parts });
    const latestMailTo = async (email: string) => {
      const [mail] = await db()
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.toAddress, email))
        .orderBy(desc(emailOutbox.createdAt))
        .limit(1);
      return mail;
    };
    const pesos = formatMoney(maria?.amount_cents ?? 0, 'PHP');
    const sent = await latestMailTo(talents.maria.user.email);
    expect(sent?.subject).toBe(`Your payout of ${pesos} is on its way`);
    expect(sent?.text).toContain('rates locked when the payout run was approved');

    const reminded = await admin.call(payoutsContract.remindRun, { params: { id: runId } });
    expect(reminded.statusCode, reminded.rawPayload.toString()).toBe(200);
    expect(reminded.body.reminded).toBe(1);
    expect((await latestMailTo(talents.noah.user.email))?.subject).toBe(
      `${formatMoney(50_000, 'EUR')} is waiting for you on Tandem`,
    );
  });
});
