import type { FastifyInstance } from 'fastify';
import { adminInvoicesContract } from '~/shared/contracts/billing';
import type { AppContext } from '../app-context';
import { registerEndpoint } from '../platform/contract-routes';
import { actorOf } from '../platform/route-schemas';
import { findUnbilledCompanies } from './find-unbilled-companies';
import { issueInvoiceNow } from './issue-invoice-now';

// Payment Management's invoicing: the companies with approved work not yet billed, and their invoice issued
// now. Administrators only: shared/contracts/billing.ts adminInvoicesContract.
export async function adminInvoiceRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db, nextInvoiceRun } = context;

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
