import { and, eq, isNull } from 'drizzle-orm';
import { type AdminPayment, adminPaymentTexts } from '~/shared/admin-payments';
import type { Database } from '../db/client';
import { invoices, payments } from '../db/schema';
import { AppError } from '../platform/errors';
import { postPaymentRefunded } from '../platform/ledger';
import { recordAuditEvent } from '../platform/record-audit-event';
import { loadAdminPayment } from './find-admin-payments';
import { type PaymentProvider, TransientPaymentError } from './payment-provider';

// The provider's idempotency key for a payment's refund: one payment, at most one refund, however often
// it is asked (a retry, a double click, two administrators at once).
const refundKeyOf = (paymentId: string) => `refund:${paymentId}`;

// An administrator refunds a completed payment in full through the provider. Idempotent: refunded_at is
// set once; asking again answers the refunded payment as it is.
//
// Decision: the invoice goes back to 'unpaid' (paid_at cleared). The money was given back, so the
// amount is owed again; the company sees it among its open invoices and the overdue job treats it
// like any other unpaid invoice. (Paying it again needs the payments_one_live_per_invoice index to
// leave refunded payments out: a migration, not made here.)
export async function refundPayment({
  db,
  provider,
  paymentId,
  actorId,
  ipAddress,
  now = () => new Date(),
}: {
  db: Database;
  provider: PaymentProvider;
  paymentId: string;
  actorId: string;
  ipAddress?: string | null;
  now?: () => Date;
}): Promise<AdminPayment> {
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment) throw new AppError('not_found', adminPaymentTexts.notFound);
  if (payment.refundedAt) return viewOf(db, paymentId);
  if (payment.status !== 'completed') throw new AppError('conflict', adminPaymentTexts.refundNeedsCompleted);
  if (payment.invoiceId === null) throw new AppError('conflict', adminPaymentTexts.refundIsEscrow);
  const { invoiceId } = payment;

  let refundRef: string;
  try {
    ({ refundRef } = await provider.refund({
      providerRef: payment.providerRef ?? '',
      amountCents: payment.amountCents,
      idempotencyKey: refundKeyOf(payment.id),
    }));
  } catch (error) {
    if (error instanceof TransientPaymentError) throw new AppError('unavailable', adminPaymentTexts.refundUnavailable);
    throw error;
  }

  await db.transaction(async (tx) => {
    const refundedAt = now();
    // Only the first answer records the refund; a concurrent one finds it set and changes nothing.
    const [refunded] = await tx
      .update(payments)
      .set({ refundedAt })
      .where(and(eq(payments.id, payment.id), isNull(payments.refundedAt)))
      .returning({ id: payments.id });
    if (!refunded) return;
    await tx
      .update(invoices)
      .set({ status: 'unpaid', paidAt: null, updatedAt: refundedAt })
      .where(and(eq(invoices.id, invoiceId), eq(invoices.status, 'paid')));
    await postPaymentRefunded(tx, payment.id);
    await recordAuditEvent({
      db: tx,
      event: {
        actorId,
        action: 'payment.refunded',
        targetType: 'payment',
        targetId: payment.id,
        details: {
          invoice_id: payment.invoiceId,
          company_id: payment.companyId,
          amount_cents: payment.amountCents,
          provider: payment.provider,
          refund_ref: refundRef,
        },
        ipAddress: ipAddress ?? null,
      },
    });
  });
  return viewOf(db, paymentId);
}

async function viewOf(db: Database, paymentId: string): Promise<AdminPayment> {
  const view = await loadAdminPayment(db, paymentId);
  if (!view) throw new AppError('not_found', adminPaymentTexts.notFound);
  return view;
}
