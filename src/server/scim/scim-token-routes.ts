import type { FastifyInstance } from 'fastify';
import { companyIdentityContract } from '~/shared/contracts/sso';
import type { AppContext } from '../app-context';
import { registerEndpoint } from '../platform/contract-routes';
import { companyActorOf } from '../platform/route-schemas';
import { generateScimToken } from './generate-scim-token';

// Settings → Security's SCIM token (Owner and Admins, from a session): the identity provider's bearer for /scim/v2.
export async function scimTokenRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db } = context;
  registerEndpoint(
    app,
    companyIdentityContract.createScimToken,
    { config: { sessionOnly: true, access: { permission: 'update:identity_settings:own' } } },
    async (request, reply) => reply.code(201).send(await generateScimToken({ db, ...companyActorOf(request) })),
  );
}
