import { eq } from 'drizzle-orm';
import { type Contract, type MilestoneStatus, milestoneTexts } from '~/shared/milestones';
import { paths } from '~/shared/routes';
import type { Database } from '../db/client';
import { milestones, users } from '../db/schema';
import { notifyCompany } from '../kernels/work/work-notifications';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import { loadContract } from './contract-views';
import { handInWaitingFiles } from './hand-in-waiting-files';
import { type ContractReader, type LockedMilestone, lockMilestoneFor } from './milestone-lock';
import { releaseMilestone } from './release-milestone';

// A milestone's moves (shared/milestones.ts's table): each locks the milestone's row, checks where it
// stands, and changes it with what it sets off — notice, audit row, for an approval the release — in one
// transaction, then answers the contract as its reader sees it. An ended contract's funded milestones
// still move: ending takes no finished work back (decision 035).
export async function moveMilestone({
  db,
  milestoneId,
  reader,
  from,
  refusal,
  move,
}: {
  db: Database;
  milestoneId: string;
  reader: ContractReader;
  from: readonly MilestoneStatus[];
  refusal: string;
  move: (tx: Database, locked: LockedMilestone) => Promise<void>;
}): Promise<Contract> {
  const assignmentId = await db.transaction(async (tx) => {
    const locked = await lockMilestoneFor(tx, { milestoneId, reader });
    if (!from.includes(locked.milestone.status)) throw new AppError('conflict', refusal);
    await move(tx, locked);
    return locked.assignmentId;
  });
  return loadContract({ db, id: assignmentId, reader });
}

// The talent hands in the work of a funded milestone (or the changes asked for), with a message.
export function submitMilestone({
  db,
  applicantId,
  milestoneId,
  message,
  ipAddress,
  now = new Date(),
}: {
  db: Database;
  applicantId: string;
  milestoneId: string;
  message: string;
  ipAddress?: string;
  now?: Date;
}): Promise<Contract> {
  return moveMilestone({
    db,
    milestoneId,
    reader: { kind: 'applicant', applicantId },
    from: ['funded', 'changes_requested'],
    refusal: milestoneTexts.cannotSubmit,
    async move(tx, { milestone, companyId, assignmentId, role }) {
      await tx
        .update(milestones)
        .set({
          status: 'submitted',
          submittedAt: now,
          submissionMessage: message,
          approvalRemindedAt: null,
          updatedAt: now,
        })
        .where(eq(milestones.id, milestone.id));
      const handedIn = await handInWaitingFiles({ tx, milestoneId: milestone.id, now });
      const [talent] = await tx.select({ name: users.name }).from(users).where(eq(users.id, applicantId));
      await notifyCompany(tx, companyId, {
        type: 'milestone_changed',
        title: `Submitted: ${milestone.title}`,
        body: `${talent?.name ?? 'The talent'} submitted ${milestone.title} (${role}) for your approval.`,
        link: paths.companyContract.getHref({ id: assignmentId }),
      });
      await recordAuditEvent({
        db: tx,
        event: {
          actorId: applicantId,
          action: 'milestone.submitted',
          targetType: 'milestone',
          targetId: milestone.id,
          details: { assignment_id: assignmentId, from: milestone.status, to: 'submitted', files: handedIn },
          ipAddress,
        },
      });
    },
  });
}

// The company approves submitted work: the escrowed amount is released to the talent and a paid invoice
// records it (decision 035). Once: a second approval — a double click, fifty at once — finds the
// milestone approved under the lock and answers the contract as it stands, releasing nothing more.
export async function approveMilestone({
  db,
  companyId,
  actorId,
  milestoneId,
  ipAddress,
  now = new Date(),
}: {
  db: Database;
  companyId: string;
  actorId: string;
  milestoneId: string;
  ipAddress?: string;
  now?: Date;
}): Promise<Contract> {
  const reader: ContractReader = { kind: 'company', companyId };
  const assignmentId = await db.transaction(async (tx) => {
    const locked = await lockMilestoneFor(tx, { milestoneId, reader });
    if (locked.milestone.status === 'approved') return locked.assignmentId;
    if (locked.milestone.status !== 'submitted') throw new AppError('conflict', milestoneTexts.cannotReview);
    await releaseMilestone({ tx, locked, actorId, ipAddress, now });
    return locked.assignmentId;
  });
  return loadContract({ db, id: assignmentId, reader });
}
