import type { FastifyInstance } from 'fastify';
import { apiKeyTexts } from '~/shared/api-keys';
import { companyApiKeysContract } from '~/shared/contracts/company-api-keys';
import type { AppContext } from '../app-context';
import { currentAuth } from '../platform/access-control';
import { registerEndpoint } from '../platform/contract-routes';
import { createLimiter } from '../platform/rate-limits';
import { companyActorOf } from '../platform/route-schemas';
import { findCompanyApiKeys } from './api-key-views';
import { createCompanyApiKey } from './create-company-api-key';
import { revokeCompanyApiKey } from './revoke-company-api-key';
import { rotateCompanyApiKey } from './rotate-company-api-key';

// Every request a company API key makes counts against the key's limit, whichever instance answers it, and
// says where it stands in the RateLimit headers. Registered before the routes so the hook reaches them all.
export function registerApiKeyRateLimit(app: FastifyInstance, { perMinute }: { perMinute: number }) {
  const limiter = createLimiter(app, {
    name: 'api-key',
    max: perMinute,
    windowMinutes: 1,
    key: (request) => request.auth?.sessionId ?? request.ip,
    message: apiKeyTexts.rateLimited,
  });
  app.addHook('preHandler', async (request, reply) => {
    if (request.auth?.via === 'api_key') await limiter.hitAndTell(request, reply);
  });
}

// A company's API keys, kept by its Owner and Admins from a session: a key or a token cannot make another.
export async function companyApiKeyRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db, config } = context;
  const reads = { config: { sessionOnly: true, access: { permission: 'read:api_key:own' } } } as const;
  const updates = { config: { sessionOnly: true, access: { permission: 'update:api_key:own' } } } as const;

  registerEndpoint(app, companyApiKeysContract.list, reads, async (request) =>
    findCompanyApiKeys({
      db,
      companyId: companyActorOf(request).companyId,
      ratePerMinute: config.API_KEY_RATE_LIMIT_PER_MINUTE,
    }),
  );

  registerEndpoint(app, companyApiKeysContract.create, updates, async (request, reply) => {
    const created = await createCompanyApiKey({
      db,
      ...companyActorOf(request),
      actorName: currentAuth(request).user.name,
      input: request.body,
    });
    return reply.code(201).send(created);
  });

  registerEndpoint(app, companyApiKeysContract.rotate, updates, async (request) =>
    rotateCompanyApiKey({ db, ...companyActorOf(request), id: request.params.id }),
  );

  registerEndpoint(app, companyApiKeysContract.revoke, updates, async (request, reply) => {
    await revokeCompanyApiKey({ db, ...companyActorOf(request), id: request.params.id });
    return reply.code(204).send(null);
  });
}
