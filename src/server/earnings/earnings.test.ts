import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminInvoicesContract } from '~/shared/contracts/billing';
import { earningsContract } from '~/shared/contracts/earnings';
import { workContract } from '~/shared/contracts/work';
import type { EarningsSummary } from '~/shared/earnings';
import { addDays, isoDay, weekStartOf } from '../platform/work-calendar';
import { callerFrom, signedInAccount } from '../testing/auth-helpers';
import { type Account, companyAccount } from '../testing/job-board-test-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';
import { buildAssignment, buildTimesheet } from '../testing/work-factories';

type CompanyAccount = Account & { companyId: string };

const weeksAgo = (weeks: number) => addDays(weekStartOf(isoDay(new Date())), -7 * weeks);
const workdays = (weekStart: string, minutes: number[]) =>
  Object.fromEntries(minutes.map((value, index) => [addDays(weekStart, index + 1), value]));

// The talent's Earnings (decision 024): each approved week with what it earns them (the pay fixed at
// approval, at their pay rate, before anything the company pays on top), whether it is invoiced, the
// totals, a page at a time, and only their own.
describe('earnings', () => {
  let testApp: TestApp;
  let company: CompanyAccount;
  let talent: Account;
  let otherTalent: Account;

  beforeAll(async () => {
    testApp = await createTestApp();
    company = await companyAccount(testApp, 'Harbor Goods');
    talent = await signedInAccount(testApp, { role: 'applicant', name: 'Lena Ortiz' });
    otherTalent = await signedInAccount(testApp, { role: 'applicant' });
  });
  afterAll(async () => {
    await testApp.close();
  });

  const db = () => testApp.database.db;

  it('lists the talent’s approved weeks newest first, with pay at their rate, invoiced or not, and totals', async () => {
    // The company pays $40.00 an hour; the talent is owed $32.00 of it.
    const assignment = await buildAssignment(db(), {
      companyId: company.companyId,
      applicantId: talent.user.id,
      role: 'Support Specialist',
      rateCents: 4000,
      payRateCents: 3200,
      startDate: weeksAgo(10),
    });
    const pay = (minutes: number) => Math.round((minutes * 3200) / 60);
    const older = await buildTimesheet(db(), {
      assignmentId: assignment.id,
      weekStart: weeksAgo(2),
      status: 'approved',
      minutes: workdays(weeksAgo(2), [480, 480]),
      talentPayCents: pay(960),
      approvedAt: new Date('2026-11-10T15:00:00Z'),
    });
    const newer = await buildTimesheet(db(), {
      assignmentId: assignment.id,
      weekStart: weeksAgo(1),
      status: 'submitted',
      minutes: workdays(weeksAgo(1), [450]),
    });
    // Approved through the API: the pay is fixed by the approval itself.
    const approved = await company.call(workContract.approveTimesheet, { params: { id: newer.id }, body: {} });
    expect(approved.statusCode, approved.error?.error).toBe(200);
    // Neither an open week nor another talent's week earns anything here.
    await buildTimesheet(db(), {
      assignmentId: assignment.id,
      weekStart: weeksAgo(3),
      minutes: workdays(weeksAgo(3), [60]),
    });
    const otherAssignment = await buildAssignment(db(), {
      companyId: company.companyId,
      applicantId: otherTalent.user.id,
      startDate: weeksAgo(10),
    });
    await buildTimesheet(db(), {
      assignmentId: otherAssignment.id,
      weekStart: weeksAgo(1),
      status: 'approved',
      minutes: workdays(weeksAgo(1), [600]),
      talentPayCents: 50_000,
    });

    // Both weeks are billed, by the weekly run's code brought forward.
    const admin = await signedInAccount(testApp, { role: 'admin' });
    const issued = await admin.call(adminInvoicesContract.issueNow, { params: { id: company.companyId } });
    expect(issued.statusCode, issued.error?.error).toBe(201);
    const issueDate = issued.body.invoice?.issue_date;

    const listed = await talent.call(earningsContract.weeks);
    expect(listed.statusCode, listed.error?.error).toBe(200);
    expect(listed.body).toMatchObject({ total: 2, page: 1, page_size: 20 });
    const weeks = listed.body.items;
    expect(weeks).toEqual([
      {
        kind: 'week',
        timesheet_id: newer.id,
        milestone_id: null,
        milestone_title: null,
        assignment_id: assignment.id,
        company_name: 'Harbor Goods',
        role: 'Support Specialist',
        week_start: weeksAgo(1),
        earned_on: weeksAgo(1),
        total_minutes: 450,
        // 7.5 h × $32.00
        amount_cents: 24_000,
        currency: 'USD',
        approved_at: expect.any(String),
        stage: 'invoiced',
        invoiced_on: issueDate,
        // Invoiced, not paid: earnings wait for the company's payment (decision 036).
        payout_stage: 'pending',
        pending_reason: 'Awaiting the company’s payment',
        available_on: null,
      },
      {
        kind: 'week',
        timesheet_id: older.id,
        milestone_id: null,
        milestone_title: null,
        assignment_id: assignment.id,
        company_name: 'Harbor Goods',
        role: 'Support Specialist',
        week_start: weeksAgo(2),
        earned_on: weeksAgo(2),
        total_minutes: 960,
        amount_cents: 51_200,
        currency: 'USD',
        approved_at: '2026-11-10T15:00:00.000Z',
        stage: 'invoiced',
        invoiced_on: issueDate,
        // Invoiced, not paid: earnings wait for the company's payment (decision 036).
        payout_stage: 'pending',
        pending_reason: 'Awaiting the company’s payment',
        available_on: null,
      },
    ]);

    // A week approved after the invoice went out waits for the next one.
    const late = await buildTimesheet(db(), {
      assignmentId: assignment.id,
      weekStart: weeksAgo(4),
      status: 'approved',
      minutes: workdays(weeksAgo(4), [120]),
      talentPayCents: pay(120),
    });
    const summary = await talent.call(earningsContract.summary);
    expect(summary.statusCode, summary.error?.error).toBe(200);
    expect(summary.body).toEqual({
      weeks: 3,
      milestones: 0,
      total_minutes: 450 + 960 + 120,
      approved_cents: 24_000 + 51_200 + 6400,
      invoiced_cents: 24_000 + 51_200,
      awaiting_invoice_cents: 6400,
      currencies: [
        {
          currency: 'USD',
          approved_cents: 24_000 + 51_200 + 6400,
          invoiced_cents: 24_000 + 51_200,
          awaiting_invoice_cents: 6400,
        },
      ],
    } satisfies EarningsSummary);
    const page2 = await talent.call(earningsContract.weeks, { query: { page: 2, page_size: 2 } });
    expect(page2.body).toMatchObject({
      total: 3,
      items: [
        {
          timesheet_id: late.id,
          stage: 'approved',
          invoiced_on: null,
          amount_cents: 6400,
          payout_stage: 'pending',
          pending_reason: 'Awaiting the company’s invoice',
        },
      ],
    });
  });

  it('keeps each talent to their own earnings, for applicants only, and refuses a bad page with a sentence', async () => {
    const loner = await signedInAccount(testApp, { role: 'applicant' });
    expect((await loner.call(earningsContract.weeks)).body).toEqual({
      items: [],
      total: 0,
      page: 1,
      page_size: 20,
    });
    expect((await loner.call(earningsContract.summary)).body).toEqual({
      weeks: 0,
      milestones: 0,
      total_minutes: 0,
      approved_cents: 0,
      invoiced_cents: 0,
      awaiting_invoice_cents: 0,
      currencies: [],
    });
    for (const endpoint of [earningsContract.weeks, earningsContract.summary]) {
      expect((await company.call(endpoint)).statusCode, endpoint.path).toBe(403);
      expect((await callerFrom(testApp).call(endpoint)).statusCode, endpoint.path).toBe(401);
    }
    // A page that is no number, as a hand-written link would send it.
    const badPage = await talent.callUnchecked(earningsContract.weeks, { query: { page: 'nope' } });
    expect(badPage.statusCode).toBe(400);
    expect(badPage.error?.fields).toEqual({ page: 'The page must be a whole number.' });
    const tooBig = await talent.call(earningsContract.weeks, { query: { page_size: 101 } });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.error?.error).toEqual(expect.any(String));
  });
});
