import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SCIM_BASE_PATH, SCIM_MEDIA_TYPE, scimTexts } from '~/shared/scim';
import type { AppContext } from '../app-context';
import { createScimGroup } from './create-scim-group';
import { createScimUser } from './create-scim-user';
import { deleteScimUser } from './delete-scim-user';
import { patchScimGroup } from './patch-scim-group';
import { patchScimUser } from './patch-scim-user';
import { replaceScimGroup } from './replace-scim-group';
import { replaceScimUser } from './replace-scim-user';
import { resolveScimToken, type ScimCaller } from './resolve-scim-token';
import {
  resourceTypeListOf,
  resourceTypeNamed,
  schemaListOf,
  schemaWithId,
  serviceProviderConfigOf,
} from './scim-discovery';
import { ScimRefusal, scimErrorBody, scimErrorOf } from './scim-errors';
import { paginationOf, parseGroupFilter, parseUserFilter } from './scim-filters';
import { excludesMembers, findScimGroup, findScimGroups, findScimUser, findScimUsers } from './scim-views';

// SCIM 2.0 (RFC 7644) for a company's identity provider, under /scim/v2 (clients are configured with a base URL
// ending there, not under /api). These routes are outside the API's contracts: SCIM's own documents
// (/ServiceProviderConfig, /Schemas) describe them, and they answer in SCIM's shapes, errors included. Each route is
// public to the app's access control (kernels/identity/authentication.ts leaves /scim/v2 to this plugin), which
// authenticates the company's SCIM token itself before anything else runs.

type ScimQuery = Partial<Record<'filter' | 'startIndex' | 'count' | 'excludedAttributes', unknown>>;

const CONTENT_TYPE = `${SCIM_MEDIA_TYPE}; charset=utf-8`;
// Public to access control, and left out of the OpenAPI document (it describes /api).
const route = { config: { access: 'public' }, schema: { hide: true } } as const;

function send(reply: FastifyReply, status: number, body: unknown) {
  return reply.code(status).type(CONTENT_TYPE).send(body);
}

const filterOf = (query: ScimQuery) => {
  if (query.filter === undefined || query.filter === '') return undefined;
  if (typeof query.filter !== 'string') {
    throw new ScimRefusal('validation', scimTexts.filterUnreadable(String(query.filter)), 'invalidFilter');
  }
  return query.filter;
};

