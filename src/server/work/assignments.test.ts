import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Assignment, type ChangeAssignmentTermsInput, type EndAssignmentInput, workTexts } from '~/shared/billing';
import { applicationsContract } from '~/shared/contracts/applications';
import { workContract } from '~/shared/contracts/work';
import { assignments, assignmentTerms, auditLogs, notifications, timesheets } from '../db/schema';
import { type TermsRow, termsHistoryOf, termsOnDay } from '../kernels/work/assignment-terms';
import { addDays, todayOf, weekStartOf } from '../platform/work-calendar';
import { buildApplication, buildJob } from '../seed/job-factories';
import { signedInAccount } from '../testing/auth-helpers';
import { type Account, companyAccount } from '../testing/job-board-test-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';
import { buildAssignment, buildTimesheet } from '../testing/work-factories';

type CompanyAccount = Account & { companyId: string };

const today = () => todayOf(new Date());

// Assignments: pending → active → ended, who may move them, the terms over time, and who
// sees which.
describe('assignments', () => {
  let testApp: TestApp;
  let company: CompanyAccount;
  let otherCompany: CompanyAccount;
  let applicant: Account;
  let otherApplicant: Account;
  let admin: Account;

  beforeAll(async () => {
    testApp = await createTestApp();
    company = await companyAccount(testApp, 'Acme Work');
    otherCompany = await companyAccount(testApp, 'Other Work');
    applicant = await signedInAccount(testApp, { role: 'applicant', name: 'Tess Talent' });
    otherApplicant = await signedInAccount(testApp, { role: 'applicant' });
    admin = await signedInAccount(testApp, { role: 'admin' });
  });
  afterAll(async () => {
    await testApp.close();
  });

  const db = () => testApp.database.db;
  const newAssignment = (overrides: Partial<Parameters<typeof buildAssignment>[1]> = {}) =>
    buildAssignment(db(), {
      companyId: company.companyId,
      applicantId: applicant.user.id,
      startDate: addDays(today(), -30),
      ...overrides,
    });

  describe('a hire', () => {
    it('opens the terms history with the offer’s rate, hours and start date', async () => {
      const job = await buildJob(db(), { companyId: company.companyId, title: 'Bookkeeper' });
      const application = await buildApplication(db(), {
        jobId: job.id,
        applicantId: applicant.user.id,
        status: 'offered',
        offerRateCents: 4_250,
        offerWeeklyHours: 25,
        offerStartDate: '2031-03-03',
      });
      const accepted = await applicant.call(applicationsContract.acceptOffer, { params: { id: application.id } });
      expect(accepted.statusCode, accepted.error?.error).toBe(200);
      const [assignment] = await db().select().from(assignments).where(eq(assignments.applicationId, application.id));
      if (!assignment) throw new Error('no assignment');
      const terms = await db().select().from(assignmentTerms).where(eq(assignmentTerms.assignmentId, assignment.id));
      expect(terms).toEqual([
        expect.objectContaining({
          rateCents: 4_250,
          payRateCents: 4_250,
          weeklyHours: 25,
          effectiveDate: '2031-03-03',
          createdBy: applicant.user.id,
        }),
      ]);
      const listed = (await applicant.call(workContract.applicantAssignments, { query: { status: 'pending' } })).body;
      expect(listed.items.find((item) => item.id === assignment.id)).toMatchObject({
        role: 'Bookkeeper',
        company_name: 'Acme Work',
        applicant_name: 'Tess Talent',
        rate_cents: 4_250,
        weekly_hours: 25,
        start_date: '2031-03-03',
        status: 'pending',
        shift_status: 'offline',
        terms: [{ rate_cents: 4_250, weekly_hours: 25, effective_date: '2031-03-03' }],
      });
    });
  });

  describe('starting', () => {
    it('starts a pending assignment from its start date on, once, and tells the talent', async () => {
      const assignment = await newAssignment({ status: 'pending', startDate: today() });
      const response = await company.call(workContract.startCompanyAssignment, { params: { id: assignment.id } });
      expect(response.statusCode, response.error?.error).toBe(200);
      expect(response.body).toMatchObject({ id: assignment.id, status: 'active', shift_status: 'offline' });
      const [audit] = await db().select().from(auditLogs).where(eq(auditLogs.targetId, assignment.id));
      expect(audit).toMatchObject({ action: 'assignment.started', actorId: company.user.id });
      const told = await db().select().from(notifications).where(eq(notifications.userId, applicant.user.id));
      expect(
        told.some((note) => note.type === 'assignment_changed' && note.title === `${assignment.role} has started`),
      ).toBe(true);

      const again = await company.call(workContract.startCompanyAssignment, { params: { id: assignment.id } });
      expect(again.statusCode).toBe(409);
      expect(again.error).toEqual({ error: workTexts.alreadyStarted, code: 'conflict' });
    });

    it('refuses before the start date, with the day it can start', async () => {
      const startDate = addDays(today(), 3);
      const assignment = await newAssignment({ status: 'pending', startDate });
      const response = await company.call(workContract.startCompanyAssignment, { params: { id: assignment.id } });
      expect(response.statusCode).toBe(409);
      expect(response.error?.error).toBe(`This assignment starts on ${startDate}; it can be started from that day.`);
      const [row] = await db().select().from(assignments).where(eq(assignments.id, assignment.id));
      expect(row?.status).toBe('pending');
    });

    it('lets an administrator start any company’s assignment; another company gets a 404, talent a 403', async () => {
      const assignment = await newAssignment({ status: 'pending' });
      const foreign = await otherCompany.call(workContract.startCompanyAssignment, { params: { id: assignment.id } });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.error?.error).toBe(workTexts.assignmentNotFound);
      expect(
        (await applicant.call(workContract.startCompanyAssignment, { params: { id: assignment.id } })).statusCode,
      ).toBe(403);
      expect(
        (await company.call(workContract.startAdminAssignment, { params: { id: assignment.id } })).statusCode,
      ).toBe(403);
      const byAdmin = await admin.call(workContract.startAdminAssignment, { params: { id: assignment.id } });
      expect(byAdmin.statusCode, byAdmin.error?.error).toBe(200);
      expect(byAdmin.body.status).toBe('active');
    });

    it('refuses an ended assignment', async () => {
      const assignment = await newAssignment({ status: 'ended', endDate: today(), endReason: 'Done' });
      const response = await company.call(workContract.startCompanyAssignment, { params: { id: assignment.id } });
      expect(response.statusCode).toBe(409);
      expect(response.error?.error).toBe(workTexts.alreadyEnded);
    });
  });

  describe('ending', () => {
    const end = (account: Account, id: string, body: EndAssignmentInput) =>
      account.call(workContract.endCompanyAssignment, { params: { id }, body });

    it('ends an active assignment with its last day and the reason; it then takes no time', async () => {
      const assignment = await newAssignment();
      const endDate = addDays(today(), -1);
      const response = await end(company, assignment.id, { end_date: endDate, reason: 'The project is finished.' });
      expect(response.statusCode, response.error?.error).toBe(200);
      expect(response.body).toMatchObject({
        status: 'ended',
        end_date: endDate,
        end_reason: 'The project is finished.',
      });
      const [audit] = await db()
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.targetId, assignment.id), eq(auditLogs.action, 'assignment.ended')));
      expect(audit?.details).toMatchObject({ end_date: endDate, reason: 'The project is finished.' });

      const again = await end(company, assignment.id, { end_date: endDate, reason: 'Again' });
      expect(again.statusCode).toBe(409);
      expect(again.error?.error).toBe(workTexts.alreadyEnded);
      const clockIn = await applicant.call(workContract.clockIn, { params: { id: assignment.id } });
      expect(clockIn.statusCode).toBe(409);
      expect(clockIn.error?.error).toBe(workTexts.endedNoTime);
      const terms = await company.call(workContract.changeCompanyAssignmentTerms, {
        params: { id: assignment.id },
        body: { rate_cents: 9_000, effective_date: today() },
      });
      expect(terms.statusCode).toBe(409);
      expect(terms.error?.error).toBe(workTexts.endedNoTermsChange);
    });

    it('says what is wrong with the day or the reason', async () => {
      const startDate = addDays(today(), -10);
      const assignment = await newAssignment({ startDate });
      const early = await end(company, assignment.id, { end_date: addDays(startDate, -1), reason: 'Oops' });
      expect(early.statusCode).toBe(400);
      expect(early.error?.error).toBe(`The end date cannot be before the assignment started on ${startDate}.`);
      const future = await end(company, assignment.id, { end_date: addDays(today(), 2), reason: 'Later' });
      expect(future.statusCode).toBe(400);
      expect(future.error?.error).toBe(workTexts.endInFuture);
      const noReason = await end(company, assignment.id, { end_date: today(), reason: '  ' });
      expect(noReason.statusCode).toBe(400);
      expect(noReason.error?.fields).toEqual({ reason: 'Please give a reason for ending the assignment.' });
      const notADay = await end(company, assignment.id, { end_date: '2026-02-30', reason: 'Why' });
      expect(notADay.statusCode).toBe(400);
      expect(notADay.error?.error).toBe('The end date is not a real day.');
    });

    it('refuses a day before hours already logged, and a pending assignment', async () => {
      const assignment = await newAssignment({ startDate: addDays(today(), -20) });
      const loggedDay = addDays(today(), -2);
      await buildTimesheet(db(), {
        assignmentId: assignment.id,
        weekStart: weekStartOf(loggedDay),
        minutes: { [loggedDay]: 60 },
      });
      const response = await end(company, assignment.id, { end_date: addDays(today(), -5), reason: 'Cut short' });
      expect(response.statusCode).toBe(409);
      expect(response.error?.error).toBe(workTexts.hoursAfterEnd(loggedDay));

      const pending = await newAssignment({ status: 'pending', startDate: addDays(today(), 5) });
      const notStarted = await end(company, pending.id, { end_date: today(), reason: 'Never mind' });
      expect(notStarted.statusCode).toBe(409);
      expect(notStarted.error?.error).toBe(workTexts.notStartedCannotEnd);
    });

    it('lets an administrator end any assignment; another company gets a 404', async () => {
      const assignment = await newAssignment();
      const body = { end_date: today(), reason: 'Contract closed by support.' };
      expect((await end(otherCompany, assignment.id, body)).statusCode).toBe(404);
      const byAdmin = await admin.call(workContract.endAdminAssignment, { params: { id: assignment.id }, body });
      expect(byAdmin.statusCode, byAdmin.error?.error).toBe(200);
      expect(byAdmin.body.status).toBe('ended');
    });
  });

  describe('the talent ending their own assignment', () => {
    const endOwn = (account: Account, id: string, body: EndAssignmentInput) =>
      account.call(workContract.endApplicantAssignment, { params: { id }, body });

    it('ends it on their last day with the reason, tells the company, and asks both for a review', async () => {
      const assignment = await newAssignment({ role: 'Night Support' });
      const endDate = addDays(today(), -1);
      const response = await endOwn(applicant, assignment.id, { end_date: endDate, reason: 'I am moving on.' });
      expect(response.statusCode, response.error?.error).toBe(200);
      expect(response.body).toMatchObject({ status: 'ended', end_date: endDate, end_reason: 'I am moving on.' });
      const [audit] = await db()
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.targetId, assignment.id), eq(auditLogs.action, 'assignment.ended')));
      expect(audit).toMatchObject({
        actorId: applicant.user.id,
        details: expect.objectContaining({ end_date: endDate }),
      });

      const companyTitles = (
        await db().select().from(notifications).where(eq(notifications.userId, company.user.id))
      ).map((notification) => notification.title);
      expect(companyTitles).toEqual(expect.arrayContaining(['Tess Talent ended Night Support', 'Review Tess Talent']));
      const talentTitles = (
        await db().select().from(notifications).where(eq(notifications.userId, applicant.user.id))
      ).map((notification) => notification.title);
      expect(talentTitles).toContain('How was working as Night Support?');
      // Told the company: no notice to themselves that it ended.
      expect(talentTitles).not.toContain('Night Support has ended');
    });

    it('keeps the same rules: a real day, a reason, not a pending one, and only their own', async () => {
      const assignment = await newAssignment();
      const noReason = await endOwn(applicant, assignment.id, { end_date: today(), reason: '' });
      expect(noReason.statusCode).toBe(400);
      expect(noReason.error?.fields).toEqual({ reason: 'Please give a reason for ending the assignment.' });
      const future = await endOwn(applicant, assignment.id, { end_date: addDays(today(), 3), reason: 'Later' });
      expect(future.error?.error).toBe(workTexts.endInFuture);
      expect((await endOwn(otherApplicant, assignment.id, { end_date: today(), reason: 'Not mine' })).statusCode).toBe(
        404,
      );
      const pending = await newAssignment({ status: 'pending', startDate: addDays(today(), 5) });
      const notStarted = await endOwn(applicant, pending.id, { end_date: today(), reason: 'Never mind' });
      expect(notStarted.statusCode).toBe(409);
      expect(notStarted.error?.error).toBe(workTexts.notStartedCannotEnd);
      // A company member ends through the company's route, not the talent's.
      expect((await endOwn(company, assignment.id, { end_date: today(), reason: 'Wrong door' })).statusCode).toBe(403);
      expect((await db().select().from(assignments).where(eq(assignments.id, assignment.id)))[0]?.status).toBe(
        'active',
      );
    });
  });

  describe('changing the terms', () => {
    const change = (id: string, body: ChangeAssignmentTermsInput, account: Account = company) =>
      account.call(workContract.changeCompanyAssignmentTerms, { params: { id }, body });

    it('records a change from its day; the assignment shows the terms in effect today', async () => {
      const startDate = addDays(today(), -40);
      const assignment = await newAssignment({ startDate, rateCents: 5_000, weeklyHours: 40 });
      const raisedFrom = addDays(today(), -7);
      const raised = await change(assignment.id, { rate_cents: 5_500, effective_date: raisedFrom });
      expect(raised.statusCode, raised.error?.error).toBe(200);
      expect(raised.body).toMatchObject({
        rate_cents: 5_500,
        weekly_hours: 40,
        terms: [
          { rate_cents: 5_000, weekly_hours: 40, effective_date: startDate },
          { rate_cents: 5_500, weekly_hours: 40, effective_date: raisedFrom },
        ],
      });
      // The mirror on the assignment follows the terms in effect today.
      const [mirrored] = await db().select().from(assignments).where(eq(assignments.id, assignment.id));
      expect(mirrored).toMatchObject({ rateCents: 5_500, weeklyHours: 40 });

      // A change for later is recorded, and does not apply yet.
      const later = addDays(today(), 14);
      const planned = await change(assignment.id, { weekly_hours: 20, effective_date: later });
      expect(planned.body).toMatchObject({ rate_cents: 5_500, weekly_hours: 40 });
      expect(planned.body.terms.at(-1)).toEqual({ rate_cents: 5_500, weekly_hours: 20, effective_date: later });

      // A second change for the same day replaces the first, on top of it.
      const replaced = await change(assignment.id, { rate_cents: 6_000, effective_date: later });
      expect(replaced.body.terms).toHaveLength(3);
      expect(replaced.body.terms.at(-1)).toEqual({ rate_cents: 6_000, weekly_hours: 20, effective_date: later });
      const rows = await db().select().from(assignmentTerms).where(eq(assignmentTerms.assignmentId, assignment.id));
      expect(rows.find((row) => row.effectiveDate === later)).toMatchObject({
        rateCents: 6_000,
        payRateCents: 6_000,
        weeklyHours: 20,
        createdBy: company.user.id,
      });
      const audits = await db()
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.targetId, assignment.id), eq(auditLogs.action, 'assignment.terms_changed')));
      expect(audits).toHaveLength(3);
      const told = await db().select().from(notifications).where(eq(notifications.userId, applicant.user.id));
      expect(told.some((note) => note.body === `From ${later}: $60.00 an hour, 20 hours a week.`)).toBe(true);
    });

    it('keeps approved weeks on the terms they were approved under', async () => {
      const assignment = await newAssignment({ startDate: addDays(today(), -60) });
      const approvedWeek = addDays(weekStartOf(today()), -14);
      await buildTimesheet(db(), { assignmentId: assignment.id, weekStart: approvedWeek, status: 'approved' });
      const lastDay = addDays(approvedWeek, 6);
      const refused = await change(assignment.id, { rate_cents: 7_000, effective_date: addDays(approvedWeek, 3) });
      expect(refused.statusCode).toBe(409);
      expect(refused.error?.error).toBe(
        `Hours up to ${lastDay} are approved already; a change can take effect from ${addDays(lastDay, 1)} on.`,
      );
      expect((await change(assignment.id, { rate_cents: 7_000, effective_date: addDays(lastDay, 1) })).statusCode).toBe(
        200,
      );
    });

    it('moves no rate under hours already logged or submitted', async () => {
      const assignment = await newAssignment({ startDate: addDays(today(), -60), rateCents: 5_000 });
      const week = addDays(weekStartOf(today()), -14);
      const [monday, tuesday, wednesday] = [1, 2, 3].map((offset) => addDays(week, offset)) as [string, string, string];
      const submitted = await buildTimesheet(db(), {
        assignmentId: assignment.id,
        weekStart: week,
        status: 'submitted',
        minutes: { [monday]: 480, [tuesday]: 480, [wednesday]: 240 },
      });
      // Backdated over the submitted days: refused, naming the first day it can take effect.
      for (const day of [monday, wednesday]) {
        const refused = await change(assignment.id, { rate_cents: 2_500, effective_date: day });
        expect(refused.statusCode).toBe(409);
        expect(refused.error?.error).toBe(
          `Hours are logged up to ${wednesday} at the current terms; a change can take effect from ${addDays(wednesday, 1)} on.`,
        );
      }
      // Hours still being logged (an open week) count too.
      const openWeek = weekStartOf(today());
      const loggedDay = addDays(openWeek, -7 + 5);
      await buildTimesheet(db(), {
        assignmentId: assignment.id,
        weekStart: addDays(openWeek, -7),
        minutes: { [loggedDay]: 60 },
      });
      expect(
        (await change(assignment.id, { rate_cents: 2_500, effective_date: addDays(loggedDay, -1) })).statusCode,
      ).toBe(409);
      expect(
        (await change(assignment.id, { rate_cents: 2_500, effective_date: addDays(loggedDay, 1) })).statusCode,
      ).toBe(200);

      // The submitted week is approved at the rate it was worked under.
      const approved = await company.call(workContract.approveTimesheet, { params: { id: submitted.id }, body: {} });
      expect(approved.statusCode, approved.error?.error).toBe(200);
      const [row] = await db().select().from(timesheets).where(eq(timesheets.id, submitted.id));
      expect(row?.talentPayCents).toBe(5_000 * 20);
    });

    it('says what is wrong with a change', async () => {
      const startDate = addDays(today(), -3);
      const assignment = await newAssignment({ startDate });
      const early = await change(assignment.id, { rate_cents: 6_000, effective_date: addDays(startDate, -1) });
      expect(early.statusCode).toBe(400);
      expect(early.error?.error).toBe(`A change cannot take effect before the assignment starts on ${startDate}.`);
      const nothing = await change(assignment.id, { effective_date: today() });
      expect(nothing.statusCode).toBe(400);
      expect(nothing.error?.error).toContain('Change the rate, the weekly hours, or both.');
      const tooMany = await change(assignment.id, { weekly_hours: 61, effective_date: today() });
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.error?.fields).toEqual({ weekly_hours: 'Weekly hours must be between 1 and 60.' });
      expect(
        (await change(assignment.id, { rate_cents: 6_000, effective_date: today() }, otherCompany)).statusCode,
      ).toBe(404);
      const byAdmin = await admin.call(workContract.changeAdminAssignmentTerms, {
        params: { id: assignment.id },
        body: { weekly_hours: 30, effective_date: today() },
      });
      expect(byAdmin.statusCode, byAdmin.error?.error).toBe(200);
      expect(byAdmin.body.weekly_hours).toBe(30);
    });

    it('adds the first row for an assignment written without terms, so earlier days keep its rate', async () => {
      const startDate = addDays(today(), -20);
      const [bare] = await db()
        .insert(assignments)
        .values({
          companyId: company.companyId,
          applicantId: applicant.user.id,
          role: 'Legacy',
          rateCents: 3_000,
          weeklyHours: 20,
          startDate,
          status: 'active',
        })
        .returning();
      if (!bare) throw new Error('no assignment');
      const response = await change(bare.id, { rate_cents: 3_300, effective_date: today() });
      expect(response.body.terms).toEqual([
        { rate_cents: 3_000, weekly_hours: 20, effective_date: startDate },
        { rate_cents: 3_300, weekly_hours: 20, effective_date: today() },
      ]);
    });
  });

  describe('the rate in effect on a day', () => {
    const history: TermsRow[] = [
      { rateCents: 5_000, payRateCents: 4_000, weeklyHours: 40, effectiveDate: '2026-01-05' },
      { rateCents: 5_500, payRateCents: 4_400, weeklyHours: 30, effectiveDate: '2026-03-01' },
      { rateCents: 6_000, payRateCents: 4_800, weeklyHours: 30, effectiveDate: '2026-06-15' },
    ];

    it('is the latest change on or before the day', () => {
      expect(termsOnDay(history, '2026-01-05').rateCents).toBe(5_000);
      expect(termsOnDay(history, '2026-02-28').rateCents).toBe(5_000);
      expect(termsOnDay(history, '2026-03-01').rateCents).toBe(5_500);
      expect(termsOnDay(history, '2026-06-14').payRateCents).toBe(4_400);
      expect(termsOnDay(history, '2027-01-01').rateCents).toBe(6_000);
      // Before the first: the hire's own terms.
      expect(termsOnDay(history, '2025-12-31').rateCents).toBe(5_000);
    });

    it('falls back to the assignment’s own rate when no terms were recorded', () => {
      expect(termsHistoryOf({ rateCents: 2_500, weeklyHours: 10, startDate: '2026-02-02' }, [])).toEqual([
        { rateCents: 2_500, payRateCents: 2_500, weeklyHours: 10, effectiveDate: '2026-02-02' },
      ]);
      expect(termsHistoryOf({ rateCents: 1, weeklyHours: 1, startDate: '2026-01-01' }, [...history].reverse())).toEqual(
        history,
      );
    });
  });

  describe('lists', () => {
    it('shows the company its own, the talent theirs and an administrator all, by status, a page at a time', async () => {
      const mine = await newAssignment({ status: 'pending', startDate: addDays(today(), 30) });
      const theirs = await buildAssignment(db(), {
        companyId: otherCompany.companyId,
        applicantId: otherApplicant.user.id,
        startDate: addDays(today(), 31),
        status: 'pending',
      });
      const ids = (body: { items: Assignment[] }) => body.items.map((item) => item.id);

      const companyList = (await company.call(workContract.companyAssignments, { query: { page_size: 100 } })).body;
      expect(ids(companyList)).toContain(mine.id);
      expect(ids(companyList)).not.toContain(theirs.id);
      expect(companyList.items.every((item) => item.company_id === company.companyId)).toBe(true);

      const talentList = (await applicant.call(workContract.applicantAssignments, { query: { page_size: 100 } })).body;
      expect(ids(talentList)).toContain(mine.id);
      expect(talentList.items.every((item) => item.applicant_id === applicant.user.id)).toBe(true);
      expect(ids((await otherApplicant.call(workContract.applicantAssignments)).body)).toEqual([theirs.id]);

      const adminList = (
        await admin.call(workContract.adminAssignments, { query: { status: 'pending', page_size: 100 } })
      ).body;
      expect(ids(adminList)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
      expect(adminList.items.every((item) => item.status === 'pending')).toBe(true);

      const firstPage = (await company.call(workContract.companyAssignments, { query: { page_size: 2, page: 1 } }))
        .body;
      const secondPage = (await company.call(workContract.companyAssignments, { query: { page_size: 2, page: 2 } }))
        .body;
      expect(firstPage).toMatchObject({ page: 1, page_size: 2, total: companyList.total });
      expect(firstPage.items).toHaveLength(2);
      expect(ids(secondPage).some((id) => ids(firstPage).includes(id))).toBe(false);

      // A status the contract does not know, sent as it is.
      const unknown = await company.callUnchecked(workContract.companyAssignments, { query: { status: 'paused' } });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.error?.fields).toEqual({ status: 'Unknown assignment status.' });
      // The talent's list is theirs alone: a company account is refused it.
      expect((await company.call(workContract.applicantAssignments)).statusCode).toBe(403);
      expect((await applicant.call(workContract.companyAssignments)).statusCode).toBe(403);
    });
  });
});
