import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountManagerOptionsSchema,
  adminCompanyDetailSchema,
  adminCompanyListQuerySchema,
  adminCompanyListSchema,
  assignAccountManagerResultSchema,
  assignAccountManagerSchema,
  companyBulkResultSchema,
  companyBulkSchema,
  companyDeletePreviewSchema,
} from '~/shared/admin-companies';
import type { AppContext } from '../app-context';
import { actorOf, errorResponses, idParams } from '../platform/route-schemas';
import { applyCompanyBulkAction } from './apply-company-bulk-action';
import { assignAccountManager } from './assign-account-manager';
import { findAccountManagerOptions } from './find-account-manager-options';
import { findAdminCompanies } from './find-admin-companies';
import { getAdminCompany } from './get-admin-company';
import { previewCompanyDeletion } from './preview-company-deletion';

const tags = ['admin', 'companies'];
const companyParams = idParams('company');

// Company Management (issue 16 §2): every company, its account manager, and bulk Suspend, Activate
// and Delete. Administrators only.
export async function adminCompanyRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db } = context;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/admin/companies',
    {
      config: { access: { permission: 'read:company:any' } },
      schema: {
        tags,
        summary: 'Companies not deleted, newest first; search by name or contact email, filter by status',
        querystring: adminCompanyListQuerySchema,
        response: { 200: adminCompanyListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { q, status, page, page_size } = request.query;
      return findAdminCompanies({ db, filter: { q, status }, page, pageSize: page_size });
    },
  );

  routes.get(
    '/api/admin/companies/:id',
    {
      config: { access: { permission: 'read:company:any' } },
      schema: {
        tags,
        summary: 'One company for the details drawer',
        params: companyParams,
        response: { 200: adminCompanyDetailSchema, ...errorResponses },
      },
    },
    async (request) => getAdminCompany({ db, companyId: request.params.id }),
  );

  routes.get(
    '/api/admin/account-manager-options',
    {
      config: { access: { permission: 'read:account_manager:any' } },
      schema: {
        tags,
        summary: 'The account managers a company can be assigned to',
        response: { 200: accountManagerOptionsSchema, ...errorResponses },
      },
    },
    async () => ({ items: await findAccountManagerOptions({ db }) }),
  );

  routes.put(
    '/api/admin/companies/:id/account-manager',
    {
      config: { access: { permission: 'update:company:any' } },
      schema: {
        tags,
        summary: 'Assign an account manager to a company (null: none)',
        params: companyParams,
        body: assignAccountManagerSchema,
        response: { 200: assignAccountManagerResultSchema, ...errorResponses },
      },
    },
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

  routes.post(
    '/api/admin/companies/delete-preview',
    {
      config: { access: { permission: 'update:company:any' } },
      schema: {
        tags,
        summary: 'What deleting these companies would close, sign out and keep',
        body: z.object({ ids: companyBulkSchema.shape.ids }),
        response: { 200: companyDeletePreviewSchema, ...errorResponses },
      },
    },
    async (request) => previewCompanyDeletion({ db, companyIds: request.body.ids }),
  );

  routes.post(
    '/api/admin/companies/bulk',
    {
      config: { access: { permission: 'update:company:any' } },
      schema: {
        tags,
        summary:
          'Suspend, activate or delete (soft) the selected companies; delete is refused while invoices are unpaid',
        body: companyBulkSchema,
        response: { 200: companyBulkResultSchema, ...errorResponses },
      },
    },
    async (request) =>
      applyCompanyBulkAction({ db, action: request.body.action, companyIds: request.body.ids, ...actorOf(request) }),
  );
}
