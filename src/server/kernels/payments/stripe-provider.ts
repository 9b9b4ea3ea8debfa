import type Stripe from 'stripe';
import { z } from 'zod';
import { addPaymentMethodSchema, paymentTexts, stripeCardMethodSchema } from '~/shared/billing';
import { AppError } from '../../platform/errors';
import { type ChargeOutcome, type PaymentProvider, type SavedMethod, TransientPaymentError } from './payment-provider';

// With Stripe, a card is the PaymentMethod id Stripe.js made; bank accounts and wallets keep their shape and
// are refused with a sentence.
const [, bankMethodSchema, walletMethodSchema] = addPaymentMethodSchema.options;
const stripeMethodInputSchema = z.discriminatedUnion('kind', [
  stripeCardMethodSchema,
  bankMethodSchema,
  walletMethodSchema,
]);

const brandNames: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  cartes_bancaires: 'Cartes Bancaires',
  eftpos_au: 'eftpos',
  interac: 'Interac',
};

// A saved method's reference: the Customer it is attached to (off-session charges need one) and the
// PaymentMethod, as "cus_…/pm_…".
const stripeMethodRef = (customerId: string, paymentMethodId: string) => `${customerId}/${paymentMethodId}`;

function parseMethodRef(providerRef: string): { customer: string; paymentMethod: string } | undefined {
  const [customer, paymentMethod, ...rest] = providerRef.split('/');
  if (!customer?.startsWith('cus_') || !paymentMethod?.startsWith('pm_') || rest.length > 0) return undefined;
  return { customer, paymentMethod };
}

// Loaded with the first Stripe request: a fifth of a second of every start otherwise, and most processes
// (tests, the test-mode provider) never make one.
let stripeModule: Promise<typeof Stripe> | undefined;
export function loadStripe(): Promise<typeof Stripe> {
  stripeModule ??= import('stripe').then((module) => module.default);
  return stripeModule;
}

const declineMessageOf = (declineCode: string | undefined | null) =>
  declineCode === 'insufficient_funds' ? paymentTexts.insufficientFunds : paymentTexts.cardDeclined;

// What a PaymentIntent's state means for our payment: from the charge's answer and from webhook events.
export function outcomeOfPaymentIntent(intent: Stripe.PaymentIntent): ChargeOutcome {
  switch (intent.status) {
    case 'succeeded':
      return { status: 'succeeded', providerRef: intent.id };
    case 'processing':
      return { status: 'processing', providerRef: intent.id };
    default:
      // requires_payment_method after a failed attempt, canceled, or an off-session charge that would
      // need the cardholder (requires_action): this payment will not complete.
      return {
        status: 'declined',
        message: declineMessageOf(intent.last_payment_error?.decline_code),
        providerRef: intent.id,
      };
  }
}

// What a refused request means: a decline is final for this payment; a network or Stripe-side failure
// leaves the outcome unknown (TransientPaymentError: the payment stays pending, a retry with the same
// key asks again).
function outcomeOfStripeError(error: unknown, { errors }: typeof Stripe): ChargeOutcome {
  if (error instanceof errors.StripeCardError) {
    return {
      status: 'declined',
      message: declineMessageOf(error.decline_code),
      ...(error.payment_intent?.id && { providerRef: error.payment_intent.id }),
    };
  }
  if (
    error instanceof errors.StripeInvalidRequestError &&
    (error.code === 'resource_missing' || error.param?.startsWith('payment_method'))
  ) {
    return { status: 'declined', message: paymentTexts.methodUnusable };
  }
  throw new TransientPaymentError('Stripe did not complete the request.', { cause: error });
}

interface StripeProviderOptions {
  secretKey: string;
  // stripe-mock or a test server in place of api.stripe.com.
  apiUrl?: string;
  maxNetworkRetries?: number;
  timeoutMs?: number;
}

