import { and, eq, inArray, max, sql } from 'drizzle-orm';
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

type Side = Extract<ContractReader, { kind: 'company' | 'applicant' }>;
type ProposalRow = typeof milestoneProposals.$inferSelect;

// Changes to a fixed-price contract's unfunded milestones need both sides (decision 035): one proposes
// the milestones not yet funded as they should be, the other accepts (they change, in one transaction
// under the contract's lock) or declines; the proposer may withdraw. Funded money never changes here.

// The fixed-price contract, locked for a change of its milestones (the order every such change takes:
// the contract's row, then its milestones'), within the side's reach.
async function lockContract(tx: Database, id: string, reader: ContractReader) {
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

const unfundedOf = (tx: Database, assignmentId: string) =>
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

const answeredStatus: Record<ProposalAnswer, 'accepted' | 'declined' | 'withdrawn'> = {
  accept: 'accepted',
  decline: 'declined',
  withdraw: 'withdrawn',
};

export async function answerProposal({
  db,
  reader,
  actorId,
  proposalId,
  answer,
  ipAddress,
  now = new Date(),
}: {
  db: Database;
  reader: Side;
  actorId: string;
  proposalId: string;
  answer: ProposalAnswer;
  ipAddress?: string;
  now?: Date;
}): Promise<Contract> {
  const contractId = await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ assignmentId: milestoneProposals.assignmentId })
      .from(milestoneProposals)
      .innerJoin(assignments, eq(assignments.id, milestoneProposals.assignmentId))
      .where(and(eq(milestoneProposals.id, proposalId), reachOf(reader)));
    if (!found) throw new AppError('not_found', milestoneTexts.proposalNotFound);
    const contract = await lockContract(tx, found.assignmentId, reader);
    const [proposal] = await tx
      .select()
      .from(milestoneProposals)
      .where(eq(milestoneProposals.id, proposalId))
      .for('update');
    if (proposal?.status !== 'pending') throw new AppError('not_found', milestoneTexts.proposalNotFound);
    const isProposer = proposal.proposedBySide === reader.kind;
    if (answer === 'withdraw' ? !isProposer : isProposer) throw new AppError('conflict', milestoneTexts.ownProposal);

    if (answer === 'accept') await applyProposal(tx, contract.id, proposal, now);
    await tx
      .update(milestoneProposals)
      .set({ status: answeredStatus[answer], answeredAt: now, answeredBy: actorId })
      .where(eq(milestoneProposals.id, proposal.id));
    if (answer !== 'withdraw') {
      const notice = {
        type: 'milestone_changed' as const,
        title: `Milestone changes ${answer === 'accept' ? 'accepted' : 'declined'}: ${contract.role}`,
        body:
          answer === 'accept'
            ? 'The milestones not yet funded are now as you proposed.'
            : 'Your proposed changes were declined: the milestones stay as they were.',
      };
      if (proposal.proposedBySide === 'company') {
        await notifyCompany(tx, contract.companyId, {
          ...notice,
          link: paths.companyContract.getHref({ id: contract.id }),
        });
      } else {
        await notifyTalent(tx, contract.applicantId, {
          ...notice,
          link: paths.applicantContract.getHref({ id: contract.id }),
        });
      }
    }
    await recordAuditEvent({
      db: tx,
      event: {
        actorId,
        action: `milestone.changes_${answeredStatus[answer]}`,
        targetType: 'assignment',
        targetId: contract.id,
        details: { proposal_id: proposal.id, side: reader.kind },
        ipAddress,
      },
    });
    return contract.id;
  });
  return loadContract({ db, id: contractId, reader });
}

// The proposal made real: the milestones it names change, the unfunded ones it leaves out are cancelled,
// new ones follow the last. Only when every one it touches is still unfunded: a milestone funded since
// makes the proposal stale, to be made again.
async function applyProposal(tx: Database, assignmentId: string, proposal: ProposalRow, now: Date) {
  const unfunded = await unfundedOf(tx, assignmentId);
  const stillUnfunded = new Set(unfunded.map((milestone) => milestone.id));
  const touched = [
    ...proposal.milestones.flatMap((milestone) => (milestone.id ? [milestone.id] : [])),
    ...proposal.removedIds,
  ];
  if (touched.some((id) => !stillUnfunded.has(id))) throw new AppError('conflict', milestoneTexts.proposalStale);
  for (const milestone of proposal.milestones) {
    if (!milestone.id) continue;
    await tx
      .update(milestones)
      .set({
        title: milestone.title,
        description: milestone.description,
        amountCents: milestone.amount_cents,
        dueDate: milestone.due_date,
        updatedAt: now,
      })
      .where(and(eq(milestones.id, milestone.id), eq(milestones.status, 'unfunded')));
  }
  if (proposal.removedIds.length > 0) {
    await tx
      .update(milestones)
      .set({ status: 'cancelled', updatedAt: now })
      .where(and(inArray(milestones.id, proposal.removedIds), eq(milestones.status, 'unfunded')));
  }
  const added = proposal.milestones.filter((milestone) => !milestone.id);
  if (added.length > 0) {
    const [{ last } = { last: 0 }] = await tx
      .select({ last: max(milestones.position) })
      .from(milestones)
      .where(eq(milestones.assignmentId, assignmentId));
    await tx.insert(milestones).values(
      added.map((milestone, index) => ({
        assignmentId,
        position: Number(last ?? 0) + index + 1,
        title: milestone.title,
        description: milestone.description,
        amountCents: milestone.amount_cents,
        dueDate: milestone.due_date,
        createdAt: now,
        updatedAt: now,
      })),
    );
  }
}
