import type { Timesheet } from '~/shared/billing';
import type { Database } from '../db/client';
import { findAssignmentFor } from '../kernels/work/assignment-views';
import { requireWeekStart } from '../platform/work-calendar';
import { loadTimesheetView } from './timesheet-views';

// One week of one of the talent's assignments, saved or not (id null until something is saved).
export async function getTimesheet({
  db,
  applicantId,
  assignmentId,
  weekStart,
}: {
  db: Database;
  applicantId: string;
  assignmentId: string;
  weekStart: string;
}): Promise<Timesheet> {
  requireWeekStart(weekStart);
  await findAssignmentFor({ db, assignmentId, actor: { kind: 'applicant', actorId: applicantId }, hourly: true });
  return loadTimesheetView(db, { assignmentId, weekStart });
}
