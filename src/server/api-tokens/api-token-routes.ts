import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiTokenListSchema, createApiTokenSchema, createdApiTokenSchema } from '~/shared/api-tokens';
import type { AppContext } from '../app-context';
import { actorOf, errorResponses, idParams } from '../platform/route-schemas';
import { createApiToken, findApiTokens, revokeApiToken } from './manage-api-tokens';

const tags = ['account'];

// Personal API tokens (issue 16 §7), for every role: list, create (shown once), revoke.
export async function apiTokenRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db, settings } = context;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/account/api-tokens',
    {
      config: { sessionOnly: true, access: { permission: 'read:api_token:own' } },
      schema: {
        tags,
        summary: 'Your API tokens not yet revoked, newest first, and whether the platform accepts them',
        response: { 200: apiTokenListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { actorId } = actorOf(request);
      const [tokens, { api_access }] = await Promise.all([findApiTokens({ db, userId: actorId }), settings.get()]);
      return { tokens, api_access };
    },
  );

  routes.post(
    '/api/account/api-tokens',
    {
      config: { sessionOnly: true, access: { permission: 'update:api_token:own' } },
      schema: {
        tags,
        summary: 'Create an API token; the answer is the only time the token itself is shown',
        body: createApiTokenSchema,
        response: { 201: createdApiTokenSchema, ...errorResponses },
      },
    },
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

  routes.delete(
    '/api/account/api-tokens/:id',
    {
      config: { sessionOnly: true, access: { permission: 'update:api_token:own' } },
      schema: {
        tags,
        summary: 'Revoke one of your API tokens: requests with it are refused from now on',
        params: idParams('API token'),
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { actorId, ipAddress } = actorOf(request);
      await revokeApiToken({ db, userId: actorId, ipAddress, id: request.params.id });
      return reply.code(204).send(null);
    },
  );
}
