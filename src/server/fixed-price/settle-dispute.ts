import { and, eq } from 'drizzle-orm';
import { formatCents } from '~/shared/billing';
import { type DisputeDetail, milestoneTexts } from '~/shared/milestones';
import { paths } from '~/shared/routes';
import type { Database } from '../db/client';
import { milestones } from '../db/schema';
import { buildMilestoneItems, creditedMilestoneLines } from '../kernels/money/invoice-arithmetic';
import { postFundingRefunded } from '../kernels/money/post-funding-refunded';
import { fundedChargeOf } from '../kernels/payments/milestone-charge';
import type { PaymentProvider } from '../kernels/payments/payment-provider';
import { notifyCompany, notifyTalent } from '../kernels/work/work-notifications';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import { getDispute } from './dispute-views';
import { issueReleaseInvoice } from './issue-release-invoice';
import { lockDispute } from './milestone-disputes';
import { refundThroughProvider } from './refund-through-provider';

// An administrator settles a dispute to the cent: `releaseCents` of the held amount goes to the talent
// (its own paid invoice, fee and tax on that part), the rest of the charge back to the company, so the two
// add up to what the funding charged. Audited with before and after; both sides told.
export async function settleDispute({
  db,
  provider,
  actorId,
  milestoneId,
  releaseCents,
  note,
  ipAddress,
  now = new Date(),
}: {
  db: Database;
  provider: PaymentProvider;
  actorId: string;
  milestoneId: string;
  releaseCents: number;
  note: string;
  ipAddress?: string;
  now?: Date;
}): Promise<DisputeDetail> {
  await db.transaction(async (tx) => {
    const locked = await lockDispute(tx, milestoneId);
    const { milestone } = locked;
    // The same settlement again (a retry) finds it settled and changes nothing; another amount is refused,
    // not answered as if it had been applied.
    if (milestone.status === 'settled') {
      if (milestone.releasedCents === releaseCents) return;
      throw new AppError('conflict', milestoneTexts.alreadySettled(milestone.releasedCents));
    }
    if (milestone.status !== 'disputed') throw new AppError('conflict', milestoneTexts.cannotSettle);
    if (releaseCents > milestone.fundedCents) {
      const message = milestoneTexts.releaseRange(milestone.fundedCents);
      throw new AppError('validation', message, { release_cents: message });
    }
    const charge = fundedChargeOf(milestone);
    const releasedPart = buildMilestoneItems({
      assignmentId: locked.assignmentId,
      title: milestone.title,
      talentName: '',
      amountCents: releaseCents,
      feeBasisPoints: milestone.feeBasisPoints ?? 0,
      taxBasisPoints: milestone.taxBasisPoints ?? 0,
      currency: locked.currency,
    });
    const { refundRef, amountCents: chargedBackCents } = await refundThroughProvider({
      tx,
      provider,
      milestone,
      reason: 'dispute_settled',
      lines: creditedMilestoneLines({
        title: milestone.title,
        charged: { subtotalCents: charge.amount_cents, feeCents: charge.fee_cents, taxCents: charge.tax_cents },
        released: releaseCents > 0 ? releasedPart : null,
      }),
      now,
    });
    const [settled] = await tx
      .update(milestones)
      .set({
        status: 'settled',
        releasedCents: releaseCents,
        refundedCents: milestone.fundedCents - releaseCents,
        settledAt: now,
        settledBy: actorId,
        settlementNote: note,
        updatedAt: now,
      })
      .where(and(eq(milestones.id, milestone.id), eq(milestones.status, 'disputed')))
      .returning();
    if (!settled) throw new AppError('conflict', milestoneTexts.cannotSettle);
    const invoice =
      releaseCents > 0
        ? await issueReleaseInvoice({
            tx,
            released: settled,
            applicantId: locked.applicantId,
            assignmentId: locked.assignmentId,
            companyId: locked.companyId,
            currency: locked.currency,
            now,
          })
        : null;
    await postFundingRefunded(tx, milestone.id);
    const body = `${milestone.title} is settled: ${formatCents(releaseCents, locked.currency)} released to the talent, ${formatCents(chargedBackCents, locked.currency)} refunded to the company. ${note}`;
    await notifyTalent(tx, locked.applicantId, {
      type: 'milestone_changed',
      title: `Dispute settled: ${milestone.title}`,
      body,
      link: paths.applicantContract.getHref({ id: locked.assignmentId }),
    });
    await notifyCompany(tx, locked.companyId, {
      type: 'milestone_changed',
      title: `Dispute settled: ${milestone.title}`,
      body,
      link: paths.companyContract.getHref({ id: locked.assignmentId }),
    });
    await recordAuditEvent({
      db: tx,
      event: {
        actorId,
        action: 'milestone.settled',
        targetType: 'milestone',
        targetId: milestone.id,
        details: {
          assignment_id: locked.assignmentId,
          before: { status: 'disputed', released_cents: 0, refunded_cents: 0, held_cents: milestone.fundedCents },
          after: {
            status: 'settled',
            released_cents: releaseCents,
            refunded_cents: milestone.fundedCents - releaseCents,
            held_cents: 0,
          },
          charge_cents: charge.total_cents,
          charge_refunded_cents: chargedBackCents,
          invoice_id: invoice?.id ?? null,
          refund_ref: refundRef,
          note,
        },
        ipAddress,
      },
    });
  });
  return getDispute({ db, milestoneId });
}
