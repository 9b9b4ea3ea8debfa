import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import {
  abuseReportTexts,
  type createAbuseReportSchema,
  growthLabel,
  marginGrowthLabel,
} from '~/shared/admin-dashboard';
import { adminDashboardContract } from '~/shared/contracts/admin-dashboard';
import { messagingContract } from '~/shared/contracts/messaging';
import { abuseReports, assignments, auditLogs, companies, invoices, milestones, timesheets, users } from '../db/schema';
import { postMissingTransactions } from '../kernels/money/post-missing-transactions';
import { recordAuditEvent } from '../platform/record-audit-event';
import { createSharedCache } from '../platform/shared-cache';
import { buildAccount } from '../seed/factories';
import { buildApplication, buildJob } from '../seed/job-factories';
import { buildApplicantProfile } from '../seed/talent-factories';
import { callerFrom, signedInAccount } from '../testing/auth-helpers';
import { companyIdOf } from '../testing/payment-test-invoices';
import { createTestApp, type TestApp } from '../testing/test-app';
import { buildAssignment, buildTimesheet } from '../testing/work-factories';
import { createPopulationCounter, POPULATION_FRESH_MS } from './count-population';
import { countPopulation } from './get-admin-dashboard';

type Account = Awaited<ReturnType<typeof signedInAccount>>;

const DAY_MS = 86_400_000;
const isoDay = (day: Date) => day.toISOString().slice(0, 10);
const monthStart = (now: Date, back = 0) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));

