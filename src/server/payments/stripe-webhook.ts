import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { z } from 'zod';
import { decimalOfMinor } from '~/shared/accounting';
import { paymentTexts } from '~/shared/billing';
import { currencyOf } from '~/shared/currencies';
import type { Database } from '../db/client';
import { invoices, payments } from '../db/schema';
import { emitWebhookEvent } from '../kernels/integrations/emit-webhook-event';
import { postPaymentCompleted } from '../kernels/money/post-payment-completed';
import { type OutcomeContext, recordPaymentOutcome } from '../kernels/payments/record-payment-outcome';
import { loadStripe, outcomeOfPaymentIntent } from '../kernels/payments/stripe-provider';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import { recordPaymentGivenBack } from './refund-payment';

const paymentIdSchema = z.uuid();

// Checks an event's Stripe-Signature against the raw body Stripe sent (any re-encoding would break it).
export async function verifyStripeEvent(
  rawBody: Buffer,
  signature: string | undefined,
  webhookSecret: string,
): Promise<Stripe.Event> {
  if (!signature) throw new AppError('validation', paymentTexts.webhookSignature);
  const { webhooks } = await loadStripe();
  try {
    return webhooks.constructEvent(rawBody, signature, webhookSecret);
  } catch {
    throw new AppError('validation', paymentTexts.webhookSignature);
  }
}

async function findPaymentOf(db: Database, intent: Stripe.PaymentIntent) {
  // Our payment's id travels in the intent's metadata: it finds the payment even when the request that
  // created the intent never heard back (and so never stored the intent's id).
  const paymentId = paymentIdSchema.safeParse(intent.metadata?.payment_id);
  const [payment] = await db
    .select({
      id: payments.id,
      amountCents: payments.amountCents,
      currency: payments.currency,
      providerRef: payments.providerRef,
    })
    .from(payments)
    .where(
      paymentId.success
        ? and(eq(payments.id, paymentId.data), eq(payments.provider, 'stripe'))
        : and(eq(payments.provider, 'stripe'), eq(payments.providerRef, intent.id)),
    );
  return payment;
}

// A PaymentIntent settled after its request answered (or the request never heard back): complete or fail
// the matching payment. Repeated deliveries, and events for payments settled already, change nothing.
// An intent for another amount, currency or intent than the payment's does not settle it (metadata can
// be copied onto any intent of the account): it is refused, for the log.
export async function handleStripeEvent(
  context: OutcomeContext,
  event: Stripe.Event,
): Promise<{ handled: boolean; refused?: string }> {
  switch (event.type) {
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed':
      return settleIntent(context, event.data.object);
    // Money that goes back after a payment completed (decision 036): a refund made in Stripe's dashboard,
    // a chargeback the company's bank opened, and one it later decided for us.
    case 'charge.refunded':
      return handleMoneyGivenBack(context, event.data.object, { refunded: event.data.object.amount_refunded });
    case 'charge.dispute.created':
      return handleMoneyGivenBack(context, event.data.object, { dispute: event.data.object });
    case 'charge.dispute.closed':
      return handleDisputeClosed(context, event.data.object);
    default:
      return { handled: false };
  }
}

async function settleIntent(
  context: OutcomeContext,
  intent: Stripe.PaymentIntent,
): Promise<{ handled: boolean; refused?: string }> {
  const payment = await findPaymentOf(context.db, intent);
  if (!payment) return { handled: false };
  if (intent.amount !== payment.amountCents || intent.currency !== payment.currency.toLowerCase()) {
    return { handled: false, refused: 'the intent’s amount or currency is not the payment’s' };
  }
  if (payment.providerRef && payment.providerRef !== intent.id) {
    return { handled: false, refused: 'the payment was charged by another intent' };
  }
  const outcome = outcomeOfPaymentIntent(intent);
  if (outcome.status === 'processing') return { handled: false };
  await recordPaymentOutcome(context, payment.id, outcome);
  return { handled: true };
}

const intentIdOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : value?.id;

