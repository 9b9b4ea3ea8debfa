import type { FastifyInstance } from 'fastify';
import { apiTokensContract } from '~/shared/contracts/api-tokens';
import type { AppContext } from '../app-context';
import { registerEndpoint } from '../platform/contract-routes';
import { actorOf } from '../platform/route-schemas';
import { createApiToken, findApiTokens } from './manage-api-tokens';
import { revokeApiToken } from './revoke-api-token';

// Personal API tokens, for every role: list, create (shown once), revoke.
export async function apiTokenRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db, settings } = context;

  registerEndpoint(
    app,
    apiTokensContract.list,
    { config: { sessionOnly: true, access: { permission: 'read:api_token:own' } } },
    async (request) => {
      const { actorId } = actorOf(request);
      const [tokens, { api_access }] = await Promise.all([findApiTokens({ db, userId: actorId }), settings.get()]);
      return { tokens, api_access };
    },
  );

  registerEndpoint(
    app,
    apiTokensContract.create,
    { config: { sessionOnly: true, access: { permission: 'update:api_token:own' } } },
    async (request, reply) => {
      const { actorId, ipAddress } = actorOf(request);
      const { api_access } = await settings.get();
      const created = await createApiToken({
        db,
        userId: actorId,
        ipAddress,
        input: request.body,
        apiAccess: api_access,
      });
      return reply.code(201).send(created);
    },
  );

  registerEndpoint(
    app,
    apiTokensContract.revoke,
    { config: { sessionOnly: true, access: { permission: 'update:api_token:own' } } },
    async (request, reply) => {
      const { actorId, ipAddress } = actorOf(request);
      await revokeApiToken({ db, userId: actorId, ipAddress, id: request.params.id });
      return reply.code(204).send(null);
    },
  );
}
