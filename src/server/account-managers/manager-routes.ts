import type { FastifyInstance } from 'fastify';
import { managerPortalContract } from '~/shared/contracts/manager-portal';
import type { AppContext } from '../app-context';
import { viewerOf } from '../messaging/conversation-access';
import { openAccountManagerConversation } from '../messaging/open-account-manager-conversation';
import { currentAuth } from '../platform/access-control';
import { registerEndpoint } from '../platform/contract-routes';
import { assertManagedCompany, findManagedCompanies, getManagedCompany } from './find-managed-companies';

// The account manager's portal (issue 16 §4): only the companies assigned to the signed-in manager.
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

  registerEndpoint(
    app,
    managerPortalContract.openConversation,
    { config: { access: { permission: 'create:conversation:assigned' } } },
    async (request, reply) => {
      const auth = currentAuth(request);
      await assertManagedCompany({ db, managerId: auth.user.id, companyId: request.params.id });
      const opened = await openAccountManagerConversation({ db, viewer: viewerOf(auth), companyId: request.params.id });
      return reply.code(opened.isNew ? 201 : 200).send(opened.conversation);
    },
  );
}
