import type { FastifyInstance } from 'fastify';
import { adminInvoicesContract, adminPaymentsContract } from '~/shared/contracts/billing';
import type { AppContext } from '../app-context';
import { registerEndpoint } from '../platform/contract-routes';
import { sendGeneratedFile } from '../platform/file-transfer';
import { actorOf } from '../platform/route-schemas';
import { createPaymentProvider } from './create-payment-provider';
import { exportAdminPayments } from './export-admin-payments';
import { findAdminPayments, getAdminPaymentSummary } from './find-admin-payments';
import { findUnbilledCompanies } from './find-unbilled-companies';
import { issueInvoiceNow } from './issue-invoice-now';
import { refundPayment } from './refund-payment';

// Payment Management: every payment on the platform, its summary cards, a refund through
// the provider, and the CSV of the filtered rows; the companies with approved work not yet billed, and
// their invoice issued now. Administrators only: the endpoints of shared/contracts/billing.ts
// adminPaymentsContract and adminInvoicesContract.
export async function adminPaymentRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db, config, nextInvoiceRun } = context;
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

  registerEndpoint(
    app,
    adminInvoicesContract.unbilledCompanies,
    { config: { access: { permission: 'read:invoice:any' } } },
    async (request) =>
      findUnbilledCompanies({
        db,
        q: request.query.q,
        page: request.query.page,
        pageSize: request.query.page_size,
        now: new Date(),
        nextInvoiceRun,
      }),
  );

  registerEndpoint(
    app,
    adminInvoicesContract.issueNow,
    { config: { access: { permission: 'create:invoice:any' } } },
    async (request, reply) => {
      const result = await issueInvoiceNow({ db, companyId: request.params.id, ...actorOf(request), nextInvoiceRun });
      return reply.code(result.outcome === 'issued' ? 201 : 200).send(result);
    },
  );
}
