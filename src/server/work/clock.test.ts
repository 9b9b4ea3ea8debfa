import { and, eq, isNull } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workTexts } from '~/shared/billing';
import { workContract } from '~/shared/contracts/work';
import { assignments, clockSessions, timeEntries, timesheets } from '../db/schema';
import { addDays, startOfDay, todayOf, weekStartOf } from '../platform/work-calendar';
import { signedInAccount } from '../testing/auth-helpers';
import { type Account, companyAccount } from '../testing/job-board-test-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';
import { buildAssignment, buildTimesheet } from '../testing/work-factories';
import { takeBreak } from './clock-break';
import { clockIn } from './clock-in';
import { splitShiftMinutes } from './clock-minutes';
import { clockOut } from './clock-out';
import { resumeShift } from './resume-shift';

type CompanyAccount = Account & { companyId: string };

const MINUTE_MS = 60_000;
const today = () => todayOf(new Date());
const at = (day: string, hours: number, minutes = 0) =>
  new Date(startOfDay(day).getTime() + (hours * 60 + minutes) * MINUTE_MS);

describe('splitting a shift over days', () => {
  it('gives each day its minutes, and takes the breaks off in proportion', () => {
    expect(
      splitShiftMinutes({
        clockedInAt: at('2026-11-16', 9),
        clockedOutAt: at('2026-11-16', 17, 30),
        breakMinutes: 30,
      }),
    ).toEqual([{ workDate: '2026-11-16', minutes: 480 }]);
    // Saturday 22:00 to Sunday 01:30 (UTC): 120 + 90 minutes, less a 30-minute break split 17/13.
    expect(
      splitShiftMinutes({
        clockedInAt: at('2026-11-21', 22),
        clockedOutAt: at('2026-11-22', 1, 30),
        breakMinutes: 30,
      }),
    ).toEqual([
      { workDate: '2026-11-21', minutes: 103 },
      { workDate: '2026-11-22', minutes: 77 },
    ]);
    expect(
      splitShiftMinutes({ clockedInAt: at('2026-11-16', 9), clockedOutAt: at('2026-11-16', 9), breakMinutes: 0 }),
    ).toEqual([]);
  });

  it('always adds up to the shift less its breaks, whatever the times', () => {
    const start = Date.UTC(2026, 0, 1);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 365 * 24 * 60 * 60 }),
        fc.integer({ min: 0, max: 3 * 24 * 60 * 60 }),
        fc.integer({ min: 0, max: 5_000 }),
        (inSeconds, lengthSeconds, breakMinutes) => {
          const clockedInAt = new Date(start + inSeconds * 1000);
          const clockedOutAt = new Date(clockedInAt.getTime() + lengthSeconds * 1000);
          const days = splitShiftMinutes({ clockedInAt, clockedOutAt, breakMinutes });
          const gross = Math.floor(lengthSeconds / 60);
          const total = days.reduce((sum, entry) => sum + entry.minutes, 0);
          expect(total).toBe(gross - Math.min(breakMinutes, gross));
          for (const entry of days) {
            expect(entry.minutes).toBeGreaterThan(0);
            expect(entry.minutes).toBeLessThanOrEqual(1_440);
          }
          expect(new Set(days.map((entry) => entry.workDate)).size).toBe(days.length);
        },
      ),
    );
  });
});

