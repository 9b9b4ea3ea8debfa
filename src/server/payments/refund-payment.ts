import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { decimalOfMinor } from '~/shared/accounting';
import { type AdminPayment, adminPaymentTexts } from '~/shared/admin-payments';
import { formatCents } from '~/shared/billing';
import { currencyOf } from '~/shared/currencies';
import { paths } from '~/shared/routes';
import type { Database } from '../db/client';
import { integerColumn, uuidColumn } from '../db/row-columns';
import { invoiceItems, invoices, payments } from '../db/schema';
import { selectRows } from '../db/select-rows';
import { emitWebhookEvent } from '../kernels/integrations/emit-webhook-event';
import { shareOfCharge } from '../kernels/money/invoice-arithmetic';
import { type CreditNoteLine, issueCreditNote } from '../kernels/money/issue-credit-note';
import { postPaymentRefunded } from '../kernels/money/post-payment-refunded';
import { notify } from '../kernels/notices/notify';
import { type PaymentProvider, TransientPaymentError } from '../kernels/payments/payment-provider';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import { loadAdminPayment } from './find-admin-payments';

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

  await recordPaymentGivenBack({
    db,
    payment,
    actorId,
    ipAddress: ipAddress ?? null,
    at: now(),
    action: 'payment.refunded',
    details: { refund_ref: refundRef },
  });
  return viewOf(db, paymentId);
}

// The money of a completed invoice payment went back to the company — refunded here or from Stripe's
// dashboard, or taken by a chargeback: recorded once (refunded_at is set once; a concurrent or repeated
// report changes nothing). The invoice is owed again, and the ledger takes back the talent's earnings of
// it that were not paid out (decision 036). Its credit note (decision 048) credits the invoice's items as
// they were billed: the whole payment went back, so the whole invoice is credited.
export async function recordPaymentGivenBack({
  db,
  payment,
  actorId,
  ipAddress,
  at,
  action,
  details,
}: {
  db: Database;
  payment: typeof payments.$inferSelect;
  actorId: string | null;
  ipAddress: string | null;
  at: Date;
  action: 'payment.refunded' | 'payment.charged_back';
  details: Record<string, unknown>;
}): Promise<boolean> {
  const invoiceId = payment.invoiceId;
  if (!invoiceId) return false;
  return db.transaction(async (tx) => {
    const [refunded] = await tx
      .update(payments)
      .set({ refundedAt: at })
      .where(and(eq(payments.id, payment.id), isNull(payments.refundedAt)))
      .returning({ id: payments.id });
    if (!refunded) return false;
    await tx
      .update(invoices)
      .set({ status: 'unpaid', paidAt: null, updatedAt: at })
      .where(and(eq(invoices.id, invoiceId), eq(invoices.status, 'paid')));
    await issueCreditNote({
      tx,
      refundKey: refundKeyOf(payment.id),
      reason: action === 'payment.charged_back' ? 'charged_back' : 'payment_refunded',
      companyId: payment.companyId,
      paymentId: payment.id,
      invoiceId,
      lines: await creditedLinesOf(tx, invoiceId, payment.amountCents),
      at,
    });
    await postPaymentRefunded(tx, payment.id);
    await noticeEarningsTakenBack(tx, payment.id);
    await recordAuditEvent({
      db: tx,
      event: {
        actorId,
        action,
        targetType: 'payment',
        targetId: payment.id,
        details: {
          invoice_id: invoiceId,
          company_id: payment.companyId,
          amount_cents: payment.amountCents,
          provider: payment.provider,
          ...details,
        },
        ipAddress,
      },
    });
    // A chargeback gives the money back as a refund does, with its credit note: both are announced.
    const [invoice] = await tx
      .select({ number: invoices.invoiceNumber })
      .from(invoices)
      .where(eq(invoices.id, invoiceId));
    await emitWebhookEvent({
      db: tx,
      companyId: payment.companyId,
      type: 'invoice.refunded',
      data: {
        invoice_id: invoiceId,
        number: invoice?.number ?? '',
        currency: payment.currency,
        refunded: decimalOfMinor(payment.amountCents, currencyOf(payment.currency)),
      },
    });
    return true;
  });
}

// What a payment's refund credits: the invoice's items as billed when the payment paid the whole invoice
// (every payment does); otherwise the payment's amount split as the invoice was, work, fee and tax.
async function creditedLinesOf(tx: Database, invoiceId: string, amountCents: number): Promise<CreditNoteLine[]> {
  const billed = await tx
    .select({ kind: invoiceItems.kind, description: invoiceItems.description, amountCents: invoiceItems.amountCents })
    .from(invoiceItems)
    .where(eq(invoiceItems.invoiceId, invoiceId))
    .orderBy(asc(invoiceItems.position));
  if (billed.reduce((sum, line) => sum + line.amountCents, 0) === amountCents) return billed;
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId));
  if (!invoice || invoice.totalCents < amountCents)
    return [{ kind: 'work', description: 'Payment refunded', amountCents }];
  const share = shareOfCharge(amountCents, invoice);
  return [
    { kind: 'work', description: `Work of invoice ${invoice.invoiceNumber}`, amountCents: share.subtotalCents },
    { kind: 'fee', description: 'Platform fee', amountCents: share.feeCents },
    { kind: 'tax', description: 'Tax', amountCents: share.taxCents },
  ];
}

// Never silently (decision 036): each talent whose available earnings the refund took back is told how
// much, and that it is pending again until the company pays.
async function noticeEarningsTakenBack(tx: Database, paymentId: string) {
  const takenBack = await selectRows(
    tx,
    z.object({ applicant_id: uuidColumn, cents: integerColumn, currency: z.string().transform(currencyOf) }),
    sql`select l.applicant_id, sum(e.amount_cents)::bigint as cents, e.currency
        from ledger_transactions l join ledger_entries e on e.transaction_id = l.id and e.account = 'talent_available'
        where l.kind = 'earnings_reclaimed' and l.payment_id = ${paymentId}
        group by l.applicant_id, e.currency`,
  );
  await notify({
    db: tx,
    items: takenBack.map((talent) => ({
      userId: talent.applicant_id,
      type: 'earnings_changed' as const,
      title: `${formatCents(talent.cents, talent.currency)} of your earnings is pending again`,
      body: 'The company’s payment for this work was refunded. The earnings become available again once it pays; if they were paid out already, later earnings make up the difference.',
      link: paths.applicantEarnings.getHref(),
    })),
  });
}

async function viewOf(db: Database, paymentId: string): Promise<AdminPayment> {
  const view = await loadAdminPayment(db, paymentId);
  if (!view) throw new AppError('not_found', adminPaymentTexts.notFound);
  return view;
}
