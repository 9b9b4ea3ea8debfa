import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { applicationsContract } from '~/shared/contracts/applications';
import { adminInvoicesContract, invoicesContract } from '~/shared/contracts/billing';
import { fixedPriceContract } from '~/shared/contracts/fixed-price';
import { fxRatesContract } from '~/shared/contracts/fx-rates';
import { paymentsContract } from '~/shared/contracts/payments';
import { payoutsContract } from '~/shared/contracts/payouts';
import { pipelineContract } from '~/shared/contracts/pipeline';
import { workContract } from '~/shared/contracts/work';
import { payoutTexts } from '~/shared/payouts';
import { integerColumn } from '../db/row-columns';
import { payoutMethods, payoutParts, payouts } from '../db/schema';
import { selectRows } from '../db/select-rows';
import { makeEarningsAvailable } from '../kernels/money/make-earnings-available';
import { addDays, isoDay, weekStartOf } from '../platform/work-calendar';
import { buildApplication, buildJob } from '../seed/job-factories';
import { signedInAccount } from '../testing/auth-helpers';
import { companyAccount } from '../testing/job-board-test-helpers';
import { taxFormOnFile } from '../testing/tax-form-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';
import { buildAssignment } from '../testing/work-factories';

// The currencies issue's walk ("Done when"): a company billed in euros hires a talent paid in pesos by the
// hour and one paid in rupees for a fixed price. Invoices and escrow are in euros; payouts in pesos and
// rupees at the rates recorded when the run was approved, less the FX margin; a stale rate stops the run
// first; and every currency's ledger balances. Expected figures are this file's own integer arithmetic.

// a × rate (a decimal string) in the target's minor units, and the margin: each rounded half up, once.
function expectedConversion(amount: bigint, rate: string, marginBasisPoints: bigint) {
  const [whole = '0', fraction = ''] = rate.split('.');
  const scale = 10n ** BigInt(fraction.length);
  const exact = amount * BigInt(whole + fraction);
  const converted = (2n * exact + scale) / (2n * scale);
  const margin = (2n * converted * marginBasisPoints + 10_000n) / 20_000n;
  return { received: Number(converted - margin), margin: Number(margin) };
}

const rates = { PHP: '61.2345', INR: '89.7654' } as const;
const marginBasisPoints = 50;
const rateCents = 4_000; // €40.00 an hour
const minutesByDay = [450, 450, 450, 450, 450];
const milestoneCents = 85_000; // €850.00
const feeBasisPoints = 1_000;

