import {
  adminPaymentExportQuerySchema,
  adminPaymentListQuerySchema,
  adminPaymentListSchema,
  adminPaymentSummarySchema,
  refundPaymentResultSchema,
} from '../admin-payments';
import {
  billingProfileSchema,
  billingSummarySchema,
  invoiceExportQuerySchema,
  invoiceListQuerySchema,
  invoiceListSchema,
  invoiceSchema,
  MAX_EXPORTED_INVOICES,
  paymentListQuerySchema,
  paymentListSchema,
  paymentMethodListSchema,
  updateBillingProfileSchema,
} from '../billing';
import { defineContract, fileOf } from '../contract';
import { idParams, noContent } from '../contract-schemas';

// Billing: a company's invoices, payment methods, billing profile and payments, and the
// administrators' Payment Management. Three contracts, so each keeps its OpenAPI tags.
// Adding a payment method and paying an invoice take a body the server's payment provider defines
// (server/billing/payment-routes.ts): they are not on a contract yet.

// Only the company's own: another company's invoice is a 404.
export const invoicesContract = defineContract(
  { name: 'invoices', tags: ['invoices'] },
  {
    list: {
      method: 'GET',
      path: '/api/company/invoices',
      summary: 'Your company’s invoices: search by number, filter by status and issue dates, sort, a page at a time',
      query: invoiceListQuerySchema,
      responses: { 200: invoiceListSchema },
    },
    summary: {
      method: 'GET',
      path: '/api/company/invoices/summary',
      summary: 'The summary cards: outstanding balance, overdue, last payment, next auto-pay (null when off)',
      responses: { 200: billingSummarySchema },
    },
    exportPdf: {
      method: 'GET',
      path: '/api/company/invoices/export.pdf',
      summary: `Download selected invoices (at most ${MAX_EXPORTED_INVOICES}) as one PDF, one invoice a page`,
      query: invoiceExportQuerySchema,
      responses: { 200: fileOf('application/pdf') },
    },
    invoice: {
      method: 'GET',
      path: '/api/company/invoices/:id',
      summary: 'One of your invoices with its items (work hours, platform fee, tax)',
      params: idParams('invoice'),
      responses: { 200: invoiceSchema },
    },
    invoicePdf: {
      method: 'GET',
      path: '/api/company/invoices/:id/pdf',
      summary: 'Download one of your invoices as a PDF',
      params: idParams('invoice'),
      responses: { 200: fileOf('application/pdf') },
    },
  },
);

export const billingContract = defineContract(
  { name: 'billing', tags: ['billing'] },
  {
    paymentMethods: {
      method: 'GET',
      path: '/api/company/payment-methods',
      summary: 'Your company’s saved payment methods, masked, oldest first; one is the default',
      responses: { 200: paymentMethodListSchema },
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