export async function scimRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db, live, config } = context;
  const { publicUrl } = config;

  await app.register(
    async (scim) => {
      // The company each request acts for, found by its token before the body is read.
      const callers = new WeakMap<FastifyRequest, ScimCaller>();
      const callerOf = (request: FastifyRequest): ScimCaller => {
        const caller = callers.get(request);
        if (!caller) throw new ScimRefusal('unauthenticated', scimTexts.tokenMissing);
        return caller;
      };
      const userParams = (request: FastifyRequest) => (request.params as { userId: string }).userId;
      const groupParams = (request: FastifyRequest) => (request.params as { groupId: string }).groupId;
      const queryOf = (request: FastifyRequest) => request.query as ScimQuery;
      // The person deactivated or deleted loses their open tabs too: their sockets close on session.ended.
      const tellEnded = async (userId: string, ended: { endedMembership: boolean }) => {
        if (ended.endedMembership) await live.send([userId], { type: 'session.ended' });
      };

      // SCIM's JSON, as application/scim+json or application/json; nothing else (Fastify would read text/plain too).
      scim.removeContentTypeParser('text/plain');
      scim.addContentTypeParser(SCIM_MEDIA_TYPE, { parseAs: 'string' }, scim.getDefaultJsonParser('error', 'error'));

      scim.addHook('onRequest', async (request) => {
        callers.set(request, await resolveScimToken({ db, authorization: request.headers.authorization }));
      });

      scim.setErrorHandler((error, request, reply) => {
        const answer = scimErrorOf(error, request.method === 'GET' || request.method === 'HEAD');
        if (answer.unexpected) request.log.error({ err: error }, 'SCIM request failed');
        else request.log.info({ status: answer.status, scimType: answer.body.scimType }, answer.body.detail);
        if (answer.retryAfterSeconds !== undefined) reply.header('retry-after', String(answer.retryAfterSeconds));
        if (answer.status === 401) reply.header('www-authenticate', 'Bearer realm="SCIM"');
        return send(reply, answer.status, answer.body);
      });

      scim.setNotFoundHandler((request, reply) =>
        send(reply, 404, scimErrorBody(404, scimTexts.notFound(request.url.split('?')[0] ?? ''))),
      );

      scim.get('/ServiceProviderConfig', route, async (_request, reply) =>
        send(reply, 200, serviceProviderConfigOf(publicUrl)),
      );
      scim.get('/ResourceTypes', route, async (_request, reply) => send(reply, 200, resourceTypeListOf(publicUrl)));
      scim.get('/ResourceTypes/:name', route, async (request, reply) =>
        send(reply, 200, resourceTypeNamed((request.params as { name: string }).name, publicUrl)),
      );
      scim.get('/Schemas', route, async (_request, reply) => send(reply, 200, schemaListOf(publicUrl)));
      scim.get('/Schemas/:schemaId', route, async (request, reply) =>
        send(reply, 200, schemaWithId((request.params as { schemaId: string }).schemaId, publicUrl)),
      );

      scim.get('/Users', route, async (request, reply) => {
        const query = queryOf(request);
        const filter = filterOf(query);
        const list = await findScimUsers({
          db,
          companyId: callerOf(request).companyId,
          publicUrl,
          filter: filter === undefined ? null : parseUserFilter(filter),
          ...paginationOf(query),
        });
        return send(reply, 200, list);
      });

      scim.post('/Users', route, async (request, reply) => {
        const user = await createScimUser({ db, caller: callerOf(request), publicUrl, body: request.body });
        reply.header('location', user.meta.location);
        return send(reply, 201, user);
      });

      scim.get('/Users/:userId', route, async (request, reply) =>
        send(
          reply,
          200,
          await findScimUser({ db, companyId: callerOf(request).companyId, publicUrl, userId: userParams(request) }),
        ),
      );

      scim.put('/Users/:userId', route, async (request, reply) => {
        const userId = userParams(request);
        const { user, ...ended } = await replaceScimUser({
          db,
          caller: callerOf(request),
          publicUrl,
          userId,
          body: request.body,
        });
        await tellEnded(userId, ended);
        return send(reply, 200, user);
      });

      scim.patch('/Users/:userId', route, async (request, reply) => {
        const userId = userParams(request);
        const { user, ...ended } = await patchScimUser({
          db,
          caller: callerOf(request),
          publicUrl,
          userId,
          body: request.body,
        });
        await tellEnded(userId, ended);
        return send(reply, 200, user);
      });

      scim.delete('/Users/:userId', route, async (request, reply) => {
        const userId = userParams(request);
        await tellEnded(userId, await deleteScimUser({ db, caller: callerOf(request), userId }));
        return reply.code(204).send();
      });

      scim.get('/Groups', route, async (request, reply) => {
        const query = queryOf(request);
        const filter = filterOf(query);
        const list = await findScimGroups({
          db,
          companyId: callerOf(request).companyId,
          publicUrl,
          filter: filter === undefined ? null : parseGroupFilter(filter),
          ...paginationOf(query),
          withMembers: !excludesMembers(query.excludedAttributes),
        });
        return send(reply, 200, list);
      });

      scim.post('/Groups', route, async (request, reply) => {
        const { companyId } = callerOf(request);
        const role = await createScimGroup({ db, caller: callerOf(request), body: request.body });
        const group = await findScimGroup({ db, companyId, publicUrl, id: role });
        reply.header('location', group.meta.location);
        return send(reply, 201, group);
      });

      scim.get('/Groups/:groupId', route, async (request, reply) => {
        const group = await findScimGroup({
          db,
          companyId: callerOf(request).companyId,
          publicUrl,
          id: groupParams(request),
          withMembers: !excludesMembers(queryOf(request).excludedAttributes),
        });
        return send(reply, 200, group);
      });

      scim.put('/Groups/:groupId', route, async (request, reply) => {
        const caller = callerOf(request);
        const id = groupParams(request);
        await replaceScimGroup({ db, caller, id, body: request.body });
        return send(reply, 200, await findScimGroup({ db, companyId: caller.companyId, publicUrl, id }));
      });

      scim.patch('/Groups/:groupId', route, async (request, reply) => {
        await patchScimGroup({ db, caller: callerOf(request), id: groupParams(request), body: request.body });
        return reply.code(204).send();
      });

      // The groups are the roles: there is nothing to delete.
      scim.delete('/Groups/:groupId', route, async (request) => {
        await findScimGroup({
          db,
          companyId: callerOf(request).companyId,
          publicUrl,
          id: groupParams(request),
          withMembers: false,
        });
        throw new ScimRefusal('validation', scimTexts.groupNotDeleted, 'mutability');
      });
    },
    { prefix: SCIM_BASE_PATH },
  );
}
