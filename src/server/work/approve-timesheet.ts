import { eq } from 'drizzle-orm';
import { type CompanyTimesheet, formatWorkHours, workTexts } from '~/shared/billing';
import { paths } from '~/shared/routes';
import type { Database } from '../db/client';
import { timesheets } from '../db/schema';
import { emitWebhookEvent } from '../kernels/integrations/emit-webhook-event';
import { postWorkApproved } from '../kernels/money/post-work-approved';
import { talentPayCents } from '../kernels/work/assignment-terms';
import { loadTermsHistories } from '../kernels/work/assignment-views';
import { notifyTalent } from '../kernels/work/work-notifications';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import {
  entriesOf,
  findCompanyTimesheet,
  loadCompanyTimesheetView,
  totalMinutesOf,
  weeklyHoursOfWeek,
} from './timesheet-views';

// submitted → approved, once: the week is locked, and what the talent is owed for it is fixed now, day
// by day at the pay rate of each day. Hours over the weekly hours need the company to say so.
export async function approveTimesheet({
  db,
  companyId,
  actorId,
  timesheetId,
  approveOverWeeklyHours,
  ipAddress,
  now = new Date(),
}: {
  db: Database;
  companyId: string;
  actorId: string;
  timesheetId: string;
  approveOverWeeklyHours: boolean;
  ipAddress?: string;
  now?: Date;
}): Promise<CompanyTimesheet> {
  const week = await db.transaction(async (tx) => {
    const { timesheet, assignment } = await findCompanyTimesheet({ db: tx, timesheetId, companyId });
    if (timesheet.status === 'approved') throw new AppError('conflict', workTexts.alreadyApproved);
    if (timesheet.status !== 'submitted') throw new AppError('conflict', workTexts.approveNeedsSubmitted);
    const entries = await entriesOf(tx, timesheet.id);
    const history = (await loadTermsHistories(tx, [assignment])).get(assignment.id) ?? [];
    const totalMinutes = totalMinutesOf(entries);
    const weeklyHours = weeklyHoursOfWeek(history, timesheet.weekStart);
    const isOver = totalMinutes > weeklyHours * 60;
    if (isOver && !approveOverWeeklyHours) {
      throw new AppError('conflict', workTexts.overWeeklyHours(totalMinutes, weeklyHours));
    }
    const payCents = talentPayCents(entries, history);
    await tx
      .update(timesheets)
      .set({
        status: 'approved',
        approvedAt: now,
        approvedBy: actorId,
        overWeeklyHoursApproved: isOver,
        talentPayCents: payCents,
        updatedAt: now,
      })
      .where(eq(timesheets.id, timesheet.id));
    await postWorkApproved(tx, timesheet.id);
    await recordAuditEvent({
      db: tx,
      event: {
        actorId,
        action: 'timesheet.approved',
        targetType: 'timesheet',
        targetId: timesheet.id,
        details: {
          assignment_id: assignment.id,
          week_start: timesheet.weekStart,
          total_minutes: totalMinutes,
          over_weekly_hours: isOver,
          talent_pay_cents: payCents,
        },
        ipAddress,
      },
    });
    await emitWebhookEvent({
      db: tx,
      companyId: assignment.companyId,
      type: 'timesheet.approved',
      data: {
        timesheet_id: timesheet.id,
        assignment_id: assignment.id,
        week_start: timesheet.weekStart,
        minutes: totalMinutes,
      },
    });
    await notifyTalent(tx, assignment.applicantId, {
      type: 'timesheet_reviewed',
      title: `Your week of ${timesheet.weekStart} is approved`,
      body: `${formatWorkHours(totalMinutes)} hours as ${assignment.role}.`,
      link: paths.applicantTimesheets.getHref(),
    });
    return { assignmentId: assignment.id, weekStart: timesheet.weekStart };
  });
  return loadCompanyTimesheetView(db, week, companyId);
}
