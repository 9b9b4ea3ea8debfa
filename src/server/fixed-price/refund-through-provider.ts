import { and, eq } from 'drizzle-orm';
import type { CreditNoteReason } from '~/shared/billing';
import { milestoneTexts } from '~/shared/milestones';
import type { Database } from '../db/client';
import { type milestones, payments } from '../db/schema';
import { type CreditNoteLine, issueCreditNote } from '../kernels/money/issue-credit-note';
import { type PaymentProvider, TransientPaymentError } from '../kernels/payments/payment-provider';
import { AppError } from '../platform/errors';

type MilestoneRow = typeof milestones.$inferSelect;

// The provider's key for a milestone's refund: a milestone's money goes back once (a talent's refund or a
// settlement, never both: each moves it out of escrow under its lock), however often it is asked.
const refundKeyOf = (milestoneId: string) => `milestone-refund:${milestoneId}`;

// The funding payment whose charge a refund gives back.
async function fundingPaymentOf(tx: Database, milestoneId: string) {
  const [payment] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.milestoneId, milestoneId), eq(payments.status, 'completed')));
  if (!payment?.providerRef) throw new Error(`Milestone ${milestoneId} is funded without a completed payment.`);
  return payment;
}

// Gives the `lines` of the funding charge back through the provider (inside the caller's transaction, under
// the milestone's lock): when the provider cannot be reached the transaction rolls back whole. The money that
// went back gets its credit note (decision 048), crediting the funding payment: it was never invoiced.
export async function refundThroughProvider({
  tx,
  provider,
  milestone,
  reason,
  lines,
  now,
}: {
  tx: Database;
  provider: PaymentProvider;
  milestone: MilestoneRow;
  reason: Extract<CreditNoteReason, 'milestone_refunded' | 'dispute_settled'>;
  lines: CreditNoteLine[];
  now: Date;
}): Promise<{ refundRef: string | null; amountCents: number }> {
  const amountCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
  if (amountCents === 0) return { refundRef: null, amountCents };
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
  // The whole charge back: the payment shows as refunded. A part leaves it completed with its refunded
  // amount (the credit note adds it), and the milestone keeps what went where.
  if (amountCents === payment.amountCents) {
    await tx.update(payments).set({ refundedAt: now }).where(eq(payments.id, payment.id));
  }
  await issueCreditNote({
    tx,
    refundKey: refundKeyOf(milestone.id),
    reason,
    companyId: payment.companyId,
    paymentId: payment.id,
    milestoneId: milestone.id,
    lines,
    at: now,
  });
  return { refundRef, amountCents };
}
