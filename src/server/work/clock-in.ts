import { and, eq } from 'drizzle-orm';
import { signingTexts } from '~/shared/agreements';
import { type ClockState, workTexts } from '~/shared/billing';
import type { Database } from '../db/client';
import { clockSessions, timesheets } from '../db/schema';
import { refuseWhileUnsigned } from '../kernels/agreements/agreement-gate';
import { type AssignmentRow, findAssignmentFor } from '../kernels/work/assignment-views';
import { AppError, isUniqueViolation } from '../platform/errors';
import { todayOf, weekStartOf } from '../platform/work-calendar';
import { clockStateOf, findOpenShift } from './clock-state';
import { requireEditable } from './timesheet-views';

// Only an active assignment takes time, by the clock or by hand.
function requireTakesTime(assignment: Pick<AssignmentRow, 'status'>): void {
  if (assignment.status === 'pending') throw new AppError('conflict', workTexts.notStartedNoTime);
  if (assignment.status === 'ended') throw new AppError('conflict', workTexts.endedNoTime);
}

// The talent starts a shift: one open shift per assignment, and not into a week already handed in.
export async function clockIn({
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
  try {
    return await db.transaction(async (tx) => {
      const assignment = await findAssignmentFor({
        db: tx,
        assignmentId,
        actor: { kind: 'applicant', actorId: applicantId },
        lock: true,
        hourly: true,
      });
      if (assignment.status === 'pending') await refuseWhileUnsigned(tx, assignment.id, signingTexts.workWaits);
      requireTakesTime(assignment);
      if (await findOpenShift(tx, assignment.id)) throw new AppError('conflict', workTexts.alreadyClockedIn);
      const [week] = await tx
        .select({ status: timesheets.status })
        .from(timesheets)
        .where(and(eq(timesheets.assignmentId, assignment.id), eq(timesheets.weekStart, weekStartOf(todayOf(now)))));
      if (week) requireEditable(week);
      const [shift] = await tx
        .insert(clockSessions)
        .values({ assignmentId: assignment.id, clockedInAt: now })
        .returning();
      return clockStateOf(assignment.id, shift, now);
    });
  } catch (error) {
    // Two clock-ins at once: the unique index lets one through.
    if (isUniqueViolation(error, ['clock_sessions_open_unique'])) {
      throw new AppError('conflict', workTexts.alreadyClockedIn);
    }
    throw error;
  }
}
