import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IDEMPOTENCY_KEY_MAX_LENGTH,
  payInvoiceResultSchema,
  paymentMethodSchema,
  paymentTexts,
} from '~/shared/billing';
import { billingContract } from '~/shared/contracts/billing';
import { apiErrorSchema } from '~/shared/errors';
import type { AppContext } from '../app-context';
import { currentCompanyId } from '../platform/access-control';
import { registerEndpoint } from '../platform/contract-routes';
import { AppError } from '../platform/errors';
import { companyActorOf, errorResponses, idParams } from '../platform/route-schemas';
import { getBillingProfile, updateBillingProfile } from './billing-profile';
import { createPaymentProvider } from './create-payment-provider';
import { findPayments } from './find-payments';
import { createInvoicePayments, type PayAnswer, type PaymentMethodChoice } from './pay-invoice';
import { addPaymentMethod, listPaymentMethods, removePaymentMethod } from './payment-methods';
import type { PaymentProvider } from './payment-provider';
import { handleStripeEvent, verifyStripeEvent } from './stripe-webhook';

const tags = ['billing'];
const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]+$/;
// How long a client waits before retrying a payment the provider did not answer.
const RETRY_AFTER_SECONDS = 2;

// POST /api/company/invoices/{id}/pay's body (payInvoiceSchema), with the new method in the shape the
// provider takes. Which of the two is given is checked by methodChoiceOf, so its sentence is the answer.
function payBodySchema(provider: PaymentProvider) {
  return z.object({
    payment_method_id: z.uuid({ message: 'That payment method id is not valid.' }).optional(),
    new_method: provider.methodInputSchema.optional(),
    save_method: z.boolean().default(false),
  });
}

// A saved method or a new one: exactly one.
function methodChoiceOf(body: z.infer<ReturnType<typeof payBodySchema>>): PaymentMethodChoice {
  if (body.new_method && body.payment_method_id) {
    throw new AppError('validation', paymentTexts.chooseOneMethod, { payment_method_id: paymentTexts.chooseOneMethod });
  }
  if (body.new_method) return { new_method: body.new_method, save_method: body.save_method };
  if (body.payment_method_id) return { payment_method_id: body.payment_method_id };
  throw new AppError('validation', paymentTexts.chooseMethod, { payment_method_id: paymentTexts.chooseMethod });
}

function idempotencyKeyOf(header: string | string[] | undefined): string {
  const key = typeof header === 'string' ? header.trim() : '';
  if (!key || key.length > IDEMPOTENCY_KEY_MAX_LENGTH || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new AppError('validation', paymentTexts.idempotencyKeyRequired);
  }
  return key;
}

function throwUnlessSettled(answer: PayAnswer) {
  if (answer.status === 'declined') throw new AppError('payment_declined', answer.message);
  if (answer.status === 'unavailable') {
    throw new AppError('unavailable', paymentTexts.tryAgain, undefined, RETRY_AFTER_SECONDS);
  }
  return answer;
}

