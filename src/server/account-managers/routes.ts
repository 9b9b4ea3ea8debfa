import type { FastifyInstance } from 'fastify';
import { accountManagersContract } from '~/shared/contracts/account-managers';
import type { AppContext } from '../app-context';
import { registerEndpoint } from '../platform/contract-routes';
import { actorOf } from '../platform/route-schemas';
import { createAccountManager } from './create-account-manager';
import { findAccountManagers, getAccountManagerSummary } from './find-account-managers';
import { updateAccountManager } from './update-account-manager';

// Account Manager Management: the cards, the table, Add Manager and the dialog's Save.
// The endpoints are declared in shared/contracts/account-managers.ts.
export async function accountManagerRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db, mailer, config } = context;

  registerEndpoint(
    app,
    accountManagersContract.summary,
    { config: { access: { permission: 'read:account_manager:any' } } },
    async () => getAccountManagerSummary({ db }),
  );

  registerEndpoint(
    app,
    accountManagersContract.list,
    { config: { access: { permission: 'read:account_manager:any' } } },
    async (request) => {
      const { q, page, page_size } = request.query;
      return findAccountManagers({ db, q, page, pageSize: page_size });
    },
  );

  registerEndpoint(
    app,
    accountManagersContract.create,
    { config: { access: { permission: 'create:account_manager:any' } } },
    async (request, reply) => {
      const { actorId, ipAddress } = actorOf(request);
      const manager = await createAccountManager({
        db,
        mailer,
        publicUrl: config.publicUrl,
        input: request.body,
        actorId,
        ipAddress,
      });
      return reply.code(201).send(manager);
    },
  );

  registerEndpoint(
    app,
    accountManagersContract.update,
    { config: { access: { permission: 'update:account_manager:any' } } },
    async (request) => {
      const { actorId, ipAddress } = actorOf(request);
      return updateAccountManager({ db, id: request.params.id, input: request.body, actorId, ipAddress });
    },
  );
}
