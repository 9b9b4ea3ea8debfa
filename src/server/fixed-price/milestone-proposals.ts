import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Contract, milestoneTexts, type ProposalAnswer, type proposeMilestonesSchema } from '~/shared/milestones';
import { paths } from '~/shared/routes';
import type { Database } from '../db/client';
import { assignments, milestoneProposals, milestones, users } from '../db/schema';
import { notifyCompany, notifyTalent } from '../kernels/work/work-notifications';
import { AppError, isUniqueViolation } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import { loadContract } from './contract-views';
import { type ContractReader, reachOf } from './milestone-lock';

export type Side = Extract<ContractReader, { kind: 'company' | 'applicant' }>;
export type ProposalRow = typeof milestoneProposals.$inferSelect;

// Changes to a fixed-price contract's unfunded milestones need both sides (decision 035): one proposes
// the milestones not yet funded as they should be, the other accepts (they change, in one transaction
// under the contract's lock) or declines; the proposer may withdraw. Funded money never changes here.

// The fixed-price contract, locked for a change of its milestones (the order every such change takes:
// the contract's row, then its milestones'), within the side's reach.
export async function lockContract(tx: Database, id: string, reader: ContractReader) {
  const [contract] = await tx
    .select()
    .from(assignments)
    .where(and(eq(assignments.id, id), reachOf(reader)))
    .for('update');
  if (!contract) throw new AppError('not_found', milestoneTexts.contractNotFound);
  if (contract.engagementType !== 'fixed') throw new AppError('not_found', milestoneTexts.notFixedPrice);
  if (contract.status === 'ended') throw new AppError('conflict', milestoneTexts.contractEnded);
  return contract;
}

export const unfundedOf = (tx: Database, assignmentId: string) =>
  tx
    .select()
    .from(milestones)
    .where(and(eq(milestones.assignmentId, assignmentId), eq(milestones.status, 'unfunded')))
    .for('update');

const sameMilestone = (
  current: typeof milestones.$inferSelect,
  proposed: z.output<typeof proposeMilestonesSchema>['milestones'][number],
) =>
  current.title === proposed.title &&
  current.description === proposed.description &&
  current.amountCents === proposed.amount_cents &&
  current.dueDate === proposed.due_date;

export async function proposeMilestones({
  db,
  reader,
  actorId,
  contractId,
  proposal,
  ipAddress,
  now = new Date(),
}: {
  db: Database;
  reader: Side;
  actorId: string;
  contractId: string;
  proposal: z.output<typeof proposeMilestonesSchema>;
  ipAddress?: string;
  now?: Date;
}): Promise<Contract> {
  try {
    await db.transaction(async (tx) => {
      const contract = await lockContract(tx, contractId, reader);
      const [pending] = await tx
        .select({ id: milestoneProposals.id })
        .from(milestoneProposals)
        .where(and(eq(milestoneProposals.assignmentId, contract.id), eq(milestoneProposals.status, 'pending')));
      if (pending) throw new AppError('conflict', milestoneTexts.proposalPending);

      const unfunded = await unfundedOf(tx, contract.id);
      const byId = new Map(unfunded.map((milestone) => [milestone.id, milestone]));
      const fields: Record<string, string> = {};
      proposal.milestones.forEach((milestone, index) => {
        if (milestone.due_date < contract.startDate)
          fields[`milestones.${index}.due_date`] = milestoneTexts.dueBeforeStart;
      });
      if (Object.keys(fields).length > 0) {
        throw new AppError('validation', milestoneTexts.dueBeforeStart, fields);
      }
      if (proposal.milestones.some((milestone) => milestone.id !== undefined && !byId.has(milestone.id))) {
        throw new AppError('conflict', milestoneTexts.proposalStale);
      }
      const kept = new Set(proposal.milestones.flatMap((milestone) => (milestone.id ? [milestone.id] : [])));
      const removedIds = unfunded.filter((milestone) => !kept.has(milestone.id)).map((milestone) => milestone.id);
      const isUnchanged =
        removedIds.length === 0 &&
        proposal.milestones.every((milestone) => {
          const current = milestone.id ? byId.get(milestone.id) : undefined;
          return current !== undefined && sameMilestone(current, milestone);
        });
      if (isUnchanged) throw new AppError('conflict', milestoneTexts.proposalUnchanged);
      const [{ others } = { others: 0 }] = await tx
        .select({ others: sql<number>`count(*)::int` })
        .from(milestones)
        .where(
          and(eq(milestones.assignmentId, contract.id), sql`${milestones.status} not in ('unfunded', 'cancelled')`),
        );
      if (Number(others) + proposal.milestones.length === 0)
        throw new AppError('conflict', milestoneTexts.proposalEmpty);

      const [inserted] = await tx
        .insert(milestoneProposals)
        .values({
          assignmentId: contract.id,
          proposedBySide: reader.kind,
          proposedBy: actorId,
          milestones: proposal.milestones.map((milestone) => ({
            id: milestone.id ?? null,
            title: milestone.title,
            description: milestone.description,
            amount_cents: milestone.amount_cents,
            due_date: milestone.due_date,
          })),
          removedIds,
          createdAt: now,
        })
        .returning({ id: milestoneProposals.id });
      const [proposer] = await tx.select({ name: users.name }).from(users).where(eq(users.id, actorId));
      const notice = {
        type: 'milestone_changed' as const,
        title: `Milestone changes proposed: ${contract.role}`,
        body: `${proposer?.name ?? 'The other side'} proposed changes to the milestones not yet funded. Accept or decline them on the contract.`,
      };
      if (reader.kind === 'company') {
        await notifyTalent(tx, contract.applicantId, {
          ...notice,
          link: paths.applicantContract.getHref({ id: contract.id }),
        });
      } else {
        await notifyCompany(tx, contract.companyId, {
          ...notice,
          link: paths.companyContract.getHref({ id: contract.id }),
        });
      }
      await recordAuditEvent({
        db: tx,
        event: {
          actorId,
          action: 'milestone.changes_proposed',
          targetType: 'assignment',
          targetId: contract.id,
          details: {
            proposal_id: inserted?.id ?? null,
            side: reader.kind,
            milestones: proposal.milestones.length,
            removed_ids: removedIds,
          },
          ipAddress,
        },
      });
    });
  } catch (error) {
    // Both sides proposing at the same moment: the one-pending index keeps the first.
    if (isUniqueViolation(error, ['milestone_proposals_one_pending'])) {
      throw new AppError('conflict', milestoneTexts.proposalPending);
    }
    throw error;
  }
  return loadContract({ db, id: contractId, reader });
}

export const answeredStatus: Record<ProposalAnswer, 'accepted' | 'declined' | 'withdrawn'> = {
  accept: 'accepted',
  decline: 'declined',
  withdraw: 'withdrawn',
};
