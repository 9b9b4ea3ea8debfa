import type { FastifyInstance } from 'fastify';
import { savedSearchesContract } from '~/shared/contracts/saved-searches';
import type { AppContext } from '../app-context';
import { currentAuth } from '../platform/access-control';
import { registerEndpoint } from '../platform/contract-routes';
import { deleteSavedSearch } from './delete-saved-search';
import { findSavedSearches } from './find-saved-searches';
import { getJobAlertSubscription, unsubscribeJobAlert } from './job-alert-subscriptions';
import { saveSearch } from './save-search';
import { updateSavedSearch } from './update-saved-search';

// A mail provider's one-click unsubscribe (RFC 8058) posts "List-Unsubscribe=One-Click" as a form; the token
// in the address is all the endpoint reads, so the body is taken and left unread.
const ONE_CLICK_BODY_LIMIT = 1024;
const oneClickMediaTypes = ['application/x-www-form-urlencoded', 'multipart/form-data'];

// Saved searches and their job alerts (shared/contracts/saved-searches.ts).
export function savedSearchRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db, config } = context;
  const { publicUrl } = config;
  const applicantIdOf = (request: Parameters<typeof currentAuth>[0]) => currentAuth(request).user.id;

  registerEndpoint(
    app,
    savedSearchesContract.list,
    { config: { access: { permission: 'read:saved_search:own' } } },
    async (request) => findSavedSearches({ db, applicantId: applicantIdOf(request), query: request.query }),
  );

  registerEndpoint(
    app,
    savedSearchesContract.create,
    { config: { access: { permission: 'update:saved_search:own' } } },
    async (request, reply) =>
      reply.code(201).send(await saveSearch({ db, applicantId: applicantIdOf(request), input: request.body })),
  );

  registerEndpoint(
    app,
    savedSearchesContract.update,
    { config: { access: { permission: 'update:saved_search:own' } } },
    async (request) =>
      updateSavedSearch({ db, applicantId: applicantIdOf(request), id: request.params.id, input: request.body }),
  );

  registerEndpoint(
    app,
    savedSearchesContract.remove,
    { config: { access: { permission: 'update:saved_search:own' } } },
    async (request, reply) => {
      await deleteSavedSearch({ db, applicantId: applicantIdOf(request), id: request.params.id });
      return reply.code(204).send(null);
    },
  );

  registerEndpoint(app, savedSearchesContract.alert, { config: { access: 'public' } }, async (request) =>
    getJobAlertSubscription({ db, token: request.params.token, publicUrl }),
  );

  app.register(async (scope) => {
    scope.addContentTypeParser(
      oneClickMediaTypes,
      { parseAs: 'string', bodyLimit: ONE_CLICK_BODY_LIMIT },
      (_request, _body, done) => done(null, undefined),
    );
    registerEndpoint(
      scope,
      savedSearchesContract.unsubscribe,
      // The link is the permission: a mail provider's server posts it with no session and from no page of
      // ours, and a webmail's page posts it from its own site. Turning alerts off is all it can do.
      { config: { access: 'public', csrf: 'exempt' } },
      async (request) => unsubscribeJobAlert({ db, token: request.params.token, publicUrl }),
    );
  });
}
