import { eq } from 'drizzle-orm';
import { type Contract, milestoneTexts } from '~/shared/milestones';
import { paths } from '~/shared/routes';
import type { Database } from '../db/client';
import { milestones, users } from '../db/schema';
import { notifyCompany, notifyTalent } from '../kernels/work/work-notifications';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import { loadContract } from './contract-views';
import { type ContractReader, type LockedMilestone, lockMilestoneFor } from './milestone-lock';

// Disputes and refunds of fixed-price milestones (decision 035). Money leaves escrow here by the provider's
// refund of part or all of the funding charge, made while the milestone's row is locked, so two
// administrators (or a retry) settle it once; a refund the provider does not complete changes nothing.

// Either side disputes submitted work; the money stays held until an administrator settles it.
export async function openDispute({
  db,
  reader,
  actorId,
  milestoneId,
  reason,
  ipAddress,
  now = new Date(),
}: {
  db: Database;
  reader: Extract<ContractReader, { kind: 'company' | 'applicant' }>;
  actorId: string;
  milestoneId: string;
  reason: string;
  ipAddress?: string;
  now?: Date;
}): Promise<Contract> {
  const assignmentId = await db.transaction(async (tx) => {
    const locked = await lockMilestoneFor(tx, { milestoneId, reader });
    const { milestone } = locked;
    if (milestone.status !== 'submitted') throw new AppError('conflict', milestoneTexts.cannotDispute);
    await tx
      .update(milestones)
      .set({
        status: 'disputed',
        disputeReason: reason,
        disputedBySide: reader.kind,
        disputedBy: actorId,
        disputedAt: now,
        updatedAt: now,
      })
      .where(eq(milestones.id, milestone.id));
    const [actor] = await tx.select({ name: users.name }).from(users).where(eq(users.id, actorId));
    const notice = {
      type: 'milestone_changed' as const,
      title: `Disputed: ${milestone.title}`,
      body: `${actor?.name ?? 'The other side'} disputed ${milestone.title}: ${reason} An administrator will settle it; the money stays in escrow meanwhile.`,
    };
    if (reader.kind === 'company') {
      await notifyTalent(tx, locked.applicantId, {
        ...notice,
        link: paths.applicantContract.getHref({ id: locked.assignmentId }),
      });
    } else {
      await notifyCompany(tx, locked.companyId, {
        ...notice,
        link: paths.companyContract.getHref({ id: locked.assignmentId }),
      });
    }
    await recordAuditEvent({
      db: tx,
      event: {
        actorId,
        action: 'milestone.disputed',
        targetType: 'milestone',
        targetId: milestone.id,
        details: { assignment_id: locked.assignmentId, from: 'submitted', to: 'disputed', side: reader.kind, reason },
        ipAddress,
      },
    });
    return locked.assignmentId;
  });
  return loadContract({ db, id: assignmentId, reader });
}

export async function lockDispute(tx: Database, milestoneId: string): Promise<LockedMilestone> {
  const locked = await lockMilestoneFor(tx, { milestoneId, reader: { kind: 'admin' } });
  if (!locked.milestone.disputedAt) throw new AppError('not_found', milestoneTexts.disputeNotFound);
  return locked;
}
