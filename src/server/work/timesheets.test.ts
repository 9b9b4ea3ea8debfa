import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SaveTimesheetInput, type Timesheet, timesheetEntryTexts, workTexts } from '~/shared/billing';
import type { BodyOf, QueryOf } from '~/shared/contract';
import { workContract } from '~/shared/contracts/work';
import { assignmentTerms, auditLogs, notifications, timesheets } from '../db/schema';
import { talentPayCents } from '../kernels/work/assignment-terms';
import { addDays, daysOfWeek, todayOf, weekStartOf } from '../platform/work-calendar';
import { signedInAccount } from '../testing/auth-helpers';
import { type Account, companyAccount } from '../testing/job-board-test-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';
import { buildAssignment, buildTimesheet } from '../testing/work-factories';

type CompanyAccount = Account & { companyId: string };
type Entries = SaveTimesheetInput['entries'];

const today = () => todayOf(new Date());
// The week before this one: every day of it is over.
const lastWeek = () => addDays(weekStartOf(today()), -7);
const day = (weekStart: string, index: number) => addDays(weekStart, index);

// Timesheets: a week named by its Sunday, the talent's days, submit, the company's
// approval (with the hours over the agreement) or return, the lock, talent pay, and who sees which.
describe('timesheets', () => {
  let testApp: TestApp;
  let company: CompanyAccount;
  let otherCompany: CompanyAccount;
  let talent: Account;
  let otherTalent: Account;

  beforeAll(async () => {
    testApp = await createTestApp();
    company = await companyAccount(testApp, 'Acme Hours');
    otherCompany = await companyAccount(testApp, 'Elsewhere Ltd');
    talent = await signedInAccount(testApp, { role: 'applicant', name: 'Tom Timesheet' });
    otherTalent = await signedInAccount(testApp, { role: 'applicant' });
  });
  afterAll(async () => {
    await testApp.close();
  });

  const db = () => testApp.database.db;
  const newAssignment = (overrides: Partial<Parameters<typeof buildAssignment>[1]> = {}) =>
    buildAssignment(db(), {
      companyId: company.companyId,
      applicantId: talent.user.id,
      startDate: addDays(today(), -60),
      role: 'Support Agent',
      ...overrides,
    });
  const weekParams = (assignmentId: string, weekStart: string) => ({
    params: { assignment_id: assignmentId, week_start: weekStart },
  });
  const getWeek = (assignmentId: string, weekStart: string, account: Account = talent) =>
    account.call(workContract.week, weekParams(assignmentId, weekStart));
  const save = (assignmentId: string, weekStart: string, entries: Entries, account: Account = talent) =>
    account.call(workContract.saveWeek, { ...weekParams(assignmentId, weekStart), body: { entries } });
  const submit = (assignmentId: string, weekStart: string, account: Account = talent) =>
    account.call(workContract.submitWeek, weekParams(assignmentId, weekStart));
  const approve = (id: string, body: BodyOf<typeof workContract.approveTimesheet> = {}, account: Account = company) =>
    account.call(workContract.approveTimesheet, { params: { id }, body });
  const giveBack = (id: string, comment: string, account: Account = company) =>
    account.call(workContract.returnTimesheet, { params: { id }, body: { comment } });
  // A saved week's id (null only for a week nothing was saved in).
  const idOf = (week: { id: string | null } | undefined) => {
    if (!week?.id) throw new Error('The week was not saved.');
    return week.id;
  };
  const workdays = (weekStart: string, minutes: number) =>
    [1, 2, 3, 4, 5].map((index) => ({ work_date: day(weekStart, index), minutes }));

  describe('a week', () => {
    it('shows a week nothing was saved in as open and empty, seven days from Sunday', async () => {
      const assignment = await newAssignment();
      const response = await getWeek(assignment.id, lastWeek());
      expect(response.statusCode, response.error?.error).toBe(200);
      expect(response.body).toEqual({
        id: null,
        assignment_id: assignment.id,
        company_name: 'Acme Hours',
        applicant_name: 'Tom Timesheet',
        role: 'Support Agent',
        week_start: lastWeek(),
        status: 'open',
        entries: daysOfWeek(lastWeek()).map((workDate) => ({ work_date: workDate, minutes: 0, note: null })),
        total_minutes: 0,
        weekly_hours: 40,
        is_over_weekly_hours: false,
        submitted_at: null,
        approved_at: null,
        return_comment: null,
        talent_pay_cents: null,
        currency: 'USD',
        invoice_id: null,
      });
    });

    it('is named by its Sunday', async () => {
      const assignment = await newAssignment();
      for (const notSunday of [day(lastWeek(), 1), '2026-13-01', 'monday']) {
        const response = await getWeek(assignment.id, notSunday);
        expect(response.statusCode, notSunday).toBe(400);
        expect(response.error?.error, notSunday).toBe('The week must start on a Sunday.');
      }
      const put = await save(assignment.id, day(lastWeek(), 2), []);
      expect(put.error?.error).toBe('The week must start on a Sunday.');
    });

    it('saves the talent’s days, and a save replaces the week’s days', async () => {
      const assignment = await newAssignment();
      const week = lastWeek();
      const saved = await save(assignment.id, week, workdays(week, 480));
      expect(saved.statusCode, saved.error?.error).toBe(200);
      const body = saved.body;
      expect(body).toMatchObject({ status: 'open', total_minutes: 2_400, is_over_weekly_hours: false });
      expect(body.id).toEqual(expect.any(String));
      expect(body.entries.map((entry) => entry.minutes)).toEqual([0, 480, 480, 480, 480, 480, 0]);

      const replaced = await save(assignment.id, week, [{ work_date: day(week, 0), minutes: 90 }]);
      expect(replaced.body).toMatchObject({ id: body.id, total_minutes: 90 });
      expect(replaced.body.entries.map((entry) => entry.minutes)).toEqual([90, 0, 0, 0, 0, 0, 0]);
      expect((await getWeek(assignment.id, week)).body).toEqual(replaced.body);
    });

    it('keeps a note per worked day for the company, and refuses one on a day without hours or too long', async () => {
      const assignment = await newAssignment();
      const week = lastWeek();
      const saved = await save(assignment.id, week, [
        { work_date: day(week, 1), minutes: 480, note: '  Closed 40 tickets; wrote the refund macro.  ' },
        { work_date: day(week, 2), minutes: 240, note: '' },
      ]);
      expect(saved.statusCode, saved.error?.error).toBe(200);
      expect(saved.body.entries.map((entry) => entry.note)).toEqual([
        null,
        'Closed 40 tickets; wrote the refund macro.',
        null,
        null,
        null,
        null,
        null,
      ]);
      // The company reviewing the week reads them.
      expect((await submit(assignment.id, week)).statusCode).toBe(200);
      const listed = await company.call(workContract.companyTimesheets, { query: { status: 'submitted' } });
      const reviewed = listed.body.items.find((item) => item.assignment_id === assignment.id);
      expect(reviewed?.entries[1]?.note).toBe('Closed 40 tickets; wrote the refund macro.');

      const other = await newAssignment();
      const noHours = await save(other.id, week, [{ work_date: day(week, 3), minutes: 0, note: 'Read the wiki' }]);
      expect(noHours.statusCode).toBe(400);
      expect(noHours.error?.fields).toEqual({ 'entries.0.note': workTexts.noteWithoutHours(day(week, 3)) });
      const tooLong = await save(other.id, week, [{ work_date: day(week, 3), minutes: 60, note: 'x'.repeat(501) }]);
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.error?.fields).toEqual({ 'entries.0.note': 'Keep a day’s note under 500 characters.' });
      expect((await getWeek(other.id, week)).body.id).toBeNull();
    });

    it('refuses hours that are not a number of minutes with a sentence per day, and keeps the week', async () => {
      const assignment = await newAssignment();
      const week = lastWeek();
      await save(assignment.id, week, [{ work_date: day(week, 1), minutes: 120 }]);
      const cases: Array<[unknown, string, string]> = [
        [[{ work_date: day(week, 1), minutes: 'abc' }], 'entries.0.minutes', timesheetEntryTexts.minutesNotANumber],
        [[{ work_date: day(week, 1), minutes: '25:00' }], 'entries.0.minutes', timesheetEntryTexts.minutesNotANumber],
        [[{ work_date: day(week, 1), minutes: null }], 'entries.0.minutes', timesheetEntryTexts.minutesNotANumber],
        [[{ work_date: day(week, 1), minutes: -1 }], 'entries.0.minutes', 'Hours cannot be negative.'],
        [[{ work_date: day(week, 1), minutes: 1_500 }], 'entries.0.minutes', 'A day has at most 24 hours.'],
        [[{ work_date: day(week, 1) }], 'entries.0.minutes', timesheetEntryTexts.minutesNotANumber],
        [['abc'], 'entries.0', timesheetEntryTexts.entryNotADay],
        ['abc', 'entries', timesheetEntryTexts.entriesNotAList],
      ];
      for (const [entries, field, message] of cases) {
        // Sent as they are, whatever the contract's types allow.
        const response = await talent.callUnchecked(workContract.saveWeek, {
          ...weekParams(assignment.id, week),
          body: { entries },
        });
        expect(response.statusCode, message).toBe(400);
        expect(response.error, JSON.stringify(entries)).toMatchObject({
          error: `${field}: ${message}`,
          code: 'validation',
          fields: { [field]: message },
        });
      }
      // None of them changed the saved week.
      expect((await getWeek(assignment.id, week)).body).toMatchObject({ total_minutes: 120 });
    });

    it('refuses days outside the week, the assignment or the past, each with a sentence', async () => {
      const startDate = day(lastWeek(), 3);
      const endDate = day(lastWeek(), 5);
      const assignment = await newAssignment({ startDate, endDate, status: 'ended', endReason: 'Short job' });
      const week = lastWeek();
      const cases: Array<[Entries, string]> = [
        [[{ work_date: day(week, 7), minutes: 60 }], `${day(week, 7)} is not in the week starting ${week}.`],
        [
          [{ work_date: day(week, 2), minutes: 60 }],
          `${day(week, 2)} is before the assignment starts on ${startDate}; no hours can be logged on it.`,
        ],
        [
          [{ work_date: day(week, 6), minutes: 60 }],
          `${day(week, 6)} is after the assignment ended on ${endDate}; no hours can be logged on it.`,
        ],
        [
          [
            { work_date: day(week, 4), minutes: 60 },
            { work_date: day(week, 4), minutes: 30 },
          ],
          `${day(week, 4)} is listed twice.`,
        ],
        [[{ work_date: '2026-02-30', minutes: 60 }], 'The work date is not a real day.'],
      ];
      for (const [entries, message] of cases) {
        const response = await save(assignment.id, week, entries);
        expect(response.statusCode, message).toBe(400);
        expect(response.error?.error, message).toBe(message);
      }
      // An ended assignment still takes the hours of its last days.
      const lastDays = await save(assignment.id, week, [
        { work_date: startDate, minutes: 60 },
        { work_date: endDate, minutes: 30 },
      ]);
      expect(lastDays.statusCode, lastDays.error?.error).toBe(200);

      const active = await newAssignment();
      const nextWeek = addDays(weekStartOf(today()), 7);
      const future = await save(active.id, nextWeek, [{ work_date: day(nextWeek, 6), minutes: 60 }]);
      expect(future.statusCode).toBe(400);
      expect(future.error?.error).toBe(`${day(nextWeek, 6)} has not happened yet; log hours once they are worked.`);
      const tooLong = await save(active.id, lastWeek(), [{ work_date: day(lastWeek(), 1), minutes: 1_441 }]);
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.error?.error).toContain('A day has at most 24 hours.');
      const pending = await newAssignment({ status: 'pending', startDate: addDays(today(), 10) });
      const notStarted = await save(pending.id, lastWeek(), []);
      expect(notStarted.statusCode).toBe(409);
      expect(notStarted.error?.error).toBe(workTexts.notStartedNoTime);
    });
  });

  describe('submitting, returning and approving', () => {
    it('walks a week from open to approved, locked, with the talent’s pay', async () => {
      const assignment = await newAssignment({ rateCents: 4_500 });
      const week = lastWeek();
      const empty = await submit(assignment.id, week);
      expect(empty.statusCode).toBe(409);
      expect(empty.error?.error).toBe(workTexts.submitNeedsHours);
      await save(assignment.id, week, workdays(week, 450));

      const submitted = await submit(assignment.id, week);
      expect(submitted.statusCode, submitted.error?.error).toBe(200);
      expect(submitted.body).toMatchObject({ status: 'submitted', total_minutes: 2_250 });
      expect(submitted.body.submitted_at).toEqual(expect.any(String));
      const id = idOf(submitted.body);
      const companyNotes = await db().select().from(notifications).where(eq(notifications.userId, company.user.id));
      expect(
        companyNotes.some(
          (note) => note.type === 'timesheet_submitted' && note.title === `Tom Timesheet submitted the week of ${week}`,
        ),
      ).toBe(true);

      const edit = await save(assignment.id, week, workdays(week, 60));
      expect(edit.statusCode).toBe(409);
      expect(edit.error?.error).toBe('This week has been submitted and can no longer be changed.');
      const twice = await submit(assignment.id, week);
      expect(twice.error?.error).toBe(workTexts.weekAlreadySubmitted);

      // Returned with a comment: editable again, then submitted again.
      const noComment = await giveBack(id, ' ');
      expect(noComment.statusCode).toBe(400);
      expect(noComment.error?.fields).toEqual({ comment: 'Please say what needs changing.' });
      const returned = await giveBack(id, 'Friday was a public holiday.');
      expect(returned.statusCode, returned.error?.error).toBe(200);
      expect(returned.body).toMatchObject({ status: 'returned', return_comment: 'Friday was a public holiday.' });
      const talentNotes = await db().select().from(notifications).where(eq(notifications.userId, talent.user.id));
      expect(
        talentNotes.some(
          (note) => note.type === 'timesheet_reviewed' && note.title === `Your week of ${week} was returned`,
        ),
      ).toBe(true);
      const notSubmitted = await approve(id);
      expect(notSubmitted.statusCode).toBe(409);
      expect(notSubmitted.error?.error).toBe(workTexts.approveNeedsSubmitted);
      expect((await giveBack(id, 'Again')).error?.error).toBe(workTexts.returnNeedsSubmitted);
      const fixed = await save(assignment.id, week, workdays(week, 450).slice(0, 4));
      expect(fixed.body).toMatchObject({ status: 'returned', total_minutes: 1_800 });
      expect((await submit(assignment.id, week)).body.status).toBe('submitted');

      const approved = await approve(id);
      expect(approved.statusCode, approved.error?.error).toBe(200);
      // 30 hours at $45.00.
      expect(approved.body).toMatchObject({ status: 'approved', total_minutes: 1_800, talent_pay_cents: 135_000 });
      expect(approved.body.approved_at).toEqual(expect.any(String));
      const [row] = await db().select().from(timesheets).where(eq(timesheets.id, id));
      expect(row).toMatchObject({ approvedBy: company.user.id, overWeeklyHoursApproved: false });
      const actions = await db().select({ action: auditLogs.action }).from(auditLogs).where(eq(auditLogs.targetId, id));
      expect(actions.map((entry) => entry.action).sort()).toEqual([
        'timesheet.approved',
        'timesheet.returned',
        'timesheet.submitted',
        'timesheet.submitted',
      ]);

      const again = await approve(id);
      expect(again.statusCode).toBe(409);
      expect(again.error?.error).toBe('This week has already been approved.');
      const locked = await save(assignment.id, week, workdays(week, 60));
      expect(locked.statusCode).toBe(409);
      expect(locked.error?.error).toBe('This week has been approved and is locked.');
      expect((await submit(assignment.id, week)).error?.error).toBe(workTexts.weekApproved);
      expect((await giveBack(id, 'Too late')).error?.error).toBe(workTexts.weekApproved);
    });

    it('needs the company to approve hours over the weekly hours explicitly', async () => {
      const assignment = await newAssignment({ weeklyHours: 10 });
      const week = lastWeek();
      const saved = await save(assignment.id, week, [
        { work_date: day(week, 1), minutes: 330 },
        { work_date: day(week, 2), minutes: 330 },
      ]);
      expect(saved.body).toMatchObject({ total_minutes: 660, weekly_hours: 10, is_over_weekly_hours: true });
      const id = idOf((await submit(assignment.id, week)).body);
      const refused = await approve(id);
      expect(refused.statusCode).toBe(409);
      expect(refused.error?.error).toBe(
        'This week has 11 hours, more than the 10 agreed; approve the extra hours explicitly.',
      );
      expect((await approve(id, { approve_over_weekly_hours: false })).statusCode).toBe(409);
      const approved = await approve(id, { approve_over_weekly_hours: true });
      expect(approved.statusCode, approved.error?.error).toBe(200);
      const [row] = await db().select().from(timesheets).where(eq(timesheets.id, id));
      expect(row).toMatchObject({ status: 'approved', overWeeklyHoursApproved: true });
    });

    it('approves several weeks at once, each on its own, leaving a week over its hours for its own review', async () => {
      const week = lastWeek();
      const earlier = addDays(week, -7);
      const within = await newAssignment({ weeklyHours: 40 });
      await save(within.id, week, workdays(week, 300));
      const first = idOf((await submit(within.id, week)).body);
      await save(within.id, earlier, workdays(earlier, 300));
      const second = idOf((await submit(within.id, earlier)).body);
      const over = await newAssignment({ weeklyHours: 10 });
      await save(over.id, week, workdays(week, 300));
      const overWeek = idOf((await submit(over.id, week)).body);
      // Another company's week, its own people (the shared ones are kept without weeks for the test below).
      const thirdCompany = await companyAccount(testApp, 'Third Hours Ltd');
      const thirdTalent = await signedInAccount(testApp, { role: 'applicant' });
      const elsewhere = await buildAssignment(db(), {
        companyId: thirdCompany.companyId,
        applicantId: thirdTalent.user.id,
        startDate: addDays(today(), -60),
        role: 'Support Agent',
      });
      await save(elsewhere.id, week, workdays(week, 60), thirdTalent);
      const theirs = idOf((await submit(elsewhere.id, week, thirdTalent)).body);

      const approveMany = (ids: string[], account: Account = company) =>
        account.call(workContract.approveTimesheets, { body: { ids } });
      expect((await approveMany([first], talent)).statusCode).toBe(403);
      const empty = await approveMany([]);
      expect(empty.statusCode).toBe(400);
      expect(empty.error?.fields).toEqual({ ids: workTexts.selectWeek });

      const response = await approveMany([first, second, overWeek, theirs, first]);
      expect(response.statusCode, response.error?.error).toBe(200);
      expect(response.body).toEqual({
        approved: 2,
        results: [
          { id: first, outcome: 'approved' },
          { id: second, outcome: 'approved' },
          {
            id: overWeek,
            outcome: 'skipped',
            error: 'This week has 25 hours, more than the 10 agreed; approve the extra hours explicitly.',
          },
          { id: theirs, outcome: 'not_found' },
        ],
      });
      const rows = await db()
        .select()
        .from(timesheets)
        .where(inArray(timesheets.id, [first, second, overWeek, theirs]));
      const statusOf = (id: string) => rows.find((row) => row.id === id)?.status;
      expect([statusOf(first), statusOf(second), statusOf(overWeek), statusOf(theirs)]).toEqual([
        'approved',
        'approved',
        'submitted',
        'submitted',
      ]);
      expect(rows.find((row) => row.id === first)?.talentPayCents).toBeGreaterThan(0);
    });

    it('pays each day at the pay rate in effect that day, rounded half up per day', async () => {
      const week = lastWeek();
      const assignment = await newAssignment({ rateCents: 1_500, payRateCents: 1_234 });
      // A raise from Wednesday (pay follows the rate from then on).
      await db()
        .insert(assignmentTerms)
        .values({
          assignmentId: assignment.id,
          rateCents: 2_001,
          payRateCents: 2_001,
          weeklyHours: 40,
          effectiveDate: day(week, 3),
        });
      await save(assignment.id, week, [
        // 7 minutes at $12.34: 143.97 cents → 144.
        { work_date: day(week, 1), minutes: 7 },
        // 1 minute at $20.01: 33.35 cents → 33.
        { work_date: day(week, 3), minutes: 1 },
        // 30 minutes at $20.01: 1000.5 cents → 1001 (half up).
        { work_date: day(week, 4), minutes: 30 },
      ]);
      const id = idOf((await submit(assignment.id, week)).body);
      const approved = await approve(id);
      expect(approved.body.talent_pay_cents).toBe(144 + 33 + 1_001);
    });

    it('adds up talent pay from the terms history alone', () => {
      const history = [
        { rateCents: 5_000, payRateCents: 3_000, weeklyHours: 40, effectiveDate: '2026-01-01' },
        { rateCents: 5_000, payRateCents: 3_333, weeklyHours: 40, effectiveDate: '2026-01-07' },
      ];
      expect(
        talentPayCents(
          [
            { workDate: '2026-01-06', minutes: 61 },
            { workDate: '2026-01-07', minutes: 61 },
          ],
          history,
        ),
      ).toBe(3_050 + 3_389);
      expect(talentPayCents([], history)).toBe(0);
    });

    it('refuses to submit while a shift runs into the week', async () => {
      const assignment = await newAssignment();
      const week = weekStartOf(today());
      await save(assignment.id, week, [{ work_date: today(), minutes: 60 }]);
      expect((await talent.call(workContract.clockIn, { params: { id: assignment.id } })).statusCode).toBe(200);
      const refused = await submit(assignment.id, week);
      expect(refused.statusCode).toBe(409);
      expect(refused.error?.error).toBe(workTexts.submitWhileClockedIn);
    });
  });

  describe('who sees which week', () => {
    it('keeps each talent to their own weeks and each company to its assignments’', async () => {
      const assignment = await newAssignment();
      const week = lastWeek();
      await save(assignment.id, week, workdays(week, 60));
      const id = idOf((await submit(assignment.id, week)).body);

      for (const response of [
        await getWeek(assignment.id, week, otherTalent),
        await save(assignment.id, week, workdays(week, 60), otherTalent),
        await submit(assignment.id, week, otherTalent),
      ]) {
        expect(response.statusCode).toBe(404);
        expect(response.error?.error).toBe(workTexts.assignmentNotFound);
      }
      for (const response of [await approve(id, {}, otherCompany), await giveBack(id, 'Not mine', otherCompany)]) {
        expect(response.statusCode).toBe(404);
        expect(response.error?.error).toBe(workTexts.timesheetNotFound);
      }
      // The company's and the talent's own routes are not each other's.
      expect((await getWeek(assignment.id, week, company)).statusCode).toBe(403);
      expect((await approve(id, {}, talent)).statusCode).toBe(403);

      const ids = (answer: { body: { items: Timesheet[] } }) => answer.body.items.map((item) => item.id);
      const ofCompany = (account: Account, query: QueryOf<typeof workContract.companyTimesheets> = {}) =>
        account.call(workContract.companyTimesheets, { query });
      const ofTalent = (account: Account, query: QueryOf<typeof workContract.applicantTimesheets> = {}) =>
        account.call(workContract.applicantTimesheets, { query });
      expect(ids(await ofCompany(company, { page_size: 100 }))).toContain(id);
      expect(ids(await ofCompany(otherCompany))).toEqual([]);
      expect(ids(await ofTalent(talent, { page_size: 100 }))).toContain(id);
      expect(ids(await ofTalent(otherTalent))).toEqual([]);

      const submittedOnly = await ofCompany(company, { status: 'submitted', assignment_id: assignment.id });
      expect(submittedOnly.body).toMatchObject({ total: 1, items: [{ id, status: 'submitted', week_start: week }] });
      const approvedOnly = await ofCompany(company, { status: 'approved', assignment_id: assignment.id });
      expect(approvedOnly.body.total).toBe(0);
      const badId = await ofTalent(talent, { assignment_id: 'nope' });
      expect(badId.statusCode).toBe(400);
      expect(badId.error?.fields).toEqual({ assignment_id: 'That assignment id is not valid.' });
    });

    it('lists the newest week first, a page at a time', async () => {
      const assignment = await newAssignment();
      const weeks = [1, 2, 3].map((back) => addDays(weekStartOf(today()), -7 * back));
      for (const weekStart of weeks) await buildTimesheet(db(), { assignmentId: assignment.id, weekStart });
      const query = { assignment_id: assignment.id, page_size: 2 };
      const first = (await talent.call(workContract.applicantTimesheets, { query })).body;
      const second = (await talent.call(workContract.applicantTimesheets, { query: { ...query, page: 2 } })).body;
      expect(first.total).toBe(3);
      expect([...first.items, ...second.items].map((item) => item.week_start)).toEqual(weeks);
      const [row] = await db()
        .select()
        .from(timesheets)
        .where(and(eq(timesheets.assignmentId, assignment.id), eq(timesheets.weekStart, weeks[0] ?? '')));
      expect(row?.status).toBe('open');
    });

    it('lists the company’s weeks newest first, by role within a week, filtered and counted', async () => {
      const companyName = `Role Order ${Date.now()}`;
      const own = await companyAccount(testApp, companyName);
      const [lastWeek, weekBefore] = [1, 2].map((back) => addDays(weekStartOf(today()), -7 * back));
      const writer = await newAssignment({ companyId: own.companyId, role: 'Writer' });
      const analyst = await newAssignment({ companyId: own.companyId, role: 'Analyst' });
      await buildTimesheet(db(), { assignmentId: writer.id, weekStart: lastWeek ?? '', status: 'submitted' });
      await buildTimesheet(db(), { assignmentId: analyst.id, weekStart: lastWeek ?? '' });
      await buildTimesheet(db(), { assignmentId: writer.id, weekStart: weekBefore ?? '', status: 'submitted' });
      const list = async (query: QueryOf<typeof workContract.companyTimesheets> = {}) =>
        (await own.call(workContract.companyTimesheets, { query })).body;

      const all = await list({ page_size: 2 });
      expect(all.total).toBe(3);
      expect(all.items.map((item) => [item.week_start, item.role])).toEqual([
        [lastWeek, 'Analyst'],
        [lastWeek, 'Writer'],
      ]);
      const submitted = await list({ status: 'submitted' });
      expect(submitted.total).toBe(2);
      expect(submitted.items.map((item) => [item.week_start, item.role])).toEqual([
        [lastWeek, 'Writer'],
        [weekBefore, 'Writer'],
      ]);
      expect((await list({ assignment_id: analyst.id })).total).toBe(1);
      // Another company's weeks are not counted.
      expect((await list()).items.every((item) => item.company_name === companyName)).toBe(true);
    });
  });
});