// The client is made on the first request (stripe is loaded then); its options are read at once, so a bad
// address still fails at start.
function lazyStripeClient({
  secretKey,
  apiUrl,
  maxNetworkRetries = 2,
  timeoutMs = 20_000,
}: StripeProviderOptions): () => Promise<Stripe> {
  const address = apiUrl ? new URL(apiUrl) : undefined;
  const config: Stripe.StripeConfig = {
    maxNetworkRetries,
    timeout: timeoutMs,
    ...(address && {
      host: address.hostname,
      port: address.port || (address.protocol === 'https:' ? '443' : '80'),
      protocol: address.protocol === 'https:' ? 'https' : 'http',
    }),
  };
  let client: Promise<Stripe> | undefined;
  return () => {
    client ??= loadStripe().then((StripeClient) => new StripeClient(secretKey, config));
    return client;
  };
}

// Payments through Stripe: cards saved to a Customer per method, charged off-session with a
// PaymentIntent confirmed at once; the idempotency key goes to Stripe, which never charges a key twice.
export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripeClient = lazyStripeClient(options);
  return {
    name: 'stripe',
    methodInputSchema: stripeMethodInputSchema,

    async saveMethod({ method, company }): Promise<SavedMethod> {
      if (method.kind !== 'card') {
        throw new AppError('validation', paymentTexts.stripeCardsOnly, { kind: paymentTexts.stripeCardsOnly });
      }
      if (!('payment_method' in method)) {
        throw new AppError('validation', paymentTexts.stripeCardForm, { card_number: paymentTexts.stripeCardForm });
      }
      const stripe = await stripeClient();
      try {
        const paymentMethod = await stripe.paymentMethods.retrieve(method.payment_method);
        if (paymentMethod.type !== 'card' || !paymentMethod.card) {
          throw new AppError('validation', paymentTexts.stripeCardsOnly, { kind: paymentTexts.stripeCardsOnly });
        }
        const existingCustomer =
          typeof paymentMethod.customer === 'string' ? paymentMethod.customer : paymentMethod.customer?.id;
        let customerId = existingCustomer;
        if (!customerId) {
          const customer = await stripe.customers.create({ name: company.name, metadata: { company_id: company.id } });
          customerId = customer.id;
          await stripe.paymentMethods.attach(paymentMethod.id, { customer: customerId });
        }
        const { brand, last4 } = paymentMethod.card;
        return {
          kind: 'card',
          provider_ref: stripeMethodRef(customerId, paymentMethod.id),
          label: `${brandNames[brand] ?? 'Card'} ending in ${last4}`,
          last4,
        };
      } catch (error) {
        if (error instanceof AppError) throw error;
        const { errors } = await loadStripe();
        if (error instanceof errors.StripeCardError || error instanceof errors.StripeInvalidRequestError) {
          throw new AppError('validation', paymentTexts.stripeCardForm, {
            payment_method: paymentTexts.stripeCardForm,
          });
        }
        throw new AppError('unavailable', paymentTexts.methodSaveUnavailable);
      }
    },

    async charge({ amountCents, currency, providerRef, idempotencyKey, description, paymentId }) {
      const method = parseMethodRef(providerRef);
      if (!method) return { status: 'declined', message: paymentTexts.methodUnusable };
      const stripe = await stripeClient();
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: amountCents,
            currency,
            customer: method.customer,
            payment_method: method.paymentMethod,
            // No redirects: an off-session charge has nobody to send to a bank's page.
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            confirm: true,
            off_session: true,
            description,
            metadata: { payment_id: paymentId },
          },
          { idempotencyKey },
        );
        return outcomeOfPaymentIntent(intent);
      } catch (error) {
        return outcomeOfStripeError(error, await loadStripe());
      }
    },

    // A full refund of the PaymentIntent; Stripe answers a repeated key with the first refund.
    async refund({ providerRef, amountCents, idempotencyKey }) {
      const stripe = await stripeClient();
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: providerRef, amount: amountCents },
          { idempotencyKey },
        );
        return { refundRef: refund.id };
      } catch (error) {
        // Refunded already (from Stripe's dashboard, or a lost answer): the money is back either way.
        const { errors } = await loadStripe();
        if (error instanceof errors.StripeInvalidRequestError && error.code === 'charge_already_refunded') {
          return { refundRef: `already_refunded:${providerRef}` };
        }
        throw new TransientPaymentError('Stripe did not complete the refund.', { cause: error });
      }
    },
  };
}
