import type { FastifyInstance } from 'fastify';
import { managerPortalContract } from '~/shared/contracts/manager-portal';
import type { AppContext } from '../app-context';
import { currentAuth } from '../platform/access-control';
import { registerEndpoint } from '../platform/contract-routes';
import { findManagedCompanies, getManagedCompany } from './find-managed-companies';

// The account manager's portal: only the companies assigned to the signed-in manager. Opening a company's
// conversation is messaging's (messaging/routes.ts).
export async function managerRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db } = context;

  registerEndpoint(
    app,
    managerPortalContract.companies,
    { config: { access: { permission: 'read:company:assigned' } } },
    async (request) => {
      const { q, page, page_size } = request.query;
      return findManagedCompanies({ db, managerId: currentAuth(request).user.id, q, page, pageSize: page_size });
    },
  );

  registerEndpoint(
    app,
    managerPortalContract.company,
    { config: { access: { permission: 'read:company:assigned' } } },
    async (request) => getManagedCompany({ db, managerId: currentAuth(request).user.id, companyId: request.params.id }),
  );
}