// The clock: in, break, resume, out; the minutes it writes on the timesheet; the
// presence it shows; and what it refuses.
describe('the clock', () => {
  let testApp: TestApp;
  let company: CompanyAccount;
  let talent: Account;
  let otherTalent: Account;

  beforeAll(async () => {
    testApp = await createTestApp();
    company = await companyAccount(testApp, 'Clockwork Inc');
    talent = await signedInAccount(testApp, { role: 'applicant' });
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
      ...overrides,
    });
  const clockMoves = {
    in: workContract.clockIn,
    break: workContract.clockBreak,
    resume: workContract.clockResume,
    out: workContract.clockOut,
  } as const;
  const clock = (assignmentId: string, action: keyof typeof clockMoves, account: Account = talent) =>
    account.call(clockMoves[action], { params: { id: assignmentId } });
  const minutesOn = async (assignmentId: string, workDate: string) => {
    const [entry] = await db()
      .select({ minutes: timeEntries.minutes })
      .from(timeEntries)
      .innerJoin(timesheets, eq(timesheets.id, timeEntries.timesheetId))
      .where(and(eq(timesheets.assignmentId, assignmentId), eq(timeEntries.workDate, workDate)));
    return entry?.minutes ?? 0;
  };
  const shiftStatusOf = async (assignmentId: string) => {
    const list = await company.call(workContract.companyAssignments, { query: { page_size: 100 } });
    return list.body.items.find((item) => item.id === assignmentId)?.shift_status;
  };

  it('clocks in, takes a break, resumes and clocks out, showing the presence all along', async () => {
    const assignment = await newAssignment();
    const clockedIn = await clock(assignment.id, 'in');
    expect(clockedIn.statusCode, clockedIn.error?.error).toBe(200);
    expect(clockedIn.body).toMatchObject({
      assignment_id: assignment.id,
      shift_status: 'on_shift',
      break_started_at: null,
      worked_minutes: 0,
    });
    expect(await shiftStatusOf(assignment.id)).toBe('on_shift');
    const twice = await clock(assignment.id, 'in');
    expect(twice.statusCode).toBe(409);
    expect(twice.error?.error).toBe(workTexts.alreadyClockedIn);
    expect((await clock(assignment.id, 'resume')).error?.error).toBe(workTexts.notOnBreak);

    const onBreak = await clock(assignment.id, 'break');
    expect(onBreak.body).toMatchObject({ shift_status: 'on_break', break_started_at: expect.any(String) });
    expect(await shiftStatusOf(assignment.id)).toBe('on_break');
    expect((await clock(assignment.id, 'break')).error?.error).toBe(workTexts.alreadyOnBreak);
    const state = await talent.call(workContract.clock);
    expect(state.body.items).toContainEqual(
      expect.objectContaining({ assignment_id: assignment.id, shift_status: 'on_break' }),
    );

    expect((await clock(assignment.id, 'resume')).body.shift_status).toBe('on_shift');
    const out = await clock(assignment.id, 'out');
    expect(out.statusCode, out.error?.error).toBe(200);
    expect(out.body).toEqual({
      assignment_id: assignment.id,
      shift_status: 'offline',
      clocked_in_at: null,
      break_started_at: null,
      worked_minutes: 0,
    });
    expect(await shiftStatusOf(assignment.id)).toBe('offline');
    for (const action of ['out', 'break', 'resume'] as const) {
      const refused = await clock(assignment.id, action);
      expect(refused.statusCode, action).toBe(409);
      expect(refused.error?.error, action).toBe(workTexts.notClockedIn);
    }
  });

  it('writes the shift’s worked minutes, breaks taken off, on that day of the week’s timesheet', async () => {
    const assignment = await newAssignment();
    const workDay = addDays(weekStartOf(today()), -6);
    const moves = { db: db(), applicantId: talent.user.id, assignmentId: assignment.id };
    // Hours typed by hand that day stay; the shift adds to them.
    await buildTimesheet(db(), {
      assignmentId: assignment.id,
      weekStart: weekStartOf(workDay),
      minutes: { [workDay]: 30 },
    });
    await clockIn({ ...moves, now: at(workDay, 9) });
    const onBreak = await takeBreak({ ...moves, now: at(workDay, 12) });
    expect(onBreak.worked_minutes).toBe(180);
    const resumed = await resumeShift({ ...moves, now: at(workDay, 12, 45) });
    expect(resumed).toMatchObject({ shift_status: 'on_shift', worked_minutes: 180 });
    // A second break, still running when the talent clocks out, counts as a break too.
    await takeBreak({ ...moves, now: at(workDay, 16) });
    await clockOut({ ...moves, now: at(workDay, 16, 20) });
    // 09:00–16:20 is 440 minutes, less 45 and 20 of breaks.
    expect(await minutesOn(assignment.id, workDay)).toBe(30 + 375);
    const [shift] = await db().select().from(clockSessions).where(eq(clockSessions.assignmentId, assignment.id));
    expect(shift).toMatchObject({ breakMinutes: 65, breakStartedAt: null, clockedOutAt: at(workDay, 16, 20) });
  });

  it('splits a shift across midnight, and across weeks, in UTC', async () => {
    const assignment = await newAssignment();
    const saturday = addDays(weekStartOf(today()), -8);
    const sunday = addDays(saturday, 1);
    const moves = { db: db(), applicantId: talent.user.id, assignmentId: assignment.id };
    await clockIn({ ...moves, now: at(saturday, 22) });
    await takeBreak({ ...moves, now: at(saturday, 23, 50) });
    await resumeShift({ ...moves, now: at(sunday, 0, 20) });
    await clockOut({ ...moves, now: at(sunday, 1, 30) });
    expect(await minutesOn(assignment.id, saturday)).toBe(103);
    expect(await minutesOn(assignment.id, sunday)).toBe(77);
    const weeks = await db().select().from(timesheets).where(eq(timesheets.assignmentId, assignment.id));
    expect(weeks.map((week) => week.weekStart).sort()).toEqual([weekStartOf(saturday), sunday]);
  });

  it('refuses to write into a submitted or approved week, and keeps the shift open', async () => {
    const assignment = await newAssignment();
    const workDay = addDays(weekStartOf(today()), -5);
    const moves = { db: db(), applicantId: talent.user.id, assignmentId: assignment.id };
    await clockIn({ ...moves, now: at(workDay, 9) });
    const week = await buildTimesheet(db(), {
      assignmentId: assignment.id,
      weekStart: weekStartOf(workDay),
      status: 'submitted',
      minutes: { [workDay]: 60 },
    });
    await expect(clockOut({ ...moves, now: at(workDay, 10) })).rejects.toThrow(workTexts.weekSubmitted);
    await db().update(timesheets).set({ status: 'approved' }).where(eq(timesheets.id, week.id));
    await expect(clockOut({ ...moves, now: at(workDay, 10) })).rejects.toThrow(workTexts.weekApproved);
    expect(await minutesOn(assignment.id, workDay)).toBe(60);
    const open = await db()
      .select()
      .from(clockSessions)
      .where(and(eq(clockSessions.assignmentId, assignment.id), isNull(clockSessions.clockedOutAt)));
    expect(open).toHaveLength(1);
  });

  it('refuses to clock in to a week already handed in', async () => {
    const assignment = await newAssignment();
    await buildTimesheet(db(), { assignmentId: assignment.id, weekStart: weekStartOf(today()), status: 'submitted' });
    const refused = await clock(assignment.id, 'in');
    expect(refused.statusCode).toBe(409);
    expect(refused.error?.error).toBe(workTexts.weekSubmitted);
  });

  it('runs only on the talent’s own active assignments', async () => {
    const pending = await newAssignment({ status: 'pending', startDate: addDays(today(), 7) });
    const notStarted = await clock(pending.id, 'in');
    expect(notStarted.statusCode).toBe(409);
    expect(notStarted.error?.error).toBe(workTexts.notStartedNoTime);
    const ended = await newAssignment({ status: 'ended', endDate: addDays(today(), -1), endReason: 'Over' });
    expect((await clock(ended.id, 'in')).error?.error).toBe(workTexts.endedNoTime);

    const active = await newAssignment();
    for (const action of ['in', 'break', 'resume', 'out'] as const) {
      const foreign = await clock(active.id, action, otherTalent);
      expect(foreign.statusCode, action).toBe(404);
      expect(foreign.error?.error, action).toBe(workTexts.assignmentNotFound);
    }
    expect((await clock(active.id, 'in', company)).statusCode).toBe(403);
    const state = (await talent.call(workContract.clock)).body;
    const ids = state.items.map((item) => item.assignment_id);
    expect(ids).toContain(active.id);
    expect(ids).not.toContain(pending.id);
    expect(ids).not.toContain(ended.id);
    expect((await otherTalent.call(workContract.clock)).body).toEqual({ items: [] });
  });

  it('clocks out a running shift when the assignment ends, keeping its minutes up to the end date', async () => {
    const assignment = await newAssignment();
    const yesterday = addDays(today(), -1);
    await clockIn({ db: db(), applicantId: talent.user.id, assignmentId: assignment.id, now: at(yesterday, 10) });
    const ended = await company.call(workContract.endCompanyAssignment, {
      params: { id: assignment.id },
      body: { end_date: yesterday, reason: 'Budget cut.' },
    });
    expect(ended.statusCode, ended.error?.error).toBe(200);
    expect(ended.body).toMatchObject({ status: 'ended', shift_status: 'offline' });
    // 10:00 to midnight of the last day; nothing after it.
    expect(await minutesOn(assignment.id, yesterday)).toBe(14 * 60);
    expect(await minutesOn(assignment.id, today())).toBe(0);
    const [row] = await db().select().from(assignments).where(eq(assignments.id, assignment.id));
    expect(row?.status).toBe('ended');
  });
});
