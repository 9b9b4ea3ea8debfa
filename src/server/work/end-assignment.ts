import { and, desc, eq, gt, notExists } from 'drizzle-orm';
import { type Assignment, workTexts } from '~/shared/billing';
import { REVIEW_WINDOW_DAYS } from '~/shared/reviews';
import { paths } from '~/shared/routes';
import type { Database } from '../db/client';
import { assignments, companies, milestones, payments, timeEntries, timesheets, users } from '../db/schema';
import { findAssignmentFor, loadAssignmentView, type WorkActor } from '../kernels/work/assignment-views';
import { notifyCompany, notifyTalent } from '../kernels/work/work-notifications';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import { requireRealDay, todayOf } from '../platform/work-calendar';
import { closeShift } from './clock-out';
import { findOpenShift } from './clock-state';

// active → ended, on a day from the start to today, with the reason, by the company, an administrator or the
// talent: the other side is told. Hours logged after that day are a reason to choose a later one (nothing
// already worked is dropped); a shift still running is clocked out now, keeping its minutes up to the end date.
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
  actor: WorkActor;
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
    const [company] = await tx
      .select({ name: companies.name })
      .from(companies)
      .where(eq(companies.id, assignment.companyId));
    const [talent] = await tx.select({ name: users.name }).from(users).where(eq(users.id, assignment.applicantId));
    const shift = await findOpenShift(tx, assignment.id, { lock: true });
    if (shift) await closeShift({ db: tx, shift, now, lastDay: endDate });
    // A fixed price (decision 035): the milestones nobody funded are cancelled; a funded one stays to be
    // submitted and approved (or settled), so ending takes no finished work back. One whose funding is
    // under way is left as it is: its charge may complete.
    if (assignment.engagementType === 'fixed') {
      await tx
        .update(milestones)
        .set({ status: 'cancelled', updatedAt: now })
        .where(
          and(
            eq(milestones.assignmentId, assignment.id),
            eq(milestones.status, 'unfunded'),
            notExists(
              tx
                .select({ id: payments.id })
                .from(payments)
                .where(and(eq(payments.milestoneId, milestones.id), eq(payments.status, 'pending'))),
            ),
          ),
        );
    }
    await tx
      .update(assignments)
      .set({ status: 'ended', endDate, endReason: reason, endedAt: now, updatedAt: now })
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
    if (actor.kind === 'applicant') {
      await notifyCompany(tx, assignment.companyId, {
        type: 'assignment_changed',
        title: `${talent?.name ?? 'Your talent'} ended ${assignment.role}`,
        body: `Their last day was ${endDate}. “${reason}”`,
        link: `${paths.companyBilling.getHref()}?tab=assignments&assignments_status=ended`,
      });
    } else {
      await notifyTalent(tx, assignment.applicantId, {
        type: 'assignment_changed',
        title: `${assignment.role} has ended`,
        body: `Your last day was ${endDate}. “${reason}”`,
        link: paths.applicantApplications.getHref(),
      });
    }
    // Both sides are asked for a review (reviews/write-review.ts), each where the ended assignment shows.
    await notifyTalent(tx, assignment.applicantId, {
      type: 'assignment_changed',
      title: `How was working as ${assignment.role}?`,
      body: `Rate ${company?.name ?? 'the company'} within ${REVIEW_WINDOW_DAYS} days. Neither side sees the other’s review until both have written, or the ${REVIEW_WINDOW_DAYS} days are up.`,
      link: `${paths.applicantTimesheets.getHref()}?assignment=${assignment.id}`,
    });
    await notifyCompany(tx, assignment.companyId, {
      type: 'assignment_changed',
      title: `Review ${talent?.name ?? 'your talent'}`,
      body: `${assignment.role} has ended. Rate the work within ${REVIEW_WINDOW_DAYS} days; the review shows once both sides have written, or the ${REVIEW_WINDOW_DAYS} days are up.`,
      link: `${paths.companyBilling.getHref()}?tab=assignments&assignments_status=ended`,
    });
  });
  return loadAssignmentView({ db, id: assignmentId, now });
}
