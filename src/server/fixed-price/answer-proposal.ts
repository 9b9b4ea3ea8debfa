import { and, eq } from 'drizzle-orm';
import { type Contract, milestoneTexts, type ProposalAnswer } from '~/shared/milestones';
import { paths } from '~/shared/routes';
import type { Database } from '../db/client';
import { assignments, milestoneProposals } from '../db/schema';
import { sendAddendum } from '../kernels/agreements/send-addendum';
import { notifyCompany, notifyTalent } from '../kernels/work/work-notifications';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import { isoDay } from '../platform/work-calendar';
import { applyProposal } from './apply-proposal';
import { loadContract } from './contract-views';
import { reachOf } from './milestone-lock';
import { answeredStatus, lockContract, type Side } from './milestone-proposals';

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

    if (answer === 'accept') {
      await applyProposal({ tx, assignmentId: contract.id, proposal, now });
      // The contract's milestones changed: a hire who signed agreements signs the change too (decision 056).
      await sendAddendum({
        tx,
        assignmentId: contract.id,
        change: { startDate: isoDay(now), milestones: true },
        actorId,
        now,
      });
    }
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
