import type { FastifyInstance } from 'fastify';
import { adminPaymentsContract } from '~/shared/contracts/payments';
import type { AppContext } from '../app-context';
import { createPaymentProvider } from '../kernels/payments/create-payment-provider';
import { registerEndpoint } from '../platform/contract-routes';
import { sendGeneratedFile } from '../platform/file-transfer';
import { actorOf } from '../platform/route-schemas';
import { exportAdminPayments } from './export-admin-payments';
import { findAdminPayments, getAdminPaymentSummary } from './find-admin-payments';
import { refundPayment } from './refund-payment';

// Payment Management: every payment on the platform, its summary cards, a refund through the provider, and
// the CSV of the filtered rows. Administrators only: shared/contracts/billing.ts adminPaymentsContract.
export async function adminPaymentRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db, config } = context;
  const provider = createPaymentProvider({ db, config });

  registerEndpoint(
    app,
    adminPaymentsContract.summary,
    { config: { access: { permission: 'read:payment:any' } } },
    async () => getAdminPaymentSummary({ db }),
  );

  registerEndpoint(
    app,
    adminPaymentsContract.list,
    { config: { access: { permission: 'read:payment:any' } } },
    async (request) => {
      const { q, status, page, page_size } = request.query;
      return findAdminPayments({ db, filter: { q, status }, page, pageSize: page_size });
    },
  );

  registerEndpoint(
    app,
    adminPaymentsContract.exportCsv,
    { config: { access: { permission: 'read:payment:any' } } },
    async (request, reply) => {
      const { filename, content } = await exportAdminPayments({ db, filter: request.query, ...actorOf(request) });
      return sendGeneratedFile(reply, { filename, contentType: 'text/csv; charset=utf-8', content });
    },
  );

  registerEndpoint(
    app,
    adminPaymentsContract.refund,
    { config: { access: { permission: 'update:payment:any' } } },
    async (request) => {
      const { actorId, ipAddress } = actorOf(request);
      const payment = await refundPayment({ db, provider, paymentId: request.params.id, actorId, ipAddress });
      return { payment };
    },
  );
}
