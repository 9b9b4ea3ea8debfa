import type { FastifyInstance } from 'fastify';
import { adminCompaniesContract } from '~/shared/contracts/admin-companies';
import type { AppContext } from '../app-context';
import { findBillingDetails } from '../kernels/payments/find-billing-details';
import { saveBillingDetails } from '../kernels/payments/save-billing-details';
import { registerEndpoint } from '../platform/contract-routes';
import { actorOf } from '../platform/route-schemas';
import { applyCompanyBulkAction } from './apply-company-bulk-action';
import { assignAccountManager } from './assign-account-manager';
import { findAccountManagerOptions } from './find-account-manager-options';
import { findAdminCompanies } from './find-admin-companies';
import { getAdminCompany } from './get-admin-company';
import { previewCompanyDeletion } from './preview-company-deletion';

// Company Management: every company, its account manager, and bulk Suspend, Activate
// and Delete. Administrators only. The endpoints are declared in shared/contracts/admin-companies.ts.
export async function adminCompanyRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db } = context;

  registerEndpoint(
    app,
    adminCompaniesContract.billingDetails,
    { config: { access: { permission: 'read:company:any' } } },
    async (request) => findBillingDetails({ db, companyId: request.params.id }),
  );

  registerEndpoint(
    app,
    adminCompaniesContract.updateBillingDetails,
    { config: { access: { permission: 'update:company:any' } } },
    async (request) =>
      saveBillingDetails({
        db,
        companyId: request.params.id,
        details: request.body,
        ...actorOf(request),
        viesUrl: context.config.VIES_URL,
      }),
  );

  registerEndpoint(
    app,
    adminCompaniesContract.list,
    { config: { access: { permission: 'read:company:any' } } },
    async (request) => {
      const { q, status, page, page_size } = request.query;
      return findAdminCompanies({ db, filter: { q, status }, page, pageSize: page_size });
    },
  );

  registerEndpoint(
    app,
    adminCompaniesContract.get,
    { config: { access: { permission: 'read:company:any' } } },
    async (request) => getAdminCompany({ db, companyId: request.params.id }),
  );

  registerEndpoint(
    app,
    adminCompaniesContract.accountManagerOptions,
    { config: { access: { permission: 'read:account_manager:any' } } },
    async () => ({ items: await findAccountManagerOptions({ db }) }),
  );

  registerEndpoint(
    app,
    adminCompaniesContract.assignAccountManager,
    { config: { access: { permission: 'update:company:any' } } },
    async (request) => {
      const company = await assignAccountManager({
        db,
        companyId: request.params.id,
        accountManagerId: request.body.accountManagerId,
        ...actorOf(request),
      });
      return { company };
    },
  );

  registerEndpoint(
    app,
    adminCompaniesContract.deletePreview,
    { config: { access: { permission: 'update:company:any' } } },
    async (request) => previewCompanyDeletion({ db, companyIds: request.body.ids }),
  );

  registerEndpoint(
    app,
    adminCompaniesContract.bulk,
    { config: { access: { permission: 'update:company:any' } } },
    async (request) => {
      const { result, signedOutUserIds } = await applyCompanyBulkAction({
        db,
        action: request.body.action,
        companyIds: request.body.ids,
        ...actorOf(request),
      });
      // Their open tabs ask who they are now, and land on the sign-in page saying why.
      await context.live.send(signedOutUserIds, { type: 'session.ended' });
      return result;
    },
  );
}
