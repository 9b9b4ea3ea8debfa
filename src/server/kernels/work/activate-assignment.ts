import { and, eq } from 'drizzle-orm';
import { paths } from '~/shared/routes';
import type { Database } from '../../db/client';
import { assignments } from '../../db/schema';
import { recordAuditEvent } from '../../platform/record-audit-event';
import { emitWebhookEvent } from '../integrations/emit-webhook-event';
import { type AssignmentRow, loadTermsHistories } from './assignment-views';
import { syncTermsMirror } from './sync-terms-mirror';
import { notifyCompany, notifyTalent } from './work-notifications';

// The move itself, on a pending assignment the caller has locked: active, the terms' mirror refreshed,
// the audit row, and the talent told. Without an actor the schedule started it
// (work/start-due-assignments.ts), or its agreements' last signature did
// (agreements/sign-agreement.ts): the company, who did not press Start, is told as well.
export async function activateAssignment({
  tx,
  assignment,
  actorId,
  ipAddress,
  now,
}: {
  tx: Database;
  assignment: AssignmentRow;
  actorId: string | null;
  ipAddress?: string;
  now: Date;
}): Promise<void> {
  await tx
    .update(assignments)
    .set({ status: 'active', updatedAt: now })
    .where(and(eq(assignments.id, assignment.id), eq(assignments.status, 'pending')));
  const isFixedPrice = assignment.engagementType === 'fixed';
  if (!isFixedPrice) {
    const histories = await loadTermsHistories(tx, [assignment]);
    await syncTermsMirror({ db: tx, assignment, history: histories.get(assignment.id) ?? [], now });
  }
  await recordAuditEvent({
    db: tx,
    event: {
      actorId,
      action: 'assignment.started',
      targetType: 'assignment',
      targetId: assignment.id,
      details: {
        company_id: assignment.companyId,
        applicant_id: assignment.applicantId,
        ...(actorId === null && { start_date: assignment.startDate, started_by: 'schedule' }),
      },
      ipAddress,
    },
  });
  await emitWebhookEvent({
    db: tx,
    companyId: assignment.companyId,
    type: 'hire.started',
    data: {
      assignment_id: assignment.id,
      // An administrator's placement was hired for no job.
      job_id: assignment.jobId,
      applicant_id: assignment.applicantId,
      start_date: assignment.startDate,
    },
  });
  await notifyTalent(tx, assignment.applicantId, {
    type: 'assignment_changed',
    title: `${assignment.role} has started`,
    body: isFixedPrice
      ? 'Your contract is active: start on each milestone once it is funded.'
      : 'Your assignment is active: clock in or log your hours on your timesheet.',
    link: isFixedPrice ? paths.applicantContract.getHref({ id: assignment.id }) : paths.applicantTimesheets.getHref(),
  });
  if (actorId === null) {
    await notifyCompany(tx, assignment.companyId, {
      type: 'assignment_changed',
      title: `${assignment.role} has started`,
      body: isFixedPrice
        ? `It started on its start date, ${assignment.startDate}: fund its first milestone for the work to begin.`
        : `It started on its start date, ${assignment.startDate}: the talent can now log hours on it.`,
      link: isFixedPrice ? paths.companyContract.getHref({ id: assignment.id }) : paths.companyBilling.getHref(),
    });
  }
}
