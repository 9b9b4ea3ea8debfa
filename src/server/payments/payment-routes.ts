import type { FastifyInstance } from 'fastify';
import { STRIPE_EVENT_MAX_BYTES } from '~/shared/billing';
import { paymentsContract } from '~/shared/contracts/payments';
import type { AppContext } from '../app-context';
import { createPaymentProvider } from '../kernels/payments/create-payment-provider';
import { findBillingDetails } from '../kernels/payments/find-billing-details';
import { createInvoicePayments } from '../kernels/payments/pay-invoice';
import { idempotencyKeyOf, methodChoiceOf, payBodySchema, throwUnlessSettled } from '../kernels/payments/pay-request';
import { addPaymentMethod, listPaymentMethods } from '../kernels/payments/payment-methods';
import { removePaymentMethod } from '../kernels/payments/remove-payment-method';
import { saveBillingDetails } from '../kernels/payments/save-billing-details';
import { currentCompanyId } from '../platform/access-control';
import { registerEndpoint } from '../platform/contract-routes';
import { bytesOf, uploadBodyOf } from '../platform/file-transfer';
import { companyActorOf } from '../platform/route-schemas';
import { getBillingProfile, updateBillingProfile } from './billing-profile';
import { findPayments } from './find-payments';
import { payInvoices } from './pay-invoices';
import { handleStripeEvent, verifyStripeEvent } from './stripe-webhook';

// Payments: saved methods, the billing profile (Auto-Pay), paying an invoice with an Idempotency-Key, the
// payment history, and Stripe's webhook when Stripe is on. Adding a method and paying take a new method
// in the configured provider's shape (`methodInputSchema`: a card's number in test mode, a Stripe
// PaymentMethod id with Stripe), narrowed here from the contract's any-provider shape.
export async function paymentRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db, config, mailer } = context;
  const provider = createPaymentProvider({ db, config });
  const payments = createInvoicePayments({ db, provider, mailer, publicUrl: config.publicUrl, logger: app.log });

  registerEndpoint(
    app,
    paymentsContract.paymentMethods,
    { config: { access: { permission: 'read:payment_method:own' } } },
    async (request) => listPaymentMethods({ db, companyId: currentCompanyId(request), providerName: provider.name }),
  );

  registerEndpoint(
    app,
    paymentsContract.addPaymentMethod,
    { config: { access: { permission: 'update:payment_method:own' } }, narrowedBody: provider.methodInputSchema },
    async (request, reply) => {
      const method = await addPaymentMethod({ db, provider, input: request.body, ...companyActorOf(request) });
      return reply.code(201).send(method);
    },
  );

  registerEndpoint(
    app,
    paymentsContract.removePaymentMethod,
    { config: { access: { permission: 'update:payment_method:own' } } },
    async (request, reply) => {
      await removePaymentMethod({ db, id: request.params.id, ...companyActorOf(request) });
      return reply.code(204).send(null);
    },
  );

  registerEndpoint(
    app,
    paymentsContract.profile,
    { config: { access: { permission: 'read:invoice:own' } } },
    async (request) => getBillingProfile({ db, companyId: currentCompanyId(request) }),
  );

  registerEndpoint(
    app,
    paymentsContract.updateProfile,
    { config: { access: { permission: 'update:payment_method:own' } } },
    async (request) =>
      updateBillingProfile({ db, providerName: provider.name, input: request.body, ...companyActorOf(request) }),
  );

  registerEndpoint(
    app,
    paymentsContract.billingDetails,
    { config: { access: { permission: 'read:invoice:own' } } },
    async (request) => findBillingDetails({ db, companyId: currentCompanyId(request) }),
  );

  registerEndpoint(
    app,
    paymentsContract.updateBillingDetails,
    { config: { access: { permission: 'update:payment_method:own' } } },
    async (request) =>
      saveBillingDetails({
        db,
        details: request.body,
        ...companyActorOf(request),
        viesUrl: context.config.VIES_URL,
      }),
  );

  registerEndpoint(
    app,
    paymentsContract.payInvoice,
    { config: { access: { permission: 'update:invoice:own' } }, narrowedBody: payBodySchema(provider) },
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
    paymentsContract.payInvoices,
    { config: { access: { permission: 'update:invoice:own' } } },
    async (request) => {
      const { companyId, actorId, ipAddress } = companyActorOf(request);
      return payInvoices({
        db,
        payments,
        companyId,
        invoiceIds: request.body.invoice_ids,
        paymentMethodId: request.body.payment_method_id,
        idempotencyKey: idempotencyKeyOf(request.headers['idempotency-key']),
        requestedBy: actorId,
        ipAddress,
      });
    },
  );

  registerEndpoint(
    app,
    paymentsContract.payments,
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
    const tooLarge = 'This event is larger than the webhook takes.';
    registerEndpoint(
      app,
      paymentsContract.stripeEvent,
      {
        // Stripe calls it, with no session and from no page: the signature is the credential.
        config: { access: 'public', csrf: 'exempt' },
        upload: { maxBytes: STRIPE_EVENT_MAX_BYTES, tooLarge, unsupportedType: 'Stripe sends its events as JSON.' },
      },
      async (request) => {
        const payload = await bytesOf(uploadBodyOf(request.body), STRIPE_EVENT_MAX_BYTES, tooLarge);
        const event = await verifyStripeEvent(payload, request.headers['stripe-signature'], webhookSecret);
        const { refused } = await handleStripeEvent(
          { db, mailer, publicUrl: config.publicUrl, ipAddress: request.ip },
          event,
        );
        if (refused) request.log.warn({ eventId: event.id, type: event.type }, `Stripe event refused: ${refused}`);
        return { received: true as const };
      },
    );
  }
}
