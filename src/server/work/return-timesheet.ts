import { eq } from 'drizzle-orm';
import { type CompanyTimesheet, workTexts } from '~/shared/billing';
import { paths } from '~/shared/routes';
import type { Database } from '../db/client';
import { timesheets } from '../db/schema';
import { notifyTalent } from '../kernels/work/work-notifications';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import { findCompanyTimesheet, loadCompanyTimesheetView } from './timesheet-views';

// submitted → returned, with the company's words: the talent can change the week and submit it again.
export async function returnTimesheet({
  db,
  companyId,
  actorId,
  timesheetId,
  comment,
  ipAddress,
  now = new Date(),
}: {
  db: Database;
  companyId: string;
  actorId: string;
  timesheetId: string;
  comment: string;
  ipAddress?: string;
  now?: Date;
}): Promise<CompanyTimesheet> {
  const week = await db.transaction(async (tx) => {
    const { timesheet, assignment } = await findCompanyTimesheet({ db: tx, timesheetId, companyId });
    if (timesheet.status === 'approved') throw new AppError('conflict', workTexts.weekApproved);
    if (timesheet.status !== 'submitted') throw new AppError('conflict', workTexts.returnNeedsSubmitted);
    await tx
      .update(timesheets)
      .set({ status: 'returned', returnComment: comment, updatedAt: now })
      .where(eq(timesheets.id, timesheet.id));
    await recordAuditEvent({
      db: tx,
      event: {
        actorId,
        action: 'timesheet.returned',
        targetType: 'timesheet',
        targetId: timesheet.id,
        details: { assignment_id: assignment.id, week_start: timesheet.weekStart, comment },
        ipAddress,
      },
    });
    await notifyTalent(tx, assignment.applicantId, {
      type: 'timesheet_reviewed',
      title: `Your week of ${timesheet.weekStart} was returned`,
      body: `“${comment}” Change the week and submit it again.`,
      link: paths.applicantTimesheets.getHref(),
    });
    return { assignmentId: assignment.id, weekStart: timesheet.weekStart };
  });
  return loadCompanyTimesheetView(db, week, companyId);
}
