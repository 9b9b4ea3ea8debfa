import type { z } from 'zod';
import type { NewPaymentMethodInput, PaymentMethodKind } from '~/shared/billing';

// Payments go through a provider (docs/design.md §2: a local test-mode provider by default, Stripe when
// configured). The provider holds the payment details; we keep a masked label and its reference.

export interface SavedMethod {
  kind: PaymentMethodKind;
  // The provider's handle on the details (never a card or account number).
  provider_ref: string;
  // 'Visa ending in 4242', 'Bank account ending in 6789', 'Wallet (name@example.com)'.
  label: string;
  last4: string | null;
}

export interface ChargeRequest {
  // In the payment's currency (the company's billing currency), counted in its minor unit.
  amountCents: number;
  // Lower case, as Stripe spells it: 'usd', 'eur'.
  currency: string;
  // The saved method's provider_ref.
  providerRef: string;
  // The same key always names the same charge: a retry returns the first outcome and never charges twice.
  idempotencyKey: string;
  description: string;
  // Our payment's id, kept with the charge (Stripe metadata) so a webhook finds it.
  paymentId: string;
}

export type ChargeOutcome =
  | { status: 'succeeded'; providerRef: string }
  // Accepted but not settled yet (a Stripe PaymentIntent still processing): its webhook completes it.
  | { status: 'processing'; providerRef: string }
  | { status: 'declined'; message: string; providerRef?: string };

// The provider could not be reached or did not answer in time: whether the charge happened is unknown,
// so the payment stays pending and a retry with the same key finds out.
export class TransientPaymentError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'TransientPaymentError';
  }
}

interface RefundRequest {
  // The completed charge's reference (payments.provider_ref).
  providerRef: string;
  amountCents: number;
  // The same key always names the same refund: a retry never refunds twice.
  idempotencyKey: string;
}

export interface PaymentProvider {
  // Stored with each method and payment: 'test' or 'stripe'.
  name: string;
  // What a new method looks like in a request body (Stripe takes a PaymentMethod id, not a card number).
  methodInputSchema: z.ZodType<NewPaymentMethodInput>;
  // Keeps the details with the provider. Refuses bad details with an AppError (validation) whose
  // fields name the body's fields.
  saveMethod(input: { method: NewPaymentMethodInput; company: { id: string; name: string } }): Promise<SavedMethod>;
  // Throws TransientPaymentError (or anything else) when the outcome is unknown.
  charge(request: ChargeRequest): Promise<ChargeOutcome>;
  // Gives a completed charge back in full; answers the refund's reference. Throws
  // TransientPaymentError when the provider could not be reached.
  refund(request: RefundRequest): Promise<{ refundRef: string }>;
}

export type { NewPaymentMethodInput } from '~/shared/billing';
