import { and, eq } from 'drizzle-orm';
import type { MilestoneProposal } from '~/shared/milestones';
import type { Database } from '../db/client';
import { milestoneProposals, users } from '../db/schema';

type ProposalRow = typeof milestoneProposals.$inferSelect;

export function proposalView(row: ProposalRow, proposerName: string | null): MilestoneProposal {
  return {
    id: row.id,
    proposed_by: row.proposedBySide,
    proposed_by_name: proposerName,
    created_at: row.createdAt.toISOString(),
    status: row.status,
    milestones: row.milestones,
    removed_ids: row.removedIds,
  };
}

// The contract's proposal waiting for an answer, if any.
export async function loadPendingProposal(db: Database, assignmentId: string): Promise<MilestoneProposal | null> {
  const [row] = await db
    .select({ proposal: milestoneProposals, proposerName: users.name })
    .from(milestoneProposals)
    .leftJoin(users, eq(users.id, milestoneProposals.proposedBy))
    .where(and(eq(milestoneProposals.assignmentId, assignmentId), eq(milestoneProposals.status, 'pending')));
  return row ? proposalView(row.proposal, row.proposerName) : null;
}
