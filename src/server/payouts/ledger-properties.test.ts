import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { adminInvoicesContract } from '~/shared/contracts/billing';
import { adminPaymentsContract, paymentsContract } from '~/shared/contracts/payments';
import { payoutsContract } from '~/shared/contracts/payouts';
import { workContract } from '~/shared/contracts/work';
import { idRow, integerColumn } from '../db/row-columns';
import { payoutMethods, platformSettings } from '../db/schema';
import { selectRows } from '../db/select-rows';
import { makeEarningsAvailable } from '../kernels/money/make-earnings-available';
import { addDays, isoDay, weekStartOf } from '../platform/work-calendar';
import { signedInAccount } from '../testing/auth-helpers';
import { type Account, companyAccount } from '../testing/job-board-test-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';
import { buildAssignment, buildTimesheet } from '../testing/work-factories';
import { preparePayoutRun } from './prepare-payout-run';

const card = { kind: 'card' as const, card_number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2030, cvc: '123' };
const settings = { payouts_wait_for_payment: true, payout_security_days: 0, payout_minimum_cents: 100 };

// What a run of the marketplace can do to the talent's money, in any order (decision 036).
type Step =
  | { kind: 'approve'; talent: number; minutes: number }
  | { kind: 'invoice' }
  | { kind: 'pay' }
  | { kind: 'refund' }
  | { kind: 'mature' }
  | { kind: 'run' }
  | { kind: 'settle'; paid: boolean };

// A round of the marketplace: each step of it happens or not, in the order money moves, with the refund
// before or after the payout run; rounds follow each other, so an earlier round's money is still moving.
const round = fc.record({
  approvals: fc.array(
    fc.record({ talent: fc.integer({ min: 0, max: 1 }), minutes: fc.integer({ min: 1, max: 600 }) }),
    {
      maxLength: 2,
    },
  ),
  invoice: fc.boolean(),
  pay: fc.boolean(),
  refund: fc.constantFrom('none', 'before run', 'after run'),
  mature: fc.boolean(),
  run: fc.boolean(),
  settle: fc.constantFrom('none', 'paid', 'failed'),
});
type Round = typeof round extends fc.Arbitrary<infer R> ? R : never;

const stepsOf = (r: Round): Step[] => [
  ...r.approvals.map((approval) => ({ kind: 'approve' as const, ...approval })),
  ...(r.invoice ? [{ kind: 'invoice' as const }] : []),
  ...(r.pay ? [{ kind: 'pay' as const }] : []),
  ...(r.refund === 'before run' ? [{ kind: 'refund' as const }] : []),
  ...(r.mature ? [{ kind: 'mature' as const }] : []),
  ...(r.run ? [{ kind: 'run' as const }] : []),
  ...(r.refund === 'after run' ? [{ kind: 'refund' as const }] : []),
  ...(r.settle === 'none' ? [] : [{ kind: 'settle' as const, paid: r.settle === 'paid' }]),
];

