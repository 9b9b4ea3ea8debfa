import { and, desc, eq, gt } from 'drizzle-orm';
import { type Assignment, workTexts } from '~/shared/billing';
import { paths } from '~/shared/routes';
import type { Database } from '../db/client';
import { assignments, timeEntries, timesheets } from '../db/schema';
import { findAssignmentFor, loadAssignmentView, type WorkActor } from '../platform/assignment-views';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import { requireRealDay, todayOf } from '../platform/work-calendar';
import { closeShift } from './clock-out';
import { findOpenShift } from './clock-state';
import { notifyTalent } from './work-notifications';

// active → ended, on a day from the start to today, with the reason. Hours logged after that day are a
// reason to choose a later one (nothing already worked is dropped); a shift still running is clocked
// out now, keeping its minutes up to the end date.
export async function endAssignment({
  db,
  assignmentId,
  actor,
  endDate,
  reason,
  ipAddress,
  now = new Date(),
}: {
  db: Database;
  assignmentId: string;
  actor: Exclude<WorkActor, { kind: 'applicant' }>;
  endDate: string;
  reason: string;
  ipAddress?: string;
  now?: Date;
}): Promise<Assignment> {
  requireRealDay(endDate, 'end date');
  await db.transaction(async (tx) => {
    const assignment = await findAssignmentFor({ db: tx, assignmentId, actor, lock: true });
    if (assignment.status === 'pending') throw new AppError('conflict', workTexts.notStartedCannotEnd);
    if (assignment.status === 'ended') throw new AppError('conflict', workTexts.alreadyEnded);
    if (endDate < assignment.startDate) {
      throw new AppError('validation', workTexts.endBeforeStart(assignment.startDate), {
        end_date: workTexts.endBeforeStart(assignment.startDate),
      });
    }
    if (endDate > todayOf(now)) {
      throw new AppError('validation', workTexts.endInFuture, { end_date: workTexts.endInFuture });
    }
    const [loggedAfter] = await tx
      .select({ workDate: timeEntries.workDate })
      .from(timeEntries)
      .innerJoin(timesheets, eq(timesheets.id, timeEntries.timesheetId))
      .where(
        and(eq(timesheets.assignmentId, assignment.id), gt(timeEntries.workDate, endDate), gt(timeEntries.minutes, 0)),
      )
      .orderBy(desc(timeEntries.workDate))
      .limit(1);
    if (loggedAfter) throw new AppError('conflict', workTexts.hoursAfterEnd(loggedAfter.workDate));
    const shift = await findOpenShift(tx, assignment.id, { lock: true });
    if (shift) await closeShift(tx, shift, now, { lastDay: endDate });
    await tx
      .update(assignments)
      .set({ status: 'ended', endDate, endReason: reason, updatedAt: now })
      .where(eq(assignments.id, assignment.id));
    await recordAuditEvent({
      db: tx,
      event: {
        actorId: actor.actorId,
        action: 'assignment.ended',
        targetType: 'assignment',
        targetId: assignment.id,
        details: { end_date: endDate, reason, company_id: assignment.companyId, applicant_id: assignment.applicantId },
        ipAddress,
      },
    });
    await notifyTalent(tx, assignment.applicantId, {
      type: 'assignment_changed',
      title: `${assignment.role} has ended`,
      body: `Your last day was ${endDate}. “${reason}”`,
      link: paths.applicantApplications.getHref(),
    });
  });
  return loadAssignmentView({ db, id: assignmentId, now });
}
