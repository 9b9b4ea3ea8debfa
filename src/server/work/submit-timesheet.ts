import { and, eq, isNull, lt } from 'drizzle-orm';
import { formatWorkHours, type Timesheet, workTexts } from '~/shared/billing';
import { paths } from '~/shared/routes';
import type { Database } from '../db/client';
import { clockSessions, timesheets, users } from '../db/schema';
import { emitWebhookEvent } from '../kernels/integrations/emit-webhook-event';
import { findAssignmentFor } from '../kernels/work/assignment-views';
import { notifyCompany } from '../kernels/work/work-notifications';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import { addDays, requireWeekStart, startOfDay, weekEndOf } from '../platform/work-calendar';
import { entriesOf, loadTimesheetView, totalMinutesOf } from './timesheet-views';

// open | returned → submitted: the talent hands the week to the company, which approves or returns it.
// A week with no hours, or with a shift still running into it, is not ready.
export async function submitTimesheet({
  db,
  applicantId,
  assignmentId,
  weekStart,
  ipAddress,
  now = new Date(),
}: {
  db: Database;
  applicantId: string;
  assignmentId: string;
  weekStart: string;
  ipAddress?: string;
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
    const [timesheet] = await tx
      .select()
      .from(timesheets)
      .where(and(eq(timesheets.assignmentId, assignment.id), eq(timesheets.weekStart, weekStart)))
      .for('update');
    if (timesheet?.status === 'approved') throw new AppError('conflict', workTexts.weekApproved);
    if (timesheet?.status === 'submitted') throw new AppError('conflict', workTexts.weekAlreadySubmitted);
    const totalMinutes = timesheet ? totalMinutesOf(await entriesOf(tx, timesheet.id)) : 0;
    if (!timesheet || totalMinutes === 0) throw new AppError('conflict', workTexts.submitNeedsHours);
    const [running] = await tx
      .select({ id: clockSessions.id })
      .from(clockSessions)
      .where(
        and(
          eq(clockSessions.assignmentId, assignment.id),
          isNull(clockSessions.clockedOutAt),
          lt(clockSessions.clockedInAt, startOfDay(addDays(weekEndOf(weekStart), 1))),
        ),
      );
    if (running) throw new AppError('conflict', workTexts.submitWhileClockedIn);
    await tx
      .update(timesheets)
      .set({ status: 'submitted', submittedAt: now, updatedAt: now })
      .where(eq(timesheets.id, timesheet.id));
    await recordAuditEvent({
      db: tx,
      event: {
        actorId: applicantId,
        action: 'timesheet.submitted',
        targetType: 'timesheet',
        targetId: timesheet.id,
        details: { assignment_id: assignment.id, week_start: weekStart, total_minutes: totalMinutes },
        ipAddress,
      },
    });
    await emitWebhookEvent({
      db: tx,
      companyId: assignment.companyId,
      type: 'timesheet.submitted',
      data: { timesheet_id: timesheet.id, assignment_id: assignment.id, week_start: weekStart, minutes: totalMinutes },
    });
    const [talent] = await tx.select({ name: users.name }).from(users).where(eq(users.id, applicantId));
    await notifyCompany(tx, assignment.companyId, {
      type: 'timesheet_submitted',
      title: `${talent?.name ?? 'Your talent'} submitted the week of ${weekStart}`,
      body: `${formatWorkHours(totalMinutes)} hours as ${assignment.role}: approve the week or return it with a comment.`,
      link: paths.companyBilling.getHref(),
    });
  });
  return loadTimesheetView(db, { assignmentId, weekStart });
}