describe('a company billed in euros pays talent in pesos and rupees', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('invoices in EUR, pays out in PHP and INR at the rates locked at approval, and balances every currency', async () => {
    const db = testApp.database.db;
    const today = isoDay(new Date());
    await testApp.setSettings({
      platform_fee_basis_points: feeBasisPoints,
      payouts_wait_for_payment: true,
      payout_security_days: 0,
    });
    const admin = await signedInAccount(testApp, { role: 'admin' });
    const company = await companyAccount(testApp, 'Berliner Werkstatt');
    const maria = await signedInAccount(testApp, { role: 'applicant', name: 'Maria Santos' });
    const arjun = await signedInAccount(testApp, { role: 'applicant', name: 'Arjun Mehta' });

    const chosen = await company.call(paymentsContract.updateBillingDetails, {
      body: {
        legal_name: 'Berliner Werkstatt GmbH',
        address_line1: 'Friedrichstraße 43',
        address_line2: '',
        city: 'Berlin',
        region: '',
        postal_code: '10117',
        country: 'DE',
        tax_id: 'DE136695976',
        currency: 'EUR',
      },
    });
    expect(chosen.body, chosen.rawPayload.toString()).toMatchObject({ currency: 'EUR' });

    // ---- Maria, hourly: a week of 37.5 hours at €40.00.
    const weekStart = addDays(weekStartOf(today), -7);
    const assignment = await buildAssignment(db, {
      companyId: company.companyId,
      applicantId: maria.user.id,
      startDate: addDays(weekStart, -28),
      role: 'Bookkeeper',
      rateCents,
    });
    const weekParams = { assignment_id: assignment.id, week_start: weekStart };
    const saved = await maria.call(workContract.saveWeek, {
      params: weekParams,
      body: { entries: minutesByDay.map((minutes, day) => ({ work_date: addDays(weekStart, day + 1), minutes })) },
    });
    expect(saved.statusCode, saved.rawPayload.toString()).toBe(200);
    await maria.call(workContract.submitWeek, { params: weekParams });
    const approved = await company.call(workContract.approveTimesheet, {
      params: { id: saved.body.id ?? '' },
      body: {},
    });
    const work = (minutesByDay.reduce((sum, minutes) => sum + minutes, 0) * rateCents) / 60;
    expect(approved.body.talent_pay_cents).toBe(work);
    const fee = (work * feeBasisPoints) / 10_000;

    const issued = await admin.call(adminInvoicesContract.issueNow, { params: { id: company.companyId } });
    const invoiceId = issued.body.invoice?.id ?? '';
    const invoice = (await company.call(invoicesContract.invoice, { params: { id: invoiceId } })).body;
    expect(invoice).toMatchObject({ currency: 'EUR', subtotal_cents: work, fee_cents: fee, amount_cents: work + fee });
    const paid = await company.call(paymentsContract.payInvoice, {
      params: { id: invoiceId },
      body: {
        new_method: { kind: 'card', card_number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2030, cvc: '123' },
      },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(paid.statusCode, paid.rawPayload.toString()).toBeLessThan(300);
    expect(paid.body.payment).toMatchObject({ currency: 'EUR', amount_cents: work + fee, status: 'completed' });

    // ---- Arjun, fixed price: one milestone of €850.00, funded into escrow and approved.
    const card = (
      await company.call(paymentsContract.addPaymentMethod, {
        body: { kind: 'card', card_number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' },
      })
    ).body;
    const job = await buildJob(db, { companyId: company.companyId, engagementType: 'fixed', title: 'Books migration' });
    const application = await buildApplication(db, {
      jobId: job.id,
      applicantId: arjun.user.id,
      status: 'interviewing',
    });
    const offered = await company.call(pipelineContract.fixedPriceOffer, {
      params: { id: application.id },
      body: {
        total_cents: milestoneCents,
        start_date: addDays(today, 7),
        milestones: [
          {
            title: 'Ledger migration',
            description: 'Move the books',
            amount_cents: milestoneCents,
            due_date: addDays(today, 21),
          },
        ],
      },
    });
    expect(offered.statusCode, offered.rawPayload.toString()).toBeLessThan(300);
    await arjun.call(applicationsContract.acceptOffer, { params: { id: application.id } });
    const contractId =
      (await company.call(workContract.companyAssignments)).body.items.find((item) => item.engagement_type === 'fixed')
        ?.id ?? '';
    const milestone = (await company.call(fixedPriceContract.companyContract, { params: { id: contractId } })).body
      .milestones[0];
    const funded = await company.call(fixedPriceContract.fund, {
      params: { id: milestone?.id ?? '' },
      body: { payment_method_id: card?.id ?? '' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(funded.statusCode, funded.rawPayload.toString()).toBe(200);
    expect(funded.body.contract.escrow_cents).toBe(milestoneCents);
    await arjun.call(fixedPriceContract.submit, { params: { id: milestone?.id ?? '' }, body: { message: 'Moved.' } });
    const released = await company.call(fixedPriceContract.approve, { params: { id: milestone?.id ?? '' } });
    expect(released.statusCode, released.rawPayload.toString()).toBe(200);
    const [escrowPayment] = await selectRows(
      db,
      z.object({ currency: z.string() }),
      sql`select currency from payments where milestone_id = ${milestone?.id ?? ''}`,
    );
    expect(escrowPayment?.currency).toBe('EUR');

    // ---- Payout methods: Maria in pesos, Arjun in rupees; their 72-hour wait passed.
    for (const [talent, method] of [
      [maria, { kind: 'wise', currency: 'PHP', email: 'maria@talent.test' }],
      [arjun, { kind: 'payoneer', currency: 'INR', email: 'arjun@talent.test' }],
    ] as const) {
      const added = await talent.call(payoutsContract.addMethod, {
        body: { method, proof: { password: talent.password ?? undefined } },
      });
      expect(added.body, added.rawPayload.toString()).toMatchObject({ currency: method.currency });
      await db
        .update(payoutMethods)
        .set({ usableFrom: new Date(0) })
        .where(eq(payoutMethods.applicantId, talent.user.id));
      await taxFormOnFile(testApp, talent.user.id);
    }
    await makeEarningsAvailable({ db, now: new Date(), settings: await testApp.app.appContext.settings.get() });

    // ---- Rates: only old ones at first; the run is prepared but cannot be approved on them.
    const settings = await admin.call(fxRatesContract.updateSettings, {
      body: { margin_basis_points: marginBasisPoints, max_rate_age_days: 3, reporting_currency: 'EUR' },
    });
    expect(settings.statusCode, settings.rawPayload.toString()).toBe(200);
    const oldDay = addDays(today, -10);
    for (const [quote, rate] of [
      ['PHP', '60.1'],
      ['INR', '88.2'],
    ] as const) {
      const entered = await admin.call(fxRatesContract.enter, {
        body: { base: 'EUR', quote, rate, rate_date: oldDay },
      });
      expect(entered.statusCode, entered.rawPayload.toString()).toBeLessThan(300);
    }
    const run = (await admin.call(payoutsContract.prepareRun)).body;
    const refused = await admin.call(payoutsContract.approveRun, { params: { id: run.id } });
    expect(refused.statusCode).toBe(409);
    expect([payoutTexts.staleRate('EUR', 'INR', oldDay, 3), payoutTexts.staleRate('EUR', 'PHP', oldDay, 3)]).toContain(
      refused.error?.error,
    );
    const [untouched] = await selectRows(
      db,
      z.object({ lines: integerColumn }),
      sql`select count(*)::bigint as lines from ledger_transactions where kind = 'payout_sent'`,
    );
    expect(untouched?.lines).toBe(0);

    // Today's rates entered: approval locks them.
    for (const [quote, rate] of Object.entries(rates)) {
      await admin.call(fxRatesContract.enter, { body: { base: 'EUR', quote, rate, rate_date: today } });
    }
    // What Maria sees beside a euro amount before any run: her currency, today's rate and the margin.
    const seen = await maria.call(payoutsContract.conversionRates);
    expect(seen.body).toEqual({
      payout_currency: 'PHP',
      margin_basis_points: marginBasisPoints,
      rates: expect.arrayContaining([{ base: 'EUR', quote: 'PHP', rate: rates.PHP, date: today, source: 'manual' }]),
    });
    const approval = await admin.call(payoutsContract.approveRun, { params: { id: run.id } });
    expect(approval.statusCode, approval.rawPayload.toString()).toBe(200);

    const expected = {
      [maria.user.id]: { currency: 'PHP', source: work, ...expectedConversion(BigInt(work), rates.PHP, 50n) },
      [arjun.user.id]: {
        currency: 'INR',
        source: milestoneCents,
        ...expectedConversion(BigInt(milestoneCents), rates.INR, 50n),
      },
    };
    const lines = await db.select().from(payouts).where(eq(payouts.runId, run.id));
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      const want = expected[line.applicantId];
      expect(line).toMatchObject({ status: 'sent', currency: want?.currency, amountCents: want?.received });
      const parts = await db.select().from(payoutParts).where(eq(payoutParts.payoutId, line.id));
      expect(parts).toEqual([
        expect.objectContaining({
          sourceCurrency: 'EUR',
          sourceCents: want?.source,
          amountCents: want?.received,
          marginCents: want?.margin,
          marginBasisPoints,
          rateDate: today,
          rateSource: 'manual',
        }),
      ]);
      expect(Number(parts[0]?.rate)).toBe(Number(rates[want?.currency as keyof typeof rates]));
    }

    // Every transaction balances in each of its currencies; the euros that left the talents' balances went
    // through the conversion account, which holds the pesos and rupees bought with them.
    const unbalanced = await selectRows(
      db,
      z.object({ transaction_id: z.string() }),
      sql`select transaction_id from ledger_entries group by transaction_id, currency having sum(amount_cents) <> 0`,
    );
    expect(unbalanced).toEqual([]);
    const sums = await selectRows(
      db,
      z.object({ account: z.string(), currency: z.string(), cents: integerColumn }),
      sql`select account::text, currency, sum(amount_cents)::bigint as cents from ledger_entries
          where account in ('fx_conversion', 'fx_margin', 'payouts_in_transit', 'talent_available')
          group by account, currency having sum(amount_cents) <> 0 order by account, currency`,
    );
    const maria$ = expected[maria.user.id];
    const arjun$ = expected[arjun.user.id];
    expect(sums).toEqual([
      { account: 'fx_conversion', currency: 'EUR', cents: -(work + milestoneCents) },
      { account: 'fx_conversion', currency: 'INR', cents: (arjun$?.received ?? 0) + (arjun$?.margin ?? 0) },
      { account: 'fx_conversion', currency: 'PHP', cents: (maria$?.received ?? 0) + (maria$?.margin ?? 0) },
      { account: 'fx_margin', currency: 'INR', cents: -(arjun$?.margin ?? 0) },
      { account: 'fx_margin', currency: 'PHP', cents: -(maria$?.margin ?? 0) },
      { account: 'payouts_in_transit', currency: 'INR', cents: -(arjun$?.received ?? 0) },
      { account: 'payouts_in_transit', currency: 'PHP', cents: -(maria$?.received ?? 0) },
    ]);
    const euroSide = await selectRows(
      db,
      z.object({ currency: z.string(), cents: integerColumn }),
      sql`select currency, sum(amount_cents)::bigint as cents from ledger_entries group by currency order by currency`,
    );
    expect(euroSide).toEqual([
      { currency: 'EUR', cents: 0 },
      { currency: 'INR', cents: 0 },
      { currency: 'PHP', cents: 0 },
    ]);
  });
});
