import { eq } from 'drizzle-orm';
import { signingTexts } from '~/shared/agreements';
import { type SaveTimesheetInput, type Timesheet, workTexts } from '~/shared/billing';
import type { Database } from '../db/client';
import { timeEntries, timesheets } from '../db/schema';
import { refuseWhileUnsigned } from '../kernels/agreements/agreement-gate';
import { type AssignmentRow, findAssignmentFor } from '../kernels/work/assignment-views';
import { AppError } from '../platform/errors';
import { isRealDay, latestWorkedDayOf, requireWeekStart, weekEndOf } from '../platform/work-calendar';
import { loadTimesheetView, lockWeekTimesheet, requireEditable } from './timesheet-views';

const refuse = (message: string) => new AppError('validation', message, { entries: message });

// Each day must be in the week, inside the assignment, and worked already.
function checkDays(
  entries: SaveTimesheetInput['entries'],
  weekStart: string,
  assignment: Pick<AssignmentRow, 'startDate' | 'endDate'>,
  now: Date,
): void {
  const seen = new Set<string>();
  const latestDay = latestWorkedDayOf(now);
  for (const { work_date: day } of entries) {
    if (!isRealDay(day)) throw refuse(workTexts.notADay('work date'));
    if (day < weekStart || day > weekEndOf(weekStart)) throw refuse(workTexts.dayOutsideWeek(day, weekStart));
    if (seen.has(day)) throw refuse(workTexts.dayListedTwice(day));
    seen.add(day);
    if (day < assignment.startDate) throw refuse(workTexts.dayBeforeStart(day, assignment.startDate));
    if (assignment.endDate && day > assignment.endDate) throw refuse(workTexts.dayAfterEnd(day, assignment.endDate));
    if (day > latestDay) throw refuse(workTexts.dayInFuture(day));
  }
  for (const [index, entry] of entries.entries()) {
    if (entry.note && entry.minutes === 0) {
      const message = workTexts.noteWithoutHours(entry.work_date);
      throw new AppError('validation', message, { [`entries.${index}.note`]: message });
    }
  }
}

// The talent's hours for a week, day by day: the days given replace what the week held (the clock's
// minutes too). An open or returned week only; a returned week stays returned until submitted again.
export async function saveTimesheet({
  db,
  applicantId,
  assignmentId,
  weekStart,
  input,
  now = new Date(),
}: {
  db: Database;
  applicantId: string;
  assignmentId: string;
  weekStart: string;
  input: SaveTimesheetInput;
  now?: Date;
}): Promise<Timesheet> {
  requireWeekStart(weekStart);
  await db.transaction(async (tx) => {
    const assignment = await findAssignmentFor({
      db: tx,
      assignmentId,
      actor: { kind: 'applicant', actorId: applicantId },
      lock: true,
      hourly: true,
    });
    // An ended assignment still takes the hours of its last days (up to the end date) by hand.
    if (assignment.status === 'pending') {
      await refuseWhileUnsigned(tx, assignment.id, signingTexts.workWaits);
      throw new AppError('conflict', workTexts.notStartedNoTime);
    }
    checkDays(input.entries, weekStart, assignment, now);
    const timesheet = await lockWeekTimesheet({ db: tx, week: { assignmentId, weekStart }, now });
    requireEditable(timesheet);
    await tx.delete(timeEntries).where(eq(timeEntries.timesheetId, timesheet.id));
    const worked = input.entries.filter((entry) => entry.minutes > 0);
    if (worked.length > 0) {
      await tx.insert(timeEntries).values(
        worked.map((entry) => ({
          timesheetId: timesheet.id,
          workDate: entry.work_date,
          minutes: entry.minutes,
          note: entry.note || null,
          updatedAt: now,
        })),
      );
    }
    await tx.update(timesheets).set({ updatedAt: now }).where(eq(timesheets.id, timesheet.id));
  });
  return loadTimesheetView(db, { assignmentId, weekStart });
}