// A charge refunded in full, or disputed: the invoice's payment is given back (the invoice is owed again,
// the talent's earnings of it not paid out are taken back). A partial refund or one of a milestone's
// funding (escrow moves only with its milestone) is refused, for the log: never applied silently.
async function handleMoneyGivenBack(
  context: OutcomeContext,
  object: Stripe.Charge | Stripe.Dispute,
  given: { refunded: number } | { dispute: Stripe.Dispute },
): Promise<{ handled: boolean; refused?: string }> {
  const intentId = intentIdOf(object.payment_intent);
  if (!intentId) return { handled: false };
  const [payment] = await context.db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, 'stripe'), eq(payments.providerRef, intentId)));
  if (!payment) return { handled: false };
  if (payment.status !== 'completed') return { handled: false, refused: 'the payment never completed' };
  if (payment.invoiceId === null)
    return { handled: false, refused: 'a milestone’s funding moves only with its milestone' };
  if ('refunded' in given && given.refunded < payment.amountCents) {
    return { handled: false, refused: 'a partial refund of an invoice’s payment is not applied' };
  }
  await recordPaymentGivenBack({
    db: context.db,
    payment,
    actorId: null,
    ipAddress: context.ipAddress,
    at: new Date(),
    action: 'dispute' in given ? 'payment.charged_back' : 'payment.refunded',
    details:
      'dispute' in given
        ? { dispute_ref: given.dispute.id, reason: given.dispute.reason }
        : { refund_ref: object.id, source: 'stripe' },
  });
  return { handled: true };
}

// A chargeback won: Stripe returns the money, so the invoice it had left owed is paid again — by a payment
// of its own named by the dispute (once, however often Stripe reports it), which the ledger and the
// earnings follow as any payment. A dispute lost changes nothing more; one won for an invoice the company
// has paid again since is refused for the log: the money returned is then a credit to settle by hand.
async function handleDisputeClosed(
  context: OutcomeContext,
  dispute: Stripe.Dispute,
): Promise<{ handled: boolean; refused?: string }> {
  if (dispute.status !== 'won') return { handled: false };
  const intentId = intentIdOf(dispute.payment_intent);
  if (!intentId) return { handled: false };
  const [charged] = await context.db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, 'stripe'), eq(payments.providerRef, intentId)));
  if (!charged?.invoiceId || !charged.refundedAt) return { handled: false };
  const invoiceId = charged.invoiceId;
  return context.db.transaction(async (tx) => {
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update');
    if (!invoice) return { handled: false };
    if (invoice.status === 'paid') {
      const [already] = await tx.select({ id: payments.id }).from(payments).where(eq(payments.providerRef, dispute.id));
      return already
        ? { handled: true }
        : { handled: false, refused: 'the invoice was paid again before the dispute was won' };
    }
    const now = new Date();
    const [returned] = await tx
      .insert(payments)
      .values({
        invoiceId,
        companyId: charged.companyId,
        paymentMethodId: charged.paymentMethodId,
        methodLabel: charged.methodLabel,
        amountCents: charged.amountCents,
        status: 'completed',
        idempotencyKey: `dispute-won:${dispute.id}`,
        provider: 'stripe',
        providerRef: dispute.id,
        createdAt: now,
        completedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: payments.id });
    if (!returned) return { handled: true };
    await tx.update(invoices).set({ status: 'paid', paidAt: now, updatedAt: now }).where(eq(invoices.id, invoiceId));
    await postPaymentCompleted(tx, returned.id);
    await recordAuditEvent({
      db: tx,
      event: {
        actorId: null,
        action: 'payment.dispute_won',
        targetType: 'payment',
        targetId: returned.id,
        details: {
          invoice_id: invoiceId,
          charged_back_payment_id: charged.id,
          dispute_ref: dispute.id,
          amount_cents: charged.amountCents,
        },
        ipAddress: context.ipAddress,
      },
    });
    await emitWebhookEvent({
      db: tx,
      companyId: charged.companyId,
      type: 'invoice.paid',
      data: {
        invoice_id: invoiceId,
        number: invoice.invoiceNumber,
        currency: charged.currency,
        total: decimalOfMinor(charged.amountCents, currencyOf(charged.currency)),
      },
    });
    return { handled: true };
  });
}