// After every step of random sequences of approving, invoicing, paying, refunding, maturing, payout runs and
// their success or failure: the ledger balances to the cent, each talent's stages add up to what they
// earned, what is in transit and paid out is exactly the payouts' amounts, and no payout settles twice.
describe('the ledger under random sequences', () => {
  let testApp: TestApp;
  let admin: Account;
  let runDay = 0;

  beforeAll(async () => {
    testApp = await createTestApp();
    admin = await signedInAccount(testApp, { role: 'admin' });
    await db()
      .insert(platformSettings)
      .values([
        { key: 'payouts_wait_for_payment', value: true },
        { key: 'payout_security_days', value: 0 },
      ])
      .onConflictDoUpdate({ target: platformSettings.key, set: { value: sql`excluded.value` } });
  });
  afterAll(async () => {
    await testApp.close();
  });

  const db = () => testApp.database.db;

  async function world() {
    const company = await companyAccount(testApp);
    const talents = await Promise.all([0, 1].map(() => signedInAccount(testApp, { role: 'applicant' })));
    const assignments = [];
    for (const talent of talents) {
      const method = await talent.call(payoutsContract.addMethod, {
        body: {
          method: { kind: 'paypal', email: `${randomUUID()}@example.com` },
          proof: { password: talent.password ?? undefined },
        },
      });
      expect(method.statusCode, method.rawPayload.toString()).toBe(201);
      await db()
        .update(payoutMethods)
        .set({ usableFrom: new Date(0) })
        .where(eq(payoutMethods.id, method.body.id));
      assignments.push(
        await buildAssignment(db(), {
          companyId: company.companyId,
          applicantId: talent.user.id,
          role: 'Analyst',
          rateCents: 4100,
          payRateCents: 3333,
          startDate: addDays(weekStartOf(isoDay(new Date())), -7 * 60),
        }),
      );
    }
    return { company, talents, assignments, weeksUsed: [0, 0], earned: [0, 0] };
  }

  async function apply(state: Awaited<ReturnType<typeof world>>, action: Step) {
    const { company } = state;
    if (action.kind === 'approve') {
      state.weeksUsed[action.talent] = (state.weeksUsed[action.talent] ?? 0) + 1;
      const weekStart = addDays(weekStartOf(isoDay(new Date())), -7 * (state.weeksUsed[action.talent] ?? 1));
      const week = await buildTimesheet(db(), {
        assignmentId: state.assignments[action.talent]?.id ?? '',
        weekStart,
        status: 'submitted',
        minutes: { [addDays(weekStart, 1)]: action.minutes },
      });
      const approved = await company.call(workContract.approveTimesheet, { params: { id: week.id }, body: {} });
      expect(approved.statusCode, approved.rawPayload.toString()).toBe(200);
    } else if (action.kind === 'invoice') {
      await admin.call(adminInvoicesContract.issueNow, { params: { id: company.companyId } });
    } else if (action.kind === 'pay') {
      const [open] = await selectRows(
        db(),
        idRow,
        sql`select id from invoices where company_id = ${company.companyId} and status <> 'paid' order by created_at limit 1`,
      );
      if (open) {
        const paid = await company.call(paymentsContract.payInvoice, {
          params: { id: open.id },
          body: { new_method: card },
          headers: { 'idempotency-key': randomUUID() },
        });
        expect(paid.statusCode, paid.rawPayload.toString()).toBe(200);
      }
    } else if (action.kind === 'refund') {
      const [payment] = await selectRows(
        db(),
        idRow,
        sql`select id from payments where company_id = ${company.companyId} and status = 'completed' and refunded_at is null
            order by created_at limit 1`,
      );
      if (payment) {
        expect((await admin.call(adminPaymentsContract.refund, { params: { id: payment.id } })).statusCode).toBe(200);
      }
    } else if (action.kind === 'mature') {
      await makeEarningsAvailable({ db: db(), now: new Date(), settings });
    } else if (action.kind === 'run') {
      runDay += 1;
      const { runId } = await preparePayoutRun({ db: db(), settings, day: addDays('2040-01-01', runDay) });
      expect((await admin.call(payoutsContract.approveRun, { params: { id: runId } })).statusCode).toBe(200);
    } else {
      const talentIds = state.talents.map((talent) => talent.user.id);
      const [sent] = await selectRows(
        db(),
        idRow,
        sql`select id from payouts where status = 'sent' and applicant_id = any(${`{${talentIds.join(',')}}`}::uuid[]) limit 1`,
      );
      if (sent) {
        const params = { id: sent.id };
        const settled = action.paid
          ? await admin.call(payoutsContract.markPaid, { params, body: { reference: 'REF-1' } })
          : await admin.call(payoutsContract.markFailed, { params, body: { reason: 'Account closed.' } });
        expect(settled.statusCode, settled.rawPayload.toString()).toBe(200);
      }
    }
  }

  async function expectInvariants(state: Awaited<ReturnType<typeof world>>) {
    const [all] = await selectRows(
      db(),
      z.object({ total: integerColumn }),
      sql`select coalesce(sum(amount_cents), 0)::bigint as total from ledger_entries`,
    );
    expect(all?.total).toBe(0);
    // Every refund is one credit note (decision 048), for what the ledger moved back to the company.
    const [credited] = await selectRows(
      db(),
      z.object({ notes: integerColumn, refunds: integerColumn, noted: integerColumn, posted: integerColumn }),
      sql`select
            (select count(*) from credit_notes where company_id = ${state.company.companyId})::int as notes,
            (select count(*) from payments where company_id = ${state.company.companyId} and refunded_at is not null)::int as refunds,
            (select coalesce(sum(total_cents), 0) from credit_notes where company_id = ${state.company.companyId})::bigint as noted,
            (select coalesce(-sum(e.amount_cents), 0) from ledger_transactions l
               join ledger_entries e on e.transaction_id = l.id and e.account = 'provider_clearing'
               where l.kind = 'payment_refunded' and l.company_id = ${state.company.companyId})::bigint as posted`,
    );
    expect(credited?.notes).toBe(credited?.refunds);
    expect(credited?.noted).toBe(credited?.posted);
    for (const talent of state.talents) {
      const [row] = await selectRows(
        db(),
        z.object({
          earned: integerColumn,
          owed: integerColumn,
          in_transit: integerColumn,
          paid_out: integerColumn,
          sent: integerColumn,
          paid: integerColumn,
          settled_twice: integerColumn,
        }),
        sql`select
              (select coalesce(sum(t.talent_pay_cents), 0) from timesheets t join assignments a on a.id = t.assignment_id
                 where a.applicant_id = ${talent.user.id} and t.status = 'approved')::bigint as earned,
              (select coalesce(-sum(amount_cents), 0) from ledger_entries where applicant_id = ${talent.user.id}
                 and account in ('talent_pending', 'talent_available', 'payouts_in_transit', 'paid_out'))::bigint as owed,
              (select coalesce(-sum(amount_cents), 0) from ledger_entries where applicant_id = ${talent.user.id}
                 and account = 'payouts_in_transit')::bigint as in_transit,
              (select coalesce(-sum(amount_cents), 0) from ledger_entries where applicant_id = ${talent.user.id}
                 and account = 'paid_out')::bigint as paid_out,
              (select coalesce(sum(amount_cents), 0) from payouts where applicant_id = ${talent.user.id} and status = 'sent')::bigint as sent,
              (select coalesce(sum(amount_cents), 0) from payouts where applicant_id = ${talent.user.id} and status = 'paid')::bigint as paid,
              (select count(*) from (select payout_id from ledger_transactions
                 where applicant_id = ${talent.user.id} and kind in ('payout_paid', 'payout_failed')
                 group by payout_id having count(*) > 1) as twice)::int as settled_twice`,
      );
      // Every cent earned is somewhere: pending, available, on its way or paid out.
      expect(row?.owed).toBe(row?.earned);
      expect(row?.in_transit).toBe(row?.sent);
      expect(row?.paid_out).toBe(row?.paid);
      expect(row?.settled_twice).toBe(0);
    }
  }

  it('balances to the cent after every step, and pays no cent twice', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(round, { minLength: 2, maxLength: 6 }), async (rounds) => {
        const state = await world();
        for (const action of rounds.flatMap(stepsOf)) {
          await apply(state, action);
          await expectInvariants(state);
        }
      }),
      { numRuns: 12 },
    );
  }, 240_000);
});
