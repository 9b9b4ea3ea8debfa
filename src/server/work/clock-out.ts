import { eq, sql } from 'drizzle-orm';
import { type ClockState, MAX_MINUTES_PER_DAY, workTexts } from '~/shared/billing';
import type { Database } from '../db/client';
import { clockSessions, timeEntries, timesheets } from '../db/schema';
import { findAssignmentFor } from '../kernels/work/assignment-views';
import { AppError } from '../platform/errors';
import { weekStartOf } from '../platform/work-calendar';
import { minutesBetween, splitShiftMinutes } from './clock-minutes';
import { type ClockSessionRow, clockStateOf, findOpenShift } from './clock-state';
import { lockWeekTimesheet, requireEditable } from './timesheet-views';

// Ends an open shift and adds its worked minutes to the days it covered, each on its week's timesheet
// (made when needed). A locked week refuses it, and nothing changes. Days after `lastDay` (an
// assignment ended on an earlier day) are not recorded: an ended assignment takes no time.
export async function closeShift({
  db,
  shift,
  now,
  lastDay,
}: {
  db: Database;
  shift: ClockSessionRow;
  now: Date;
  lastDay?: string;
}): Promise<ClockSessionRow> {
  const breakMinutes = shift.breakMinutes + (shift.breakStartedAt ? minutesBetween(shift.breakStartedAt, now) : 0);
  const days = splitShiftMinutes({ clockedInAt: shift.clockedInAt, clockedOutAt: now, breakMinutes }).filter(
    (day) => lastDay === undefined || day.workDate <= lastDay,
  );
  for (const day of days) {
    const timesheet = await lockWeekTimesheet({
      db,
      week: { assignmentId: shift.assignmentId, weekStart: weekStartOf(day.workDate) },
      now,
    });
    requireEditable(timesheet);
    // A day holds at most 24 hours (the table's check): a shift added to hours typed by hand stops there.
    await db
      .insert(timeEntries)
      .values({ timesheetId: timesheet.id, workDate: day.workDate, minutes: day.minutes, updatedAt: now })
      .onConflictDoUpdate({
        target: [timeEntries.timesheetId, timeEntries.workDate],
        set: {
          minutes: sql`least(${timeEntries.minutes} + ${day.minutes}, ${MAX_MINUTES_PER_DAY})`,
          updatedAt: now,
        },
      });
    await db.update(timesheets).set({ updatedAt: now }).where(eq(timesheets.id, timesheet.id));
  }
  const [closed] = await db
    .update(clockSessions)
    .set({ clockedOutAt: now, breakStartedAt: null, breakMinutes })
    .where(eq(clockSessions.id, shift.id))
    .returning();
  if (!closed) throw new Error('The shift was not closed.');
  return closed;
}

// The talent clocks out: the shift's minutes land on their timesheet.
export async function clockOut({
  db,
  applicantId,
  assignmentId,
  now = new Date(),
}: {
  db: Database;
  applicantId: string;
  assignmentId: string;
  now?: Date;
}): Promise<ClockState> {
  return db.transaction(async (tx) => {
    const assignment = await findAssignmentFor({
      db: tx,
      assignmentId,
      actor: { kind: 'applicant', actorId: applicantId },
      lock: true,
      hourly: true,
    });
    const shift = await findOpenShift(tx, assignment.id, { lock: true });
    if (!shift) throw new AppError('conflict', workTexts.notClockedIn);
    await closeShift({ db: tx, shift, now, lastDay: assignment.endDate ?? undefined });
    return clockStateOf(assignment.id, undefined, now);
  });
}
