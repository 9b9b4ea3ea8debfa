import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NextInvoice } from '~/shared/billing';
import { malformedIdMessage } from '~/shared/contract-schemas';
import { adminInvoicesContract, invoicesContract } from '~/shared/contracts/billing';
import { workContract } from '~/shared/contracts/work';
import {
  assignmentTerms,
  auditLogs,
  billingProfiles,
  companies,
  invoiceItems,
  invoices,
  notifications,
  timesheets,
  users,
} from '../db/schema';
import { lastFullWeekStart } from '../kernels/money/billing-period';
import { issueInvoices } from '../kernels/money/issue-invoices';
import { addDays, isoDay, weekStartOf } from '../platform/work-calendar';
import { nextInvoiceRunAfter } from '../schedule';
import { signedInAccount } from '../testing/auth-helpers';
import { type Account, companyAccount } from '../testing/job-board-test-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';
import { buildAssignment, buildTimesheet } from '../testing/work-factories';
import { issueInvoiceNow } from './issue-invoice-now';
import { findNextInvoices, getNextInvoice } from './next-invoice';

type CompanyAccount = Account & { companyId: string };

// The week before this one (every day of it over), and the one before that.
const lastWeek = () => addDays(weekStartOf(isoDay(new Date())), -7);
const weekBefore = () => addDays(lastWeek(), -7);
// Minutes by day of a week: Monday to Friday.
const workdays = (weekStart: string, minutes: number[]) =>
  Object.fromEntries(minutes.map((value, index) => [addDays(weekStart, index + 1), value]));

