import { and, eq, sql } from 'drizzle-orm';
import { formatCents } from '~/shared/billing';
import { type Contract, type DisputeDetail, milestoneTexts } from '~/shared/milestones';
import { paths } from '~/shared/routes';
import type { Database } from '../db/client';
import { milestones, payments, users } from '../db/schema';
import { buildMilestoneItems } from '../kernels/money/invoice-arithmetic';
import { postFundingRefunded } from '../kernels/money/post-funding-refunded';
import { fundedChargeOf } from '../kernels/payments/milestone-charge';
import { type PaymentProvider, TransientPaymentError } from '../kernels/payments/payment-provider';
import { notifyCompany, notifyTalent } from '../kernels/work/work-notifications';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import { loadContract } from './contract-views';
import { getDispute } from './dispute-views';
import { type ContractReader, type LockedMilestone, lockMilestoneFor } from './milestone-lock';
import { issueReleaseInvoice } from './move-milestone';

type MilestoneRow = typeof milestones.$inferSelect;

// The provider's key for a milestone's refund: a milestone's money goes back once (a talent's refund or a
// settlement, never both: each moves it out of escrow under its lock), however often it is asked.
const refundKeyOf = (milestoneId: string) => `milestone-refund:${milestoneId}`;

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

// The funding payment whose charge a refund gives back.
async function fundingPaymentOf(tx: Database, milestoneId: string) {
  const [payment] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.milestoneId, milestoneId), eq(payments.status, 'completed')));
  if (!payment?.providerRef) throw new Error(`Milestone ${milestoneId} is funded without a completed payment.`);
  return payment;
}

// Gives `amountCents` of the funding charge back through the provider (inside the caller's transaction,
// under the milestone's lock): when the provider cannot be reached the transaction rolls back whole.
async function refundThroughProvider(
  tx: Database,
  provider: PaymentProvider,
  milestone: MilestoneRow,
  amountCents: number,
  now: Date,
): Promise<{ refundRef: string | null }> {
  if (amountCents === 0) return { refundRef: null };
  const payment = await fundingPaymentOf(tx, milestone.id);
  let refundRef: string;
  try {
    ({ refundRef } = await provider.refund({
      providerRef: payment.providerRef ?? '',
      amountCents,
      idempotencyKey: refundKeyOf(milestone.id),
    }));
  } catch (error) {
    if (error instanceof TransientPaymentError) throw new AppError('unavailable', milestoneTexts.refundUnavailable);
    throw error;
  }
  // The whole charge back: the payment shows as refunded (a part leaves it completed; the milestone keeps
  // what went where).
  if (amountCents === payment.amountCents) {
    await tx.update(payments).set({ refundedAt: now }).where(eq(payments.id, payment.id));
  }
  return { refundRef };
}

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
    const { refundRef } = await refundThroughProvider(tx, provider, milestone, charge.total_cents, now);
    await tx
      .update(milestones)
      .set({ status: 'refunded', refundedCents: sql`${milestones.fundedCents}`, updatedAt: now })
      .where(eq(milestones.id, milestone.id));
    await postFundingRefunded(tx, milestone.id);
    await notifyCompany(tx, locked.companyId, {
      type: 'milestone_changed',
      title: `Refunded: ${milestone.title}`,
      body: `The talent gave back ${milestone.title}: ${formatCents(charge.total_cents)} is refunded to your payment method.`,
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
    });
    const chargedBackCents = charge.total_cents - (releaseCents > 0 ? releasedPart.totalCents : 0);
    const { refundRef } = await refundThroughProvider(tx, provider, milestone, chargedBackCents, now);
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
        ? await issueReleaseInvoice(tx, settled, {
            applicantId: locked.applicantId,
            assignmentId: locked.assignmentId,
            companyId: locked.companyId,
            now,
          })
        : null;
    await postFundingRefunded(tx, milestone.id);
    const body = `${milestone.title} is settled: ${formatCents(releaseCents)} released to the talent, ${formatCents(chargedBackCents)} refunded to the company. ${note}`;
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

async function lockDispute(tx: Database, milestoneId: string): Promise<LockedMilestone> {
  const locked = await lockMilestoneFor(tx, { milestoneId, reader: { kind: 'admin' } });
  if (!locked.milestone.disputedAt) throw new AppError('not_found', milestoneTexts.disputeNotFound);
  return locked;
}
