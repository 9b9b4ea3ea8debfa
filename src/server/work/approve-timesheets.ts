import type { z } from 'zod';
import type { ApproveWeeksResult, approveWeeksSchema } from '~/shared/billing';
import type { Database } from '../db/client';
import { AppError } from '../platform/errors';
import { approveTimesheet } from './approve-timesheet';

// Approves several submitted weeks (Approve selected in the company's Timesheets), each as Approve does
// one, in its own transaction: one week that cannot be approved (already approved, returned, or over its
// weekly hours, which needs a review of its own) does not stop the others. Another company's week is
// reported not_found, as if it did not exist.
export async function approveTimesheets({
  db,
  companyId,
  actorId,
  ipAddress,
  input,
}: {
  db: Database;
  companyId: string;
  actorId: string;
  ipAddress?: string;
  input: z.output<typeof approveWeeksSchema>;
}): Promise<ApproveWeeksResult> {
  const results: ApproveWeeksResult['results'] = [];
  for (const id of new Set(input.ids)) {
    try {
      await approveTimesheet({ db, companyId, actorId, timesheetId: id, approveOverWeeklyHours: false, ipAddress });
      results.push({ id, outcome: 'approved' });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (error.code === 'not_found') results.push({ id, outcome: 'not_found' });
      else results.push({ id, outcome: 'skipped', error: error.message });
    }
  }
  return { results, approved: results.filter((result) => result.outcome === 'approved').length };
}
