import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminPaymentExportQuerySchema,
  adminPaymentListQuerySchema,
  adminPaymentListSchema,
  adminPaymentSummarySchema,
  refundPaymentResultSchema,
} from '~/shared/admin-payments';
import type { AppContext } from '../app-context';
import { sendGeneratedFile } from '../platform/file-transfer';
import { actorOf, errorResponses, fileResponse, idParams } from '../platform/route-schemas';
import { createPaymentProvider } from './create-payment-provider';
import { exportAdminPayments } from './export-admin-payments';
import { findAdminPayments, getAdminPaymentSummary } from './find-admin-payments';
import { refundPayment } from './refund-payment';

const tags = ['admin', 'billing'];

const paymentParams = idParams('payment');

// Payment Management (issue 16 §5): every payment on the platform, its summary cards, a refund through
// the provider, and the CSV of the filtered rows. Administrators only.
export async function adminPaymentRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db, config } = context;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const provider = createPaymentProvider({ db, config });

  routes.get(
    '/api/admin/payments/summary',
    {
      config: { access: { permission: 'read:payment:any' } },
      schema: {
        tags,
        summary: 'The Payment Management cards: received this month, pending, failed or refunded this month',
        response: { 200: adminPaymentSummarySchema, ...errorResponses },
      },
    },
    async () => getAdminPaymentSummary({ db }),
  );

  routes.get(
    '/api/admin/payments',
    {
      config: { access: { permission: 'read:payment:any' } },
      schema: {
        tags,
        summary: 'Every payment, newest first; search by company name or invoice number, filter by status',
        querystring: adminPaymentListQuerySchema,
        response: { 200: adminPaymentListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { q, status, page, page_size } = request.query;
      return findAdminPayments({ db, filter: { q, status }, page, pageSize: page_size });
    },
  );

  routes.get(
    '/api/admin/payments/export.csv',
    {
      config: { access: { permission: 'read:payment:any' } },
      schema: {
        tags,
        summary: 'Download the filtered payments as CSV',
        querystring: adminPaymentExportQuerySchema,
        response: { 200: fileResponse('text/csv'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { filename, content } = await exportAdminPayments({ db, filter: request.query, ...actorOf(request) });
      return sendGeneratedFile(reply, { filename, contentType: 'text/csv; charset=utf-8', content });
    },
  );

  routes.post(
    '/api/admin/payments/:id/refund',
    {
      config: { access: { permission: 'update:payment:any' } },
      schema: {
        tags,
        summary: 'Refund a completed payment in full through the provider (idempotent); the invoice is owed again',
        params: paymentParams,
        response: { 200: refundPaymentResultSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { actorId, ipAddress } = actorOf(request);
      const payment = await refundPayment({ db, provider, paymentId: request.params.id, actorId, ipAddress });
      return { payment };
    },
  );
}
