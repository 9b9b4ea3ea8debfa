import { eq } from 'drizzle-orm';
import { type Contract, milestoneTexts } from '~/shared/milestones';
import { paths } from '~/shared/routes';
import type { Database } from '../db/client';
import { milestones } from '../db/schema';
import { notifyTalent } from '../kernels/work/work-notifications';
import { recordAuditEvent } from '../platform/record-audit-event';
import { moveMilestone } from './move-milestone';

// The company sends submitted work back with what needs to change; the money stays in escrow.
export function requestMilestoneChanges({
  db,
  companyId,
  actorId,
  milestoneId,
  comment,
  ipAddress,
  now = new Date(),
}: {
  db: Database;
  companyId: string;
  actorId: string;
  milestoneId: string;
  comment: string;
  ipAddress?: string;
  now?: Date;
}): Promise<Contract> {
  return moveMilestone({
    db,
    milestoneId,
    reader: { kind: 'company', companyId },
    from: ['submitted'],
    refusal: milestoneTexts.cannotReview,
    async move(tx, { milestone, applicantId, assignmentId }) {
      await tx
        .update(milestones)
        .set({ status: 'changes_requested', changesComment: comment, updatedAt: now })
        .where(eq(milestones.id, milestone.id));
      await notifyTalent(tx, applicantId, {
        type: 'milestone_changed',
        title: `Changes requested: ${milestone.title}`,
        body: comment,
        link: paths.applicantContract.getHref({ id: assignmentId }),
      });
      await recordAuditEvent({
        db: tx,
        event: {
          actorId,
          action: 'milestone.changes_requested',
          targetType: 'milestone',
          targetId: milestone.id,
          details: { assignment_id: assignmentId, from: 'submitted', to: 'changes_requested', comment },
          ipAddress,
        },
      });
    },
  });
}
