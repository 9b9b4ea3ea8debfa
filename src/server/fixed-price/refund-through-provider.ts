import { and, eq } from 'drizzle-orm';
import { milestoneTexts } from '~/shared/milestones';
import type { Database } from '../db/client';
import { type milestones, payments } from '../db/schema';
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

// Gives `amountCents` of the funding charge back through the provider (inside the caller's transaction,
// under the milestone's lock): when the provider cannot be reached the transaction rolls back whole.
export async function refundThroughProvider({
  tx,
  provider,
  milestone,
  amountCents,
  now,
}: {
  tx: Database;
  provider: PaymentProvider;
  milestone: MilestoneRow;
  amountCents: number;
  now: Date;
}): Promise<{ refundRef: string | null }> {
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
