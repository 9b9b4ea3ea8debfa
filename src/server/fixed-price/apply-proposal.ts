import { and, eq, inArray, max } from 'drizzle-orm';
import { milestoneTexts } from '~/shared/milestones';
import type { Database } from '../db/client';
import { milestones } from '../db/schema';
import { AppError } from '../platform/errors';
import { type ProposalRow, unfundedOf } from './milestone-proposals';

// The proposal made real: the milestones it names change, the unfunded ones it leaves out are cancelled,
// new ones follow the last. Only when every one it touches is still unfunded: a milestone funded since
// makes the proposal stale, to be made again.
export async function applyProposal({
  tx,
  assignmentId,
  proposal,
  now,
}: {
  tx: Database;
  assignmentId: string;
  proposal: ProposalRow;
  now: Date;
}) {
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
