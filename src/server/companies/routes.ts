import type { FastifyInstance } from 'fastify';
import { companiesContract } from '~/shared/contracts/companies';
import type { AppContext } from '../app-context';
import { currentAuth, currentCompanyId, principalOf } from '../platform/access-control';
import { registerEndpoint } from '../platform/contract-routes';
import { companyActorOf } from '../platform/route-schemas';
import { getCompanyProfile, updateCompanyProfile } from './company-profile';
import { getCompanyDashboard } from './get-company-dashboard';

// The company's own profile and dashboard: the endpoints of shared/contracts/companies.ts.
export async function companyRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db, live } = context;

  registerEndpoint(
    app,
    companiesContract.profile,
    { config: { access: { permission: 'read:company:own' } } },
    async (request) => getCompanyProfile({ db, companyId: currentCompanyId(request) }),
  );

  registerEndpoint(
    app,
    companiesContract.updateProfile,
    { config: { access: { permission: 'update:company:own' } } },
    async (request) => updateCompanyProfile({ db, ...companyActorOf(request), profile: request.body }),
  );

  registerEndpoint(
    app,
    companiesContract.dashboard,
    { config: { access: { permission: 'read:company:own' } } },
    async (request) =>
      getCompanyDashboard({
        db,
        live,
        companyId: currentCompanyId(request),
        principal: principalOf(currentAuth(request)),
      }),
  );
}
