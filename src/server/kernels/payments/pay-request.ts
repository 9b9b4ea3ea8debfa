import type { z } from 'zod';
import { IDEMPOTENCY_KEY_MAX_LENGTH, payInvoiceBodySchema, paymentTexts } from '~/shared/billing';
import { AppError } from '../../platform/errors';
import type { PayAnswer, PaymentMethodChoice } from './pay-invoice';
import type { PaymentProvider } from './payment-provider';

// A pay request's parts as the routes that take one read them: an invoice's Pay and a milestone's Fund.

const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]+$/;
// How long a client waits before retrying a payment the provider did not answer.
const RETRY_AFTER_SECONDS = 2;

// The pay body as this instance takes it: the new method in its provider's shape.
export function payBodySchema(provider: PaymentProvider) {
  return payInvoiceBodySchema.extend({ new_method: provider.methodInputSchema.optional() });
}

// A saved method or a new one: exactly one.
export function methodChoiceOf(body: z.output<typeof payInvoiceBodySchema>): PaymentMethodChoice {
  if (body.new_method && body.payment_method_id) {
    throw new AppError('validation', paymentTexts.chooseOneMethod, { payment_method_id: paymentTexts.chooseOneMethod });
  }
  if (body.new_method) return { new_method: body.new_method, save_method: body.save_method };
  if (body.payment_method_id) return { payment_method_id: body.payment_method_id };
  throw new AppError('validation', paymentTexts.chooseMethod, { payment_method_id: paymentTexts.chooseMethod });
}

export function idempotencyKeyOf(header: string | string[] | undefined): string {
  const key = typeof header === 'string' ? header.trim() : '';
  if (!key || key.length > IDEMPOTENCY_KEY_MAX_LENGTH || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new AppError('validation', paymentTexts.idempotencyKeyRequired);
  }
  return key;
}

export function throwUnlessSettled<Result>(answer: PayAnswer<Result>) {
  if (answer.status === 'declined') throw new AppError('payment_declined', answer.message);
  if (answer.status === 'unavailable') {
    throw new AppError('unavailable', paymentTexts.tryAgain, undefined, RETRY_AFTER_SECONDS);
  }
  return answer;
}