// Payments (issue 15 §5): saved methods, the billing profile (Auto-Pay), paying an invoice with an
// Idempotency-Key, the payment history, and Stripe's webhook when Stripe is on. Adding a method and
// paying take a body whose shape is the provider's (`methodInputSchema`: a card's number in test mode, a
// Stripe PaymentMethod id with Stripe), and paying declares its own refusals (402, 422, 503): those two
// and the webhook stay off the contract (shared/contracts/billing.ts) until it can say so.
export async function paymentRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db, config, mailer } = context;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const provider = createPaymentProvider({ db, config });
  const payments = createInvoicePayments({ db, provider, mailer, publicUrl: config.publicUrl, logger: app.log });

  registerEndpoint(
    app,
    billingContract.paymentMethods,
    { config: { access: { permission: 'read:payment_method:own' } } },
    async (request) => listPaymentMethods({ db, companyId: currentCompanyId(request), providerName: provider.name }),
  );

  routes.post(
    '/api/company/payment-methods',
    {
      config: { access: { permission: 'update:payment_method:own' } },
      schema: {
        tags,
        summary:
          'Save a card, bank account or wallet (with Stripe: a card’s PaymentMethod id); the first is the default',
        body: provider.methodInputSchema,
        response: { 201: paymentMethodSchema, ...errorResponses, 503: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const method = await addPaymentMethod({ db, provider, input: request.body, ...companyActorOf(request) });
      return reply.code(201).send(method);
    },
  );

  registerEndpoint(
    app,
    billingContract.removePaymentMethod,
    { config: { access: { permission: 'update:payment_method:own' } } },
    async (request, reply) => {
      await removePaymentMethod({ db, id: request.params.id, ...companyActorOf(request) });
      return reply.code(204).send(null);
    },
  );

  registerEndpoint(
    app,
    billingContract.profile,
    { config: { access: { permission: 'read:invoice:own' } } },
    async (request) => getBillingProfile({ db, companyId: currentCompanyId(request) }),
  );

  registerEndpoint(
    app,
    billingContract.updateProfile,
    { config: { access: { permission: 'update:payment_method:own' } } },
    async (request) =>
      updateBillingProfile({ db, providerName: provider.name, input: request.body, ...companyActorOf(request) }),
  );

  routes.post(
    '/api/company/invoices/:id/pay',
    {
      config: { access: { permission: 'update:invoice:own' } },
      schema: {
        tags,
        summary:
          'Pay an invoice with a saved or new method. The Idempotency-Key header is required: the same key answers as the first request did and never charges twice',
        params: idParams('invoice'),
        headers: z.looseObject({ 'idempotency-key': z.string().optional() }),
        body: payBodySchema(provider),
        response: {
          200: payInvoiceResultSchema,
          202: payInvoiceResultSchema,
          ...errorResponses,
          402: apiErrorSchema,
          422: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const idempotencyKey = idempotencyKeyOf(request.headers['idempotency-key']);
      const { companyId, actorId, ipAddress } = companyActorOf(request);
      const answer = throwUnlessSettled(
        await payments.pay({
          companyId,
          invoiceId: request.params.id,
          idempotencyKey,
          method: methodChoiceOf(request.body),
          requestedBy: actorId,
          ipAddress,
        }),
      );
      return reply.code(answer.status === 'completed' ? 200 : 202).send(answer.result);
    },
  );

  registerEndpoint(
    app,
    billingContract.payments,
    { config: { access: { permission: 'read:invoice:own' } } },
    async (request) =>
      findPayments({
        db,
        companyId: currentCompanyId(request),
        page: request.query.page,
        pageSize: request.query.page_size,
      }),
  );

  const webhookSecret = config.STRIPE_WEBHOOK_SECRET;
  if (config.STRIPE_SECRET_KEY && webhookSecret) {
    // In a scope of its own: only here does a JSON body arrive as raw bytes, which the signature covers.
    await app.register(async (scope) => {
      scope.removeContentTypeParser('application/json');
      scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
      scope.withTypeProvider<ZodTypeProvider>().post(
        '/api/webhooks/stripe',
        {
          // Stripe calls it, with no session and from no page: the signature is the credential.
          config: { access: 'public', csrf: 'exempt' },
          schema: {
            tags,
            summary: 'Stripe’s events: a PaymentIntent that succeeded or failed settles its payment (signed)',
            response: { 200: z.object({ received: z.literal(true) }), ...errorResponses },
          },
        },
        async (request) => {
          const signature = request.headers['stripe-signature'];
          const event = verifyStripeEvent(
            request.body as Buffer,
            typeof signature === 'string' ? signature : undefined,
            webhookSecret,
          );
          const { refused } = await handleStripeEvent(
            { db, mailer, publicUrl: config.publicUrl, ipAddress: request.ip },
            event,
          );
          if (refused) request.log.warn({ eventId: event.id, type: event.type }, `Stripe event refused: ${refused}`);
          return { received: true as const };
        },
      );
    });
  }
}
