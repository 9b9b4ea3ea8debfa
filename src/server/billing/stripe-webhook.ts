import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { z } from 'zod';
import { paymentTexts } from '~/shared/billing';
import type { Database } from '../db/client';
import { payments } from '../db/schema';
import { AppError } from '../platform/errors';
import type { ChargeRequest } from './payment-provider';
import { type OutcomeContext, recordPaymentOutcome } from './record-payment-outcome';
import { outcomeOfPaymentIntent } from './stripe-provider';

const handledEvents = new Set(['payment_intent.succeeded', 'payment_intent.payment_failed']);
const paymentIdSchema = z.uuid();

// Checks an event's Stripe-Signature against the raw body Stripe sent (any re-encoding would break it).
export function verifyStripeEvent(rawBody: Buffer, signature: string | undefined, webhookSecret: string): Stripe.Event {
  if (!signature) throw new AppError('validation', paymentTexts.webhookSignature);
  try {
    return Stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
  } catch {
    throw new AppError('validation', paymentTexts.webhookSignature);
  }
}

async function findPaymentOf(db: Database, intent: Stripe.PaymentIntent) {
  // Our payment's id travels in the intent's metadata: it finds the payment even when the request that
  // created the intent never heard back (and so never stored the intent's id).
  const paymentId = paymentIdSchema.safeParse(intent.metadata?.payment_id);
  const [payment] = await db
    .select({ id: payments.id, amountCents: payments.amountCents, providerRef: payments.providerRef })
    .from(payments)
    .where(
      paymentId.success
        ? and(eq(payments.id, paymentId.data), eq(payments.provider, 'stripe'))
        : and(eq(payments.provider, 'stripe'), eq(payments.providerRef, intent.id)),
    );
  return payment;
}

// Every charge is made in this currency (pay-invoice.ts).
const PAYMENT_CURRENCY: ChargeRequest['currency'] = 'usd';

// A PaymentIntent settled after its request answered (or the request never heard back): complete or fail
// the matching payment. Repeated deliveries, and events for payments settled already, change nothing.
// An intent for another amount, currency or intent than the payment's does not settle it (metadata can
// be copied onto any intent of the account): it is refused, for the log.
export async function handleStripeEvent(
  context: OutcomeContext,
  event: Stripe.Event,
): Promise<{ handled: boolean; refused?: string }> {
  if (!handledEvents.has(event.type)) return { handled: false };
  const intent = event.data.object as Stripe.PaymentIntent;
  const payment = await findPaymentOf(context.db, intent);
  if (!payment) return { handled: false };
  if (intent.amount !== payment.amountCents || intent.currency !== PAYMENT_CURRENCY) {
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