// Money between approval and invoice (decision 024): what a week costs its company before and after it is
// approved, the company's unbilled work and next invoice, an administrator's Issue invoice now, and that
// every preview is the invoice the run then issues.
describe('money between approval and invoice', () => {
  let testApp: TestApp;
  let company: CompanyAccount;
  let otherCompany: CompanyAccount;
  let admin: Account;
  let talent: Account;
  let sequence = 0;

  const db = () => testApp.database.db;

  beforeAll(async () => {
    testApp = await createTestApp();
    await testApp.setSettings({ platform_fee_basis_points: 1000 });
    company = await companyAccount(testApp, `Harbor Goods ${Date.now()}`);
    otherCompany = await companyAccount(testApp, `Elsewhere Ltd ${Date.now()}`);
    admin = await signedInAccount(testApp, { role: 'admin' });
    talent = await signedInAccount(testApp, { role: 'applicant', name: 'Lena Ortiz' });
    // 8.25% tax for the company; the other keeps the defaults (no tax).
    await db().insert(billingProfiles).values({ companyId: company.companyId, taxRateBasisPoints: 825 });
  });
  afterAll(async () => {
    await testApp.close();
  });

  // A company row of its own (no account), for the cases that need a clean slate.
  const newCompany = async (name = `Billing Co ${++sequence} ${Date.now()}`) => {
    const [row] = await db()
      .insert(companies)
      .values({ name, contactEmail: `unbilled-${++sequence}-${Date.now()}@example.test` })
      .returning({ id: companies.id });
    return row?.id ?? '';
  };
  const newTalent = async (name = `Talent ${++sequence}`) => {
    const [row] = await db()
      .insert(users)
      .values({ email: `unbilled-talent-${++sequence}-${Date.now()}@example.test`, name, role: 'applicant' })
      .returning({ id: users.id });
    return row?.id ?? '';
  };
  const newAssignment = (companyId: string, rateCents: number, applicantId = talent.user.id) =>
    buildAssignment(db(), {
      companyId,
      applicantId,
      rateCents,
      payRateCents: Math.round(rateCents * 0.8),
      startDate: addDays(lastWeek(), -60),
      role: 'Support Specialist',
    });
  const approvedWeek = (assignmentId: string, weekStart: string, minutes: number[]) =>
    buildTimesheet(db(), {
      assignmentId,
      weekStart,
      status: 'approved',
      minutes: workdays(weekStart, minutes),
      talentPayCents: 0,
    });
  const issueNow = (companyId: string, account: Account = admin) =>
    account.call(adminInvoicesContract.issueNow, { params: { id: companyId } });
  const unbilledWork = (account: Account, query: { page?: number; page_size?: number } = {}) =>
    account.call(invoicesContract.unbilledWork, { query });
  const nextInvoice = (account: Account) => account.call(invoicesContract.nextInvoice);
  const invoiceOf = async (id: string) => {
    const [invoice] = await db().select().from(invoices).where(eq(invoices.id, id));
    const items = await db()
      .select()
      .from(invoiceItems)
      .where(eq(invoiceItems.invoiceId, id))
      .orderBy(invoiceItems.position);
    return { invoice, items };
  };

  describe('a week’s cost, before and after approval', () => {
    it('shows the company what a submitted week costs, and the same once approved and once invoiced', async () => {
      const assignment = await newAssignment(company.companyId, 4000);
      const week = lastWeek();
      // 37.75 hours: 480 + 450 + 480 + 495 + 360 minutes.
      const submitted = await buildTimesheet(db(), {
        assignmentId: assignment.id,
        weekStart: week,
        status: 'submitted',
        minutes: workdays(week, [480, 450, 480, 495, 360]),
      });
      // 37.75 h × $40.00 = $1,510.00; fee 10% = $151.00; tax 8.25% of $1,661.00 = $137.03 (137.0325).
      const expected = {
        work: [
          {
            rate_cents: 4000,
            minutes: 2265,
            amount_cents: 151_000,
            work_start: addDays(week, 1),
            work_end: addDays(week, 5),
          },
        ],
        subtotal_cents: 151_000,
        fee_basis_points: 1000,
        fee_cents: 15_100,
        tax_basis_points: 825,
        tax_cents: 13_703,
        total_cents: 179_803,
        currency: 'USD',
      };
      const listed = await company.call(workContract.companyTimesheets, {
        query: { status: 'submitted', assignment_id: assignment.id },
      });
      expect(listed.statusCode, listed.rawPayload.toString()).toBe(200);
      expect(listed.body.items).toEqual([expect.objectContaining({ id: submitted.id, cost: expected })]);

      const approved = await company.call(workContract.approveTimesheet, { params: { id: submitted.id }, body: {} });
      expect(approved.statusCode, approved.rawPayload.toString()).toBe(200);
      const week1 = approved.body;
      expect(week1).toMatchObject({ status: 'approved', cost: expected });

      // Issued now, the invoice is that cost to the cent.
      const issued = await issueNow(company.companyId);
      expect(issued.statusCode, issued.rawPayload.toString()).toBe(201);
      const result = issued.body;
      const { invoice, items } = await invoiceOf(result.invoice?.id ?? '');
      expect(invoice).toMatchObject({
        subtotalCents: expected.subtotal_cents,
        feeCents: expected.fee_cents,
        taxCents: expected.tax_cents,
        totalCents: expected.total_cents,
      });
      expect(items.map((item) => [item.kind, item.minutes, item.rateCents, item.amountCents])).toEqual([
        ['work', 2265, 4000, 151_000],
        ['fee', null, 15_100, 15_100],
        ['tax', null, 13_703, 13_703],
      ]);

      // Invoiced, the week keeps its cost, at its invoice's rates even when the settings change.
      await testApp.setSettings({ platform_fee_basis_points: 1500 });
      try {
        const after = await company.call(workContract.companyTimesheets, {
          query: { status: 'approved', assignment_id: assignment.id },
        });
        expect(after.body.items).toEqual([
          expect.objectContaining({ id: submitted.id, invoice_id: invoice?.id, cost: expected }),
        ]);
      } finally {
        await testApp.setSettings({ platform_fee_basis_points: 1000 });
      }
    });

    it('bills each day at the rate in effect that day, one line per rate, as the invoice does', async () => {
      const companyId = await newCompany();
      const assignment = await newAssignment(companyId, 2550);
      const week = lastWeek();
      // A raise to $30.01 from Wednesday.
      await db()
        .insert(assignmentTerms)
        .values({
          assignmentId: assignment.id,
          rateCents: 3001,
          payRateCents: 2400,
          weeklyHours: 40,
          effectiveDate: addDays(week, 3),
        });
      const timesheet = await approvedWeek(assignment.id, week, [61, 59, 7, 0, 30]);
      const upcoming = await getNextInvoice({
        db: db(),
        companyId,
        now: new Date(),
        nextInvoiceRun: nextInvoiceRunAfter,
      });
      // Monday and Tuesday: 120 min × $25.50 = $51.00; Wednesday and Friday: 37 min × $30.01 = 1850.62 → $18.51.
      expect(upcoming.view).toMatchObject({ weeks: 1, total_minutes: 157, subtotal_cents: 5100 + 1851 });
      expect(upcoming.timesheetIds).toEqual([timesheet.id]);
    });
  });

  describe('the company’s unbilled work and next invoice', () => {
    it('lists approved weeks not yet billed, newest first, with the next invoice’s day and estimate', async () => {
      const account = await companyAccount(testApp, `Unbilled Goods ${Date.now()}`);
      await db().insert(billingProfiles).values({ companyId: account.companyId, taxRateBasisPoints: 500 });
      const ada = await newAssignment(account.companyId, 4500, await newTalent('Ada Lovelace'));
      const alan = await newAssignment(account.companyId, 6000, await newTalent('Alan Turing'));
      const older = await approvedWeek(ada.id, weekBefore(), [480, 480, 0, 0, 0]);
      const adaLast = await approvedWeek(ada.id, lastWeek(), [480, 0, 0, 0, 0]);
      const alanLast = await approvedWeek(alan.id, lastWeek(), [30, 0, 0, 0, 0]);
      // Not approved: neither listed nor estimated.
      await buildTimesheet(db(), {
        assignmentId: alan.id,
        weekStart: weekBefore(),
        status: 'submitted',
        minutes: workdays(weekBefore(), [60]),
      });

      const first = await unbilledWork(account, { page_size: 2 });
      expect(first.statusCode, first.rawPayload.toString()).toBe(200);
      const second = await unbilledWork(account, { page_size: 2, page: 2 });
      expect(first.body).toMatchObject({ total: 3, page: 1, page_size: 2 });
      const listed = [...first.body.items, ...second.body.items];
      expect(listed.map((week) => [week.applicant_name, week.week_start, week.total_minutes])).toEqual([
        ['Ada Lovelace', lastWeek(), 480],
        ['Alan Turing', lastWeek(), 30],
        ['Ada Lovelace', weekBefore(), 960],
      ]);
      expect(listed.map((week) => week.timesheet_id)).toEqual([adaLast.id, alanLast.id, older.id]);
      // 8 h × $45.00 = $360.00, fee $36.00, 5% tax of $396.00 = $19.80.
      expect(listed[0]?.cost).toMatchObject({ subtotal_cents: 36_000, fee_cents: 3600, tax_cents: 1980 });
      expect(listed[0]?.approved_at).toEqual(expect.any(String));

      const next = await nextInvoice(account);
      expect(next.statusCode, next.rawPayload.toString()).toBe(200);
      const runsAt = nextInvoiceRunAfter(new Date());
      const periodStart = lastFullWeekStart(isoDay(runsAt));
      // Work: 24 h × $45.00 = $1,080.00 and 0.5 h × $60.00 = $30.00; fee $111.00; tax 5% of $1,221.00 = $61.05.
      expect(next.body).toEqual({
        runs_at: runsAt.toISOString(),
        period_start: periodStart,
        period_end: addDays(periodStart, 6),
        weeks: 3,
        total_minutes: 1470,
        subtotal_cents: 111_000,
        fee_basis_points: 1000,
        fee_cents: 11_100,
        tax_basis_points: 500,
        tax_cents: 6105,
        total_cents: 128_205,
        currency: 'USD',
      } satisfies NextInvoice);

      // Another company sees none of it; the talent may not ask.
      const elsewhere = await unbilledWork(otherCompany);
      expect(elsewhere.body.items.map((week) => week.timesheet_id)).not.toContain(older.id);
      const otherNext = await nextInvoice(otherCompany);
      expect(otherNext.body).toMatchObject({ weeks: 0, total_cents: 0, tax_basis_points: 0 });
      expect((await unbilledWork(talent)).statusCode).toBe(403);
      expect((await nextInvoice(talent)).statusCode).toBe(403);
      const badPage = await unbilledWork(account, { page: 0 });
      expect(badPage.statusCode).toBe(400);
      expect(badPage.error?.error).toEqual(expect.any(String));

      // Once invoiced, the weeks leave the list and the estimate.
      await issueInvoices({ db: db(), periodStart, companyIds: [account.companyId], today: isoDay(new Date()) });
      expect((await unbilledWork(account)).body).toMatchObject({ total: 0, items: [] });
      expect((await nextInvoice(account)).body).toMatchObject({
        weeks: 0,
        total_cents: 0,
      });
    });

    it('sorts a week by the talent’s name as it is now, after a rename', async () => {
      const account = await companyAccount(testApp, `Renamed Goods ${Date.now()}`);
      const zoeId = await newTalent('Zoe Quinn');
      const zoe = await newAssignment(account.companyId, 4500, zoeId);
      const bea = await newAssignment(account.companyId, 4500, await newTalent('Bea Arthur'));
      await approvedWeek(zoe.id, lastWeek(), [60]);
      await approvedWeek(bea.id, lastWeek(), [60]);
      const names = async () => (await unbilledWork(account)).body.items.map((week) => week.applicant_name);
      expect(await names()).toEqual(['Bea Arthur', 'Zoe Quinn']);

      await db().update(users).set({ name: 'Abe Zoe' }).where(eq(users.id, zoeId));
      expect(await names()).toEqual(['Abe Zoe', 'Bea Arthur']);
    });

    it('dates the next invoice by the schedule, after any invoice of its week already issued', async () => {
      const companyId = await newCompany();
      const assignment = await newAssignment(companyId, 5000);
      await buildTimesheet(db(), {
        assignmentId: assignment.id,
        weekStart: '2026-11-15',
        status: 'approved',
        minutes: { '2026-11-16': 60 },
      });
      const next = (now: string) =>
        getNextInvoice({ db: db(), companyId, now: new Date(now), nextInvoiceRun: nextInvoiceRunAfter });

      // Mid-week: Sunday's 02:00 run (UTC), for the week that began the Sunday before.
      expect((await next('2026-11-25T12:00:00Z')).view).toMatchObject({
        runs_at: '2026-11-29T02:00:00.000Z',
        period_start: '2026-11-22',
        period_end: '2026-11-28',
        weeks: 1,
        total_cents: 5500,
      });
      // Sunday before the run: today's run, for last week; after it: next Sunday's, for this week.
      expect((await next('2026-11-29T01:59:00Z')).view).toMatchObject({
        runs_at: '2026-11-29T02:00:00.000Z',
        period_start: '2026-11-22',
      });
      expect((await next('2026-11-29T02:00:00Z')).view).toMatchObject({
        runs_at: '2026-12-06T02:00:00.000Z',
        period_start: '2026-11-29',
      });

      // Issued now on the Wednesday: the Sunday run has nothing left for the company, so its next
      // invoice is the run after.
      const issued = await issueInvoiceNow({
        db: db(),
        companyId,
        actorId: admin.user.id,
        now: new Date('2026-11-25T12:00:00Z'),
        nextInvoiceRun: nextInvoiceRunAfter,
      });
      expect(issued.outcome).toBe('issued');
      // Its period is the work it bills (one day, the Monday before), not the run's week.
      expect(issued.invoice).toMatchObject({
        period_start: '2026-11-16',
        period_end: '2026-11-16',
        issue_date: '2026-11-25',
        total_cents: 5500,
      });
      expect(issued.next_invoice).toMatchObject({
        runs_at: '2026-12-06T02:00:00.000Z',
        period_start: '2026-11-29',
        weeks: 0,
        total_cents: 0,
      });
      // The Sunday run issues nothing more for it.
      const sunday = await issueInvoices({ db: db(), periodStart: '2026-11-22', today: '2026-11-29' });
      expect(sunday.issued.map((invoice) => invoice.companyId)).not.toContain(companyId);
    });
  });

  describe('Issue invoice now', () => {
    it('issues once on a Sunday before the 02:00 run too: asked again, the week that began today waits', async () => {
      const companyId = await newCompany();
      const assignment = await newAssignment(companyId, 5000);
      await approvedWeek(assignment.id, '2026-11-15', [60, 0, 0, 0, 0]);
      const sundayNight = new Date('2026-11-29T00:30:00Z');
      const issueAt = (now: Date) =>
        issueInvoiceNow({ db: db(), companyId, actorId: admin.user.id, now, nextInvoiceRun: nextInvoiceRunAfter });
      const first = await issueAt(sundayNight);
      expect(first).toMatchObject({ outcome: 'issued', invoice: { period_start: '2026-11-16' } });
      // A week of the week that began today, approved at once: it waits for its own run.
      await approvedWeek(assignment.id, '2026-11-29', [60, 0, 0, 0, 0]);
      const again = await issueAt(new Date('2026-11-29T01:00:00Z'));
      expect(again).toMatchObject({
        outcome: 'already_issued',
        invoice: { id: first.invoice?.id },
        next_invoice: { runs_at: '2026-12-06T02:00:00.000Z', weeks: 1 },
      });
    });

    it('issues the company’s next invoice once, audited with the administrator, and says so after', async () => {
      const companyId = await newCompany(`Issue Now ${Date.now()}`);
      const assignment = await newAssignment(companyId, 3000);
      const week = await approvedWeek(assignment.id, lastWeek(), [120, 0, 0, 0, 0]);

      const listed = await admin.call(adminInvoicesContract.unbilledCompanies, { query: { q: 'Issue Now' } });
      expect(listed.statusCode, listed.rawPayload.toString()).toBe(200);
      const row = listed.body.items.find((item) => item.company_id === companyId);
      // 2 h × $30.00 = $60.00, fee $6.00, no tax.
      expect(row).toMatchObject({
        weeks: 1,
        total_minutes: 120,
        next_invoice: { weeks: 1, subtotal_cents: 6000, fee_cents: 600, tax_cents: 0, total_cents: 6600 },
      });

      const first = await issueNow(companyId);
      expect(first.statusCode, first.rawPayload.toString()).toBe(201);
      const issued = first.body;
      expect(issued).toMatchObject({
        outcome: 'issued',
        invoice: { total_cents: 6600, issue_date: isoDay(new Date()) },
        next_invoice: { weeks: 0, total_cents: 0 },
      });
      const invoiceId = issued.invoice?.id ?? '';
      const [billed] = await db().select().from(timesheets).where(eq(timesheets.id, week.id));
      expect(billed?.invoiceId).toBe(invoiceId);
      const audited = await db()
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.action, 'invoice.issued'), eq(auditLogs.targetId, invoiceId)));
      expect(audited).toEqual([
        expect.objectContaining({
          actorId: admin.user.id,
          targetType: 'invoice',
          details: expect.objectContaining({ company_id: companyId, total_cents: 6600 }),
        }),
      ]);

      // Again: nothing new, and the answer names the invoice that stands.
      const second = await issueNow(companyId);
      expect(second.statusCode, second.rawPayload.toString()).toBe(200);
      expect(second.body).toMatchObject({
        outcome: 'already_issued',
        invoice: { id: invoiceId, invoice_number: issued.invoice?.invoice_number },
      });
      // A week approved since waits for the next run: still nothing issued now.
      await approvedWeek(assignment.id, weekBefore(), [60, 0, 0, 0, 0]);
      const third = await issueNow(companyId);
      expect(third.body).toMatchObject({ outcome: 'already_issued', next_invoice: { weeks: 1 } });
      expect(await db().select().from(invoices).where(eq(invoices.companyId, companyId))).toHaveLength(1);
      const auditedAgain = await db()
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.action, 'invoice.issued'), eq(auditLogs.actorId, admin.user.id)));
      expect(auditedAgain.filter((entry) => entry.targetId === invoiceId)).toHaveLength(1);
    });

    it('says when nothing waits to be invoiced, issuing nothing', async () => {
      const companyId = await newCompany();
      const response = await issueNow(companyId);
      expect(response.statusCode, response.rawPayload.toString()).toBe(200);
      expect(response.body).toMatchObject({
        outcome: 'nothing_to_invoice',
        invoice: null,
        next_invoice: { weeks: 0 },
      });
      expect(await db().select().from(invoices).where(eq(invoices.companyId, companyId))).toEqual([]);
    });

    it('issues the same invoice once when two administrators ask at the same time', async () => {
      const companyId = await newCompany();
      const assignment = await newAssignment(companyId, 4000);
      await approvedWeek(assignment.id, lastWeek(), [60, 60, 0, 0, 0]);
      const answers = await Promise.all([issueNow(companyId), issueNow(companyId)]);
      expect(answers.map((answer) => answer.body.outcome).sort()).toEqual(['already_issued', 'issued']);
      expect(await db().select().from(invoices).where(eq(invoices.companyId, companyId))).toHaveLength(1);
    });

    it('is for administrators only, and refuses a malformed or unknown company with a sentence', async () => {
      const companyId = await newCompany();
      for (const account of [company, talent]) {
        expect((await issueNow(companyId, account)).statusCode).toBe(403);
        expect((await account.call(adminInvoicesContract.unbilledCompanies)).statusCode).toBe(403);
      }
      const malformed = await issueNow('not-a-company');
      expect(malformed.statusCode).toBe(400);
      expect(malformed.error?.error).toBe(malformedIdMessage('company'));
      const unknown = await issueNow('00000000-0000-4000-8000-000000000000');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.error?.error).toBe('This company does not exist.');
      const longSearch = await admin.call(adminInvoicesContract.unbilledCompanies, { query: { q: 'x'.repeat(101) } });
      expect(longSearch.statusCode).toBe(400);
      expect(longSearch.error?.fields).toEqual({ q: 'Search with at most 100 characters.' });
    });

    it('tells the company’s people, as the weekly run does', async () => {
      const account = await companyAccount(testApp, `Told Goods ${Date.now()}`);
      const assignment = await newAssignment(account.companyId, 2000);
      await approvedWeek(assignment.id, weekBefore(), [60, 0, 0, 0, 0]);
      const result = (await issueNow(account.companyId)).body;
      expect(result.outcome).toBe('issued');
      const told = await db().select().from(notifications).where(eq(notifications.userId, account.user.id));
      expect(told).toEqual([
        expect.objectContaining({
          type: 'invoice_issued',
          title: `New invoice ${result.invoice?.invoice_number}`,
          link: `/company/billing?invoice=${result.invoice?.id}`,
        }),
      ]);
    });
  });

  describe('every estimate is the invoice', () => {
    // Generated rates, fees, taxes and hours over two weeks (one with a rate change mid-week): the next
    // invoice's estimate, then the invoice issued now, equal to the cent and item for item.
    it('drafts the invoice the run issues, over generated rates, fees, taxes and hours', async () => {
      const minutes = fc.array(fc.integer({ min: 0, max: 600 }), { minLength: 5, maxLength: 5 });
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 100, max: 20_000 }),
          fc.integer({ min: 100, max: 20_000 }),
          fc.integer({ min: 0, max: 3000 }),
          fc.integer({ min: 0, max: 2500 }),
          minutes,
          minutes,
          async (rate, raisedRate, feeBasisPoints, taxBasisPoints, olderMinutes, lastMinutes) => {
            await testApp.setSettings({ platform_fee_basis_points: feeBasisPoints });
            const companyId = await newCompany();
            await db().insert(billingProfiles).values({ companyId, taxRateBasisPoints: taxBasisPoints });
            const assignment = await newAssignment(companyId, rate, await newTalent());
            await db()
              .insert(assignmentTerms)
              .values({
                assignmentId: assignment.id,
                rateCents: raisedRate,
                payRateCents: raisedRate,
                weeklyHours: 40,
                effectiveDate: addDays(lastWeek(), 3),
              });
            await approvedWeek(assignment.id, weekBefore(), olderMinutes);
            await approvedWeek(assignment.id, lastWeek(), lastMinutes);
            const now = new Date();
            const [estimate] = [
              ...(
                await findNextInvoices({ db: db(), companyIds: [companyId], now, nextInvoiceRun: nextInvoiceRunAfter })
              ).values(),
            ];
            const result = await issueInvoiceNow({
              db: db(),
              companyId,
              actorId: admin.user.id,
              now,
              nextInvoiceRun: nextInvoiceRunAfter,
            });
            const totalMinutes = [...olderMinutes, ...lastMinutes].reduce((sum, value) => sum + value, 0);
            if (totalMinutes === 0) {
              expect(result.outcome).toBe('nothing_to_invoice');
              expect(estimate?.view.total_cents).toBe(0);
              return;
            }
            expect(result.outcome).toBe('issued');
            const { invoice, items } = await invoiceOf(result.invoice?.id ?? '');
            expect({
              subtotal_cents: invoice?.subtotalCents,
              fee_basis_points: invoice?.feeBasisPoints,
              fee_cents: invoice?.feeCents,
              tax_basis_points: invoice?.taxBasisPoints,
              tax_cents: invoice?.taxCents,
              total_cents: invoice?.totalCents,
            }).toEqual({
              subtotal_cents: estimate?.view.subtotal_cents,
              fee_basis_points: estimate?.view.fee_basis_points,
              fee_cents: estimate?.view.fee_cents,
              tax_basis_points: estimate?.view.tax_basis_points,
              tax_cents: estimate?.view.tax_cents,
              total_cents: estimate?.view.total_cents,
            });
            expect(
              items.filter((item) => item.kind === 'work').reduce((sum, item) => sum + (item.minutes ?? 0), 0),
            ).toBe(totalMinutes);
            expect(estimate?.view.total_minutes).toBe(totalMinutes);
          },
        ),
        { numRuns: 12 },
      );
      await testApp.setSettings({ platform_fee_basis_points: 1000 });
    });

    it('costs a week alone as an invoice of that week alone would bill it', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 100, max: 20_000 }),
          fc.integer({ min: 0, max: 3000 }),
          fc.integer({ min: 0, max: 2500 }),
          fc.array(fc.integer({ min: 1, max: 600 }), { minLength: 1, maxLength: 5 }),
          async (rate, feeBasisPoints, taxBasisPoints, dayMinutes) => {
            await testApp.setSettings({ platform_fee_basis_points: feeBasisPoints });
            const account = await companyAccount(testApp, `Week Cost ${++sequence} ${Date.now()}`);
            await db()
              .insert(billingProfiles)
              .values({ companyId: account.companyId, taxRateBasisPoints: taxBasisPoints });
            const assignment = await newAssignment(account.companyId, rate, await newTalent());
            const week = await buildTimesheet(db(), {
              assignmentId: assignment.id,
              weekStart: lastWeek(),
              status: 'submitted',
              minutes: workdays(lastWeek(), dayMinutes),
            });
            const approved = await account.call(workContract.approveTimesheet, {
              params: { id: week.id },
              body: { approve_over_weekly_hours: true },
            });
            const cost = approved.body.cost;
            const result = await issueInvoiceNow({
              db: db(),
              companyId: account.companyId,
              actorId: admin.user.id,
              nextInvoiceRun: nextInvoiceRunAfter,
            });
            const { invoice } = await invoiceOf(result.invoice?.id ?? '');
            expect([cost.subtotal_cents, cost.fee_cents, cost.tax_cents, cost.total_cents]).toEqual([
              invoice?.subtotalCents,
              invoice?.feeCents,
              invoice?.taxCents,
              invoice?.totalCents,
            ]);
            expect(cost.work.reduce((sum, line) => sum + line.minutes, 0)).toBe(
              dayMinutes.reduce((sum, value) => sum + value, 0),
            );
          },
        ),
        { numRuns: 6 },
      );
      await testApp.setSettings({ platform_fee_basis_points: 1000 });
    });
  });
});
