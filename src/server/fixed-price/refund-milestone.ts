import { eq, sql } from 'drizzle-orm';
import { formatCents } from '~/shared/billing';
import { type Contract, milestoneTexts } from '~/shared/milestones';
import { paths } from '~/shared/routes';
import type { Database } from '../db/client';
import { milestones } from '../db/schema';
import { creditedMilestoneLines } from '../kernels/money/invoice-arithmetic';
import { postFundingRefunded } from '../kernels/money/post-funding-refunded';
import { fundedChargeOf } from '../kernels/payments/milestone-charge';
import type { PaymentProvider } from '../kernels/payments/payment-provider';
import { notifyCompany } from '../kernels/work/work-notifications';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import { loadContract } from './contract-views';
import { type ContractReader, lockMilestoneFor } from './milestone-lock';
import { refundThroughProvider } from './refund-through-provider';

// The talent gives a funded milestone's money back to the company (their consent): the whole charge is
// refunded, once.
export async function refundMilestone({
  db,
  provider,
  applicantId,
  milestoneId,
  ipAddress,
  now = new Date(),
}: {
  db: Database;
  provider: PaymentProvider;
  applicantId: string;
  milestoneId: string;
  ipAddress?: string;
  now?: Date;
}): Promise<Contract> {
  const reader: ContractReader = { kind: 'applicant', applicantId };
  const assignmentId = await db.transaction(async (tx) => {
    const locked = await lockMilestoneFor(tx, { milestoneId, reader });
    const { milestone } = locked;
    if (milestone.status === 'refunded') return locked.assignmentId;
    if (milestone.status !== 'funded' && milestone.status !== 'changes_requested') {
      throw new AppError('conflict', milestoneTexts.cannotRefund);
    }
    const charge = fundedChargeOf(milestone);
    const { refundRef } = await refundThroughProvider({
      tx,
      provider,
      milestone,
      reason: 'milestone_refunded',
      lines: creditedMilestoneLines({
        title: milestone.title,
        charged: { subtotalCents: charge.amount_cents, feeCents: charge.fee_cents, taxCents: charge.tax_cents },
      }),
      now,
    });
    await tx
      .update(milestones)
      .set({ status: 'refunded', refundedCents: sql`${milestones.fundedCents}`, updatedAt: now })
      .where(eq(milestones.id, milestone.id));
    await postFundingRefunded(tx, milestone.id);
    await notifyCompany(tx, locked.companyId, {
      type: 'milestone_changed',
      title: `Refunded: ${milestone.title}`,
      body: `The talent gave back ${milestone.title}: ${formatCents(charge.total_cents, locked.currency)} is refunded to your payment method.`,
      link: paths.companyContract.getHref({ id: locked.assignmentId }),
    });
    await recordAuditEvent({
      db: tx,
      event: {
        actorId: applicantId,
        action: 'milestone.refunded',
        targetType: 'milestone',
        targetId: milestone.id,
        details: {
          assignment_id: locked.assignmentId,
          from: milestone.status,
          to: 'refunded',
          refunded_cents: milestone.fundedCents,
          charge_refunded_cents: charge.total_cents,
          refund_ref: refundRef,
        },
        ipAddress,
      },
    });
    return locked.assignmentId;
  });
  return loadContract({ db, id: assignmentId, reader });
}
