import {
  adminPaymentExportQuerySchema,
  adminPaymentListQuerySchema,
  adminPaymentListSchema,
  adminPaymentSummarySchema,
  refundPaymentResultSchema,
} from '../admin-payments';
import {
  billingProfileSchema,
  idempotencyHeadersSchema,
  newPaymentMethodSchema,
  payInvoiceBodySchema,
  payInvoiceResultSchema,
  payInvoicesBodySchema,
  payInvoicesResultSchema,
  paymentListQuerySchema,
  paymentListSchema,
  paymentMethodListSchema,
  paymentMethodSchema,
  stripeEventReceivedSchema,
  stripeSignatureHeadersSchema,
  updateBillingProfileSchema,
} from '../billing';
import { billingDetailsSchema, updateBillingDetailsSchema } from '../billing-details';
import { defineContract, fileOf } from '../contract';
import { idParams, noContent } from '../contract-schemas';
import { apiErrorSchema } from '../errors';

// Payments: a company's payment methods, billing profile (Auto-Pay), payments and Pay, Stripe's webhook, and the
// administrators' Payment Management. Two contracts, so each keeps its OpenAPI tags. Adding a payment method
// and paying take a new method in any provider's shape; each instance narrows it to its own provider's
// (server/payments/payment-routes.ts).

export const paymentsContract = defineContract(
  { name: 'payments', tags: ['billing'] },
  {
    paymentMethods: {
      method: 'GET',
      path: '/api/company/payment-methods',
      summary: 'Your company’s saved payment methods, masked, oldest first; one is the default',
      responses: { 200: paymentMethodListSchema },
    },
    addPaymentMethod: {
      method: 'POST',
      path: '/api/company/payment-methods',
      summary: 'Save a card, bank account or wallet (with Stripe: a card’s PaymentMethod id); the first is the default',
      body: newPaymentMethodSchema,
      responses: { 201: paymentMethodSchema },
      // 502: the payment provider could not be reached; try again.
      failures: { 502: apiErrorSchema },
    },
    payInvoice: {
      method: 'POST',
      path: '/api/company/invoices/:id/pay',
      summary:
        'Pay an invoice with a saved or new method. The Idempotency-Key header is required: the same key answers as the first request did and never charges twice',
      params: idParams('invoice'),
      headers: idempotencyHeadersSchema,
      body: payInvoiceBodySchema,
      // 202: the provider has not settled it yet; 402 declined, 422 not payable, 502 the provider failed: try
      // again with the same key.
      responses: { 200: payInvoiceResultSchema, 202: payInvoiceResultSchema },
      failures: { 402: apiErrorSchema, 422: apiErrorSchema, 502: apiErrorSchema },
    },
    payInvoices: {
      method: 'POST',
      path: '/api/company/invoices/pay',
      summary:
        'Pay several invoices with a saved method, each on its own, oldest due first; says what became of each. The Idempotency-Key header is required: the same key answers as the first request did and never charges twice',
      headers: idempotencyHeadersSchema,
      body: payInvoicesBodySchema,
      responses: { 200: payInvoicesResultSchema },
    },
    stripeEvent: {
      method: 'POST',
      path: '/api/webhooks/stripe',
      summary: 'Stripe’s events: a PaymentIntent that succeeded or failed settles its payment (signed)',
      headers: stripeSignatureHeadersSchema,
      // The raw bytes, since the signature covers them exactly as sent.
      body: fileOf('application/json'),
      responses: { 200: stripeEventReceivedSchema },
    },
    removePaymentMethod: {
      method: 'DELETE',
      path: '/api/company/payment-methods/:id',
      summary: 'Remove a saved payment method (payments made with it keep it)',
      params: idParams('payment method'),
      responses: { 204: noContent },
    },
    profile: {
      method: 'GET',
      path: '/api/company/billing-profile',
      summary: 'Your company’s billing settings: tax rate, payment terms, Auto-Pay and the default method',
      responses: { 200: billingProfileSchema },
    },
    updateProfile: {
      method: 'PATCH',
      path: '/api/company/billing-profile',
      summary: 'Turn Auto-Pay on or off, or choose the default payment method',
      body: updateBillingProfileSchema,
      responses: { 200: billingProfileSchema },
    },
    billingDetails: {
      method: 'GET',
      path: '/api/company/billing-details',
      summary:
        'Your company on its invoices: legal name, address and tax ID; and the tax rate and terms it is billed at',
      responses: { 200: billingDetailsSchema },
    },
    updateBillingDetails: {
      method: 'PUT',
      path: '/api/company/billing-details',
      summary: 'Change your company’s legal name, address and tax ID for the invoices issued from now on',
      body: updateBillingDetailsSchema,
      responses: { 200: billingDetailsSchema },
    },
    payments: {
      method: 'GET',
      path: '/api/company/payments',
      summary: 'Your company’s payments (completed, failed and pending), newest first',
      query: paymentListQuerySchema,
      responses: { 200: paymentListSchema },
    },
  },
);

// Every payment on the platform: administrators only.
export const adminPaymentsContract = defineContract(
  { name: 'adminPayments', tags: ['admin', 'billing'] },
  {
    summary: {
      method: 'GET',
      path: '/api/admin/payments/summary',
      summary: 'The Payment Management cards: received this month, pending, failed or refunded this month',
      responses: { 200: adminPaymentSummarySchema },
    },
    list: {
      method: 'GET',
      path: '/api/admin/payments',
      summary: 'Every payment, newest first; search by company name or invoice number, filter by status',
      query: adminPaymentListQuerySchema,
      responses: { 200: adminPaymentListSchema },
    },
    exportCsv: {
      method: 'GET',
      path: '/api/admin/payments/export.csv',
      summary: 'Download the filtered payments as CSV',
      query: adminPaymentExportQuerySchema,
      responses: { 200: fileOf('text/csv') },
    },
    refund: {
      method: 'POST',
      path: '/api/admin/payments/:id/refund',
      summary: 'Refund a completed payment in full through the provider (idempotent); the invoice is owed again',
      params: idParams('payment'),
      responses: { 200: refundPaymentResultSchema },
    },
  },
);
