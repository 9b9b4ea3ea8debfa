import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  managedCompanyDetailSchema,
  managedCompanyListQuerySchema,
  managedCompanyListSchema,
} from '~/shared/account-managers';
import { conversationDetailSchema } from '~/shared/messaging';
import type { AppContext } from '../app-context';
import { viewerOf } from '../messaging/conversation-access';
import { openAccountManagerConversation } from '../messaging/open-account-manager-conversation';
import { currentAuth } from '../platform/access-control';
import { errorResponses, idParams } from '../platform/route-schemas';
import { assertManagedCompany, findManagedCompanies, getManagedCompany } from './find-managed-companies';

const tags = ['manager'];
const companyParams = idParams('company');

// The account manager's portal (issue 16 §4): only the companies assigned to the signed-in manager.
export async function managerRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db } = context;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/manager/companies',
    {
      config: { access: { permission: 'read:company:assigned' } },
      schema: {
        tags,
        summary: 'The companies assigned to you, with their employees, open jobs and revenue this month',
        querystring: managedCompanyListQuerySchema,
        response: { 200: managedCompanyListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { q, page, page_size } = request.query;
      return findManagedCompanies({ db, managerId: currentAuth(request).user.id, q, page, pageSize: page_size });
    },
  );

  routes.get(
    '/api/manager/companies/:id',
    {
      config: { access: { permission: 'read:company:assigned' } },
      schema: {
        tags,
        summary: 'One of your companies: its members, the talent at work there and its open jobs (404 if not yours)',
        params: companyParams,
        response: { 200: managedCompanyDetailSchema, ...errorResponses },
      },
    },
    async (request) => getManagedCompany({ db, managerId: currentAuth(request).user.id, companyId: request.params.id }),
  );

  routes.post(
    '/api/manager/companies/:id/conversation',
    {
      config: { access: { permission: 'create:conversation:assigned' } },
      schema: {
        tags,
        summary: 'Open the conversation between one of your companies and you (the same one again if it exists)',
        params: companyParams,
        response: { 200: conversationDetailSchema, 201: conversationDetailSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const auth = currentAuth(request);
      await assertManagedCompany({ db, managerId: auth.user.id, companyId: request.params.id });
      const opened = await openAccountManagerConversation({ db, viewer: viewerOf(auth), companyId: request.params.id });
      return reply.code(opened.isNew ? 201 : 200).send(opened.conversation);
    },
  );
}