// The admin dashboard: every figure equals a direct count of the seeded records, and the
// Report button's reports (validation, visibility, one open per person, resolve and dismiss).
describe('admin dashboard', () => {
  let testApp: TestApp;
  let admin: Account;
  let company: Account;
  let companyId: string;
  let applicant: Account;
  let otherApplicant: Account;
  let jobId: string;
  const db = () => testApp.database.db;
  const dashboard = async (account = admin) => {
    const response = await account.call(adminDashboardContract.dashboard);
    expect(response.statusCode, response.error?.error).toBe(200);
    return response.body;
  };
  const report = (account: Account, body: z.input<typeof createAbuseReportSchema>) =>
    account.call(adminDashboardContract.fileReport, { body });

  // A direct count, written plainly (no index tricks): what the dashboard must agree with.
  const countOf = async (query: ReturnType<typeof sql>) => {
    const result = (await db().execute(query)) as unknown as { rows: { n: number | string }[] };
    return Number(result.rows[0]?.n ?? 0);
  };

  let invoiceSequence = 0;
  async function invoiceWithPay({
    issueDate,
    subtotalCents,
    talentPayCents,
  }: {
    issueDate: string;
    subtotalCents: number;
    talentPayCents: number;
  }) {
    invoiceSequence += 1;
    const feeCents = subtotalCents / 10;
    const taxCents = Math.round((subtotalCents + feeCents) * 0.05);
    // A distinct Sunday per invoice (one invoice per company and period, one timesheet per week).
    const weekStart = isoDay(new Date(Date.UTC(2021, 0, 3 + 7 * invoiceSequence)));
    const [invoice] = await db()
      .insert(invoices)
      .values({
        invoiceNumber: `DASH-${randomUUID().slice(0, 8)}`,
        companyId,
        periodStart: weekStart,
        periodEnd: weekStart,
        issueDate,
        dueDate: issueDate,
        status: 'pending',
        subtotalCents,
        feeBasisPoints: 1000,
        feeCents,
        taxBasisPoints: 500,
        taxCents,
        totalCents: subtotalCents + feeCents + taxCents,
      })
      .returning();
    if (!invoice) throw new Error('The invoice was not stored.');
    const assignment = await buildAssignment(db(), {
      companyId,
      applicantId: otherApplicant.user.id,
      startDate: '2021-01-03',
    });
    const timesheet = await buildTimesheet(db(), {
      assignmentId: assignment.id,
      weekStart,
      status: 'approved',
      talentPayCents,
    });
    await db().update(timesheets).set({ invoiceId: invoice.id }).where(eq(timesheets.id, timesheet.id));
    return invoice;
  }

  beforeAll(async () => {
    testApp = await createTestApp();
    admin = await signedInAccount(testApp, { role: 'admin', twoFactorExempt: true });
    company = await signedInAccount(testApp, { role: 'company' });
    companyId = await companyIdOf(db(), company.user.id);
    applicant = await signedInAccount(testApp, { role: 'applicant' });
    otherApplicant = await signedInAccount(testApp, { role: 'applicant' });
    jobId = (await buildJob(db(), { companyId, status: 'open' })).id;
    await buildApplicantProfile(db(), otherApplicant.user.id);

    const now = new Date();
    // Workers and sign-ups across the periods: one joined last month, one 10 days ago, one suspended.
    const lastMonth = new Date(monthStart(now).getTime() - 3 * DAY_MS);
    const early = await buildAccount(db(), { role: 'applicant' });
    await db().update(users).set({ createdAt: lastMonth }).where(eq(users.id, early.user.id));
    const tenDaysAgo = await buildAccount(db(), { role: 'applicant' });
    await db()
      .update(users)
      .set({ createdAt: new Date(now.getTime() - 10 * DAY_MS) })
      .where(eq(users.id, tenDaysAgo.user.id));
    const suspended = await buildAccount(db(), { role: 'applicant' });
    await db().update(users).set({ status: 'suspended' }).where(eq(users.id, suspended.user.id));
    // Companies: one from last month, one deleted (not counted).
    const oldCompany = await buildAccount(db(), { role: 'company' });
    await db()
      .update(companies)
      .set({ createdAt: lastMonth })
      .where(eq(companies.id, await companyIdOf(db(), oldCompany.user.id)));
    const gone = await buildAccount(db(), { role: 'company' });
    await db()
      .update(companies)
      .set({ deletedAt: now, status: 'suspended' })
      .where(eq(companies.id, await companyIdOf(db(), gone.user.id)));

    // Money: this month 1,000.00 + 500.00 of work (+10% fee), last month 800.00.
    const today = isoDay(now);
    await invoiceWithPay({ issueDate: today, subtotalCents: 100_000, talentPayCents: 60_000 });
    await invoiceWithPay({ issueDate: isoDay(monthStart(now)), subtotalCents: 50_000, talentPayCents: 30_000 });
    await invoiceWithPay({ issueDate: isoDay(lastMonth), subtotalCents: 80_000, talentPayCents: 66_000 });
    await invoiceWithPay({ issueDate: isoDay(monthStart(now, 2)), subtotalCents: 70_000, talentPayCents: 1 });
    // And a fixed-price milestone of 100.00 released today (decision 035): its invoice bills the milestone
    // and the fee; the talent earns the whole milestone.
    const [fixedPrice] = await db()
      .insert(assignments)
      .values({
        companyId,
        applicantId: otherApplicant.user.id,
        role: 'Brand refresh',
        engagementType: 'fixed',
        startDate: '2021-01-03',
      })
      .returning();
    const [released] = await db()
      .insert(milestones)
      .values({
        assignmentId: fixedPrice?.id ?? '',
        position: 1,
        title: 'Logo',
        description: '',
        amountCents: 10_000,
        dueDate: '2021-02-01',
        status: 'approved',
        feeBasisPoints: 1000,
        feeCents: 1000,
        taxBasisPoints: 0,
        taxCents: 0,
        fundedCents: 10_000,
        releasedCents: 10_000,
        approvedAt: now,
      })
      .returning();
    await db()
      .insert(invoices)
      .values({
        invoiceNumber: `DASH-${randomUUID().slice(0, 8)}`,
        companyId,
        periodStart: today,
        periodEnd: today,
        issueDate: today,
        dueDate: today,
        status: 'paid',
        paidAt: now,
        subtotalCents: 10_000,
        feeBasisPoints: 1000,
        feeCents: 1000,
        taxBasisPoints: 0,
        taxCents: 0,
        totalCents: 11_000,
        milestoneId: released?.id ?? null,
      });
  });

  afterAll(async () => {
    await testApp?.close();
  });

  it('counts workers, companies and sign-ups exactly as the records say', async () => {
    const figures = await dashboard();
    const thisMonth = sql`date_trunc('month', now() at time zone 'utc') at time zone 'utc'`;
    const workers = await countOf(sql`select count(*) as n from users where role = 'applicant' and status = 'active'`);
    const workersBefore = await countOf(
      sql`select count(*) as n from users where role = 'applicant' and status = 'active' and created_at < ${thisMonth}`,
    );
    expect(figures.total_workers).toEqual({
      value: workers,
      previous: workersBefore,
      growth_label: growthLabel(workers, workersBefore, 'last month'),
    });
    // The seeds: the two signed-in applicants and two more active ones, one from last month.
    expect(workers).toBe(4);
    expect(workersBefore).toBe(1);
    expect(figures.total_workers.growth_label).toBe('+300% from last month');

    const companyCount = await countOf(sql`select count(*) as n from companies where deleted_at is null`);
    const companiesBefore = await countOf(
      sql`select count(*) as n from companies where deleted_at is null and created_at < ${thisMonth}`,
    );
    expect(figures.total_companies).toEqual({
      value: companyCount,
      previous: companiesBefore,
      growth_label: growthLabel(companyCount, companiesBefore, 'last month'),
    });
    expect([companyCount, companiesBefore]).toEqual([2, 1]);

    const signups = await countOf(
      sql`select count(*) as n from users where role in ('applicant', 'company') and created_at >= now() - interval '7 days'`,
    );
    const signupsBefore = await countOf(
      sql`select count(*) as n from users where role in ('applicant', 'company')
          and created_at >= now() - interval '14 days' and created_at < now() - interval '7 days'`,
    );
    expect(figures.new_signups_7d).toEqual({
      value: signups,
      previous: signupsBefore,
      growth_label: growthLabel(signups, signupsBefore, 'last week'),
    });
    expect(signupsBefore).toBe(1);
  });

  it('keeps the people counts a minute, then recounts behind the kept answer', async () => {
    const clock = { now: Date.now() };
    const count = createPopulationCounter({ db: db(), cache: createSharedCache({}), clock: () => clock.now });
    const first = await count();
    expect(first).toEqual(await countPopulation({ db: db() }));
    const joined = await buildAccount(db(), { role: 'applicant' });
    expect(await count()).toEqual(first);
    clock.now += POPULATION_FRESH_MS;
    // Stale: the kept answer at once, a new count behind it.
    expect(await count()).toEqual(first);
    await vi.waitFor(async () => {
      expect((await count()).workers.value).toBe(first.workers.value + 1);
    });
    expect((await count()).signups.value).toBe(first.signups.value + 1);
    // Out of every count again (suspended, joined a year ago), so the counts the app's dashboard may have kept
    // stay true for the tests after this one, in any order.
    await db()
      .update(users)
      .set({ status: 'suspended', createdAt: new Date(Date.now() - 365 * DAY_MS) })
      .where(eq(users.id, joined.user.id));
  });

  it('computes revenue and the gross margin from invoices and the talent pay they bill', async () => {
    // The talent pay comes from the ledger (decision 036); rows written straight to the tables here are
    // posted by the hourly sweep, as rows from before the ledger are.
    await postMissingTransactions(db());
    const figures = await dashboard();
    // This month: (1,000 + 100) + (500 + 50) + the milestone (100 + 10) invoiced before tax; talent paid
    // 600 + 300 for the weeks and the whole 100 of the milestone.
    expect(figures.monthly_revenue.total.value).toBe(176_000);
    expect(figures.monthly_revenue.total.previous).toBe(88_000);
    expect(figures.monthly_revenue.total.growth_label).toBe('+100% from last month');
    // All in dollars, the reporting currency: one row, its own figure.
    expect(figures.monthly_revenue.reporting_currency).toBe('USD');
    expect(figures.monthly_revenue.currencies).toEqual([
      {
        currency: 'USD',
        value: 176_000,
        previous: 88_000,
        growth_label: '+100% from last month',
        converted: 176_000,
        rate: null,
      },
    ]);
    // (176,000 − 100,000) / 176,000 = 43.18…%; last month (88,000 − 66,000) / 88,000 = 25%.
    expect(figures.gross_margin_percent.value).toBe(43.2);
    expect(figures.gross_margin_percent.previous).toBe(25);
    expect(figures.gross_margin_percent.growth_label).toBe(marginGrowthLabel(43.2, 25));
    expect(figures.gross_margin_percent.growth_label).toBe('+18.2 pts from last month');

    const direct = (await db().execute(
      sql`select coalesce(sum(subtotal_cents + fee_cents), 0)::bigint as invoiced,
            (select coalesce(sum(t.talent_pay_cents), 0)::bigint from timesheets t join invoices i on i.id = t.invoice_id
              where date_trunc('month', i.issue_date) = date_trunc('month', current_date))
            + (select coalesce(sum(m.subtotal_cents), 0)::bigint from invoices m
              where m.milestone_id is not null and date_trunc('month', m.issue_date) = date_trunc('month', current_date))
              as pay
          from invoices where date_trunc('month', issue_date) = date_trunc('month', current_date)`,
    )) as unknown as { rows: { invoiced: string; pay: string }[] };
    const invoiced = Number(direct.rows[0]?.invoiced);
    const pay = Number(direct.rows[0]?.pay);
    expect(figures.monthly_revenue.total.value).toBe(invoiced);
    expect(figures.gross_margin_percent.value).toBe(Math.round(((invoiced - pay) / invoiced) * 1000) / 10);
  });

  it('lists the latest actions of administrators, newest first, with the company they were about', async () => {
    await recordAuditEvent({
      db: db(),
      event: { actorId: admin.user.id, action: 'company.suspended', targetType: 'company', targetId: companyId },
    });
    await recordAuditEvent({
      db: db(),
      event: { actorId: admin.user.id, action: 'settings.updated', targetType: 'settings', targetId: 'general' },
    });
    // Someone else's row is no admin action.
    await recordAuditEvent({ db: db(), event: { actorId: company.user.id, action: 'job.created' } });
    const figures = await dashboard();
    const adminRows = await db()
      .select({ id: auditLogs.id })
      .from(auditLogs)
      .innerJoin(users, eq(users.id, auditLogs.actorId))
      .where(eq(users.role, 'admin'))
      .orderBy(sql`${auditLogs.createdAt} desc`);
    expect(figures.recent_actions.map((action) => action.id)).toEqual(adminRows.slice(0, 8).map((row) => row.id));
    const suspended = figures.recent_actions.find((action) => action.action === 'company.suspended');
    expect(suspended).toMatchObject({
      action_label: 'Company suspended',
      actor_name: admin.user.name,
      target_type: 'company',
      target_id: companyId,
    });
    const [named] = await db().select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
    expect(suspended?.company_name).toBe(named?.name);
    expect(figures.recent_actions.some((action) => action.action === 'job.created')).toBe(false);
  });

  it('reports system health from real checks', async () => {
    // An answer of its own first, so there is one to count whichever tests ran before.
    await dashboard();
    const { system_health: health } = await dashboard();
    const byName = Object.fromEntries(health.checks.map((check) => [check.name, check]));
    expect(Object.keys(byName).sort()).toEqual(['database', 'disk', 'error_rate', 'queue', 'redis']);
    expect(byName.database?.status).toBe('pass');
    expect(byName.database?.detail).toMatch(/^Answered in \d+ ms\.$/);
    expect(byName.redis).toMatchObject({ status: 'not_configured', detail: 'Not configured (REDIS_URL is not set).' });
    expect(byName.queue?.detail).toMatch(/waiting, \d+ overdue by 5 minutes, \d+ failed in the last hour\.$/);
    // The answers this test file got so far are counted, none of them a server error.
    expect(byName.error_rate?.status).toBe('pass');
    expect(byName.error_rate?.detail).toMatch(/^0% server errors: 0 of [1-9][\d,]* answers\.$/);
    expect(byName.disk?.detail).toMatch(/GB free of .* GB \(\d+%\)\.$/);
    const counted = health.checks.filter((check) => check.status !== 'not_configured');
    const passing = counted.filter((check) => check.status === 'pass');
    expect(health.percent).toBe(Math.round((passing.length / counted.length) * 100));
  });

  it('is for administrators only', async () => {
    for (const account of [company, applicant]) {
      const response = await account.call(adminDashboardContract.dashboard);
      expect(response.statusCode).toBe(403);
      const reports = await account.call(adminDashboardContract.reports);
      expect(reports.statusCode).toBe(403);
    }
    const anonymous = await callerFrom(testApp).call(adminDashboardContract.dashboard);
    expect(anonymous.statusCode).toBe(401);
  });

  describe('abuse reports', () => {
    const reportCount = () => countOf(sql`select count(*) as n from abuse_reports`);

    it('refuses a bad type, a missing reason and an unknown or invisible target', async () => {
      const storedBefore = await reportCount();
      // 'company' is no target the contract allows: sent as a hostile client would.
      const badType = await applicant.callUnchecked(adminDashboardContract.fileReport, {
        body: { targetType: 'company', targetId: jobId, reason: 'Spam and scams' },
      });
      expect(badType.statusCode).toBe(400);
      expect(badType.error?.fields?.targetType).toBe(
        'Choose what you are reporting: a profile, a job, a message or a review.',
      );
      const noReason = await report(applicant, { targetType: 'job', targetId: jobId, reason: ' ' });
      expect(noReason.statusCode).toBe(400);
      const unknown = await report(applicant, { targetType: 'job', targetId: randomUUID(), reason: 'Spam and scams' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.error?.error).toBe(abuseReportTexts.notFound);
      // An applicant sees no other applicant's profile, and no draft job.
      const profile = await report(applicant, {
        targetType: 'applicant_profile',
        targetId: otherApplicant.user.id,
        reason: 'Fake profile',
      });
      expect(profile.statusCode).toBe(404);
      const draft = await buildJob(db(), { companyId, status: 'draft' });
      const hidden = await report(applicant, { targetType: 'job', targetId: draft.id, reason: 'Spam and scams' });
      expect(hidden.statusCode).toBe(404);
      const own = await report(company, { targetType: 'job', targetId: jobId, reason: 'Reporting myself' });
      expect(own.statusCode).toBe(400);
      expect(own.error?.error).toBe(abuseReportTexts.ownContent);
      expect(await reportCount()).toBe(storedBefore);
    });

    it('files one open report per person and target, audit-logged, counted on the dashboard', async () => {
      const before = await dashboard();
      const filed = await report(applicant, {
        targetType: 'job',
        targetId: jobId,
        reason: 'Asks for a deposit up front',
      });
      expect(filed.statusCode, filed.error?.error).toBe(201);
      const created = filed.body.report;
      expect(created).toMatchObject({
        target_type: 'job',
        target_id: jobId,
        status: 'open',
        reason: 'Asks for a deposit up front',
        reporter_email: applicant.user.email,
      });
      const again = await report(applicant, { targetType: 'job', targetId: jobId, reason: 'Still a scam' });
      expect(again.statusCode).toBe(409);
      expect(again.error?.error).toBe(abuseReportTexts.duplicate);
      // A company reports an applicant's profile it finds in Talent Search.
      const profile = await report(company, {
        targetType: 'applicant_profile',
        targetId: otherApplicant.user.id,
        reason: 'The photo is not of this person',
      });
      expect(profile.statusCode, profile.error?.error).toBe(201);

      const [audit] = await db()
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.action, 'abuse_report.created'), eq(auditLogs.actorId, applicant.user.id)));
      expect(audit).toMatchObject({ targetType: 'job', targetId: jobId });
      expect(audit?.details).toMatchObject({ report_id: created.id });

      const after = await dashboard();
      const open = await countOf(sql`select count(*) as n from abuse_reports where status = 'open'`);
      expect(after.open_abuse_reports.value).toBe(open);
      expect(after.open_abuse_reports.value).toBe(before.open_abuse_reports.value + 2);
      // Every report is from this week: the label counts all the open ones.
      expect(after.open_abuse_reports.growth_label).toBe(`+${before.open_abuse_reports.value + 2} from last week`);
    });

    it('lets an administrator list, resolve and dismiss open reports, once each', async () => {
      // Two reports of its own, by people and of targets no other test pairs (one open report per person and
      // target), and no new accounts (the population counts are exact); the others' reports are counted before.
      const reporter = otherApplicant;
      await buildApplicantProfile(db(), applicant.user.id);
      const statusCount = (status: string) =>
        countOf(sql`select count(*) as n from abuse_reports where status = ${status}`);
      const [openBefore, resolvedBefore, dashboardBefore] = [
        await statusCount('open'),
        await statusCount('resolved'),
        (await dashboard()).open_abuse_reports.value,
      ];
      const filedJob = await report(reporter, { targetType: 'job', targetId: jobId, reason: 'Spam and scams' });
      const filedProfile = await report(company, {
        targetType: 'applicant_profile',
        targetId: applicant.user.id,
        reason: 'Fake profile',
      });
      expect([filedJob.statusCode, filedProfile.statusCode], filedProfile.error?.error).toEqual([201, 201]);
      const ownIds = [filedJob.body.report.id, filedProfile.body.report.id];

      const list = await admin.call(adminDashboardContract.reports, { query: { status: 'open', page: 1 } });
      expect(list.statusCode).toBe(200);
      const { items, total } = list.body;
      expect(total).toBe(openBefore + 2);
      const jobReport = items.find((item) => item.id === ownIds[0]);
      const profileReport = items.find((item) => item.id === ownIds[1]);
      expect(jobReport?.target_type).toBe('job');
      expect(profileReport?.target_type).toBe('applicant_profile');
      expect(jobReport?.target_label).toMatch(/^Senior React Engineer/);
      expect(profileReport?.target_label).toBe(applicant.user.name);
      if (!jobReport || !profileReport) throw new Error('Both reports are listed.');

      const resolved = await admin.call(adminDashboardContract.resolveReport, { params: { id: jobReport.id } });
      expect(resolved.statusCode, resolved.error?.error).toBe(200);
      expect(resolved.body.report).toMatchObject({ status: 'resolved', resolved_by_name: admin.user.name });
      const twice = await admin.call(adminDashboardContract.dismissReport, { params: { id: jobReport.id } });
      expect(twice.statusCode).toBe(409);
      expect(twice.error?.error).toBe(abuseReportTexts.alreadySettled);
      const dismissed = await admin.call(adminDashboardContract.dismissReport, { params: { id: profileReport.id } });
      expect(dismissed.body.report.status).toBe('dismissed');
      const missing = await admin.call(adminDashboardContract.resolveReport, { params: { id: randomUUID() } });
      expect(missing.statusCode).toBe(404);
      const byCompany = await company.call(adminDashboardContract.resolveReport, { params: { id: jobReport.id } });
      expect(byCompany.statusCode).toBe(403);

      const trail = await db()
        .select()
        .from(auditLogs)
        .where(inArray(auditLogs.action, ['abuse_report.resolved', 'abuse_report.dismissed']));
      expect(trail.map((row) => [row.action, row.targetId, row.details])).toEqual(
        expect.arrayContaining([
          [
            'abuse_report.resolved',
            jobReport.id,
            expect.objectContaining({ before: { status: 'open' }, after: { status: 'resolved' } }),
          ],
          [
            'abuse_report.dismissed',
            profileReport.id,
            expect.objectContaining({ before: { status: 'open' }, after: { status: 'dismissed' } }),
          ],
        ]),
      );
      const rows = await db().select().from(abuseReports).where(inArray(abuseReports.id, ownIds));
      expect(rows.map((row) => row.status).sort()).toEqual(['dismissed', 'resolved']);
      const resolvedList = await admin.call(adminDashboardContract.reports, { query: { status: 'resolved' } });
      expect(resolvedList.body.total).toBe(resolvedBefore + 1);
      expect((await dashboard()).open_abuse_reports.value).toBe(dashboardBefore);
      // Settled, the same person may report the same job again.
      const anew = await report(reporter, { targetType: 'job', targetId: jobId, reason: 'It is back again' });
      expect(anew.statusCode).toBe(201);
    });

    it('takes a message from the people in its conversation only, never their own', async () => {
      await buildApplication(db(), { jobId, applicantId: otherApplicant.user.id });
      const started = await company.call(messagingContract.start, { body: { applicant_id: otherApplicant.user.id } });
      expect(started.statusCode, started.error?.error).toBe(201);
      const conversationId = started.body.id;
      const sent = await company.call(messagingContract.send, {
        params: { id: conversationId },
        body: { client_id: randomUUID(), body: 'Send me your bank details to get the job.' },
      });
      expect(sent.statusCode, sent.error?.error).toBe(201);
      const messageId = sent.body.id;
      const reason = 'Asks for bank details';
      const outsider = await report(applicant, { targetType: 'message', targetId: messageId, reason });
      expect(outsider.statusCode).toBe(404);
      const own = await report(company, { targetType: 'message', targetId: messageId, reason });
      expect(own.statusCode).toBe(400);
      const filed = await report(otherApplicant, { targetType: 'message', targetId: messageId, reason });
      expect(filed.statusCode, filed.error?.error).toBe(201);
      expect(filed.body.report.target_label).toBe('Send me your bank details to get the job.');
    });
  });
});
