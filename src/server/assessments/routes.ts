import type { FastifyInstance } from 'fastify';
import { testsContract } from '~/shared/contracts/assessments';
import type { AppContext } from '../app-context';
import { currentAuth, currentCompanyId } from '../platform/access-control';
import { registerEndpoint } from '../platform/contract-routes';
import { companyActorOf } from '../platform/route-schemas';
import { cloneTest } from './clone-test';
import { createTest } from './create-test';
import { deleteTest } from './delete-test';
import { findTests } from './find-tests';
import { getTest } from './get-test';
import { setTestArchived } from './set-test-archived';
import { setTestFavorite } from './set-test-favorite';
import { updateTest } from './update-test';

// The company's skills tests: the endpoints of testsContract in shared/contracts/assessments.ts.
export async function assessmentRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db } = context;

  registerEndpoint(app, testsContract.list, { config: { access: { permission: 'read:test:own' } } }, async (request) =>
    findTests({
      db,
      companyId: currentCompanyId(request),
      userId: currentAuth(request).user.id,
      q: request.query.q,
      activeOnly: request.query.active_only,
      type: request.query.type,
      favoritesOnly: request.query.favorites_only,
      includeArchived: request.query.include_archived,
      sort: request.query.sort,
      page: request.query.page,
      pageSize: request.query.page_size,
    }),
  );

  registerEndpoint(
    app,
    testsContract.create,
    { config: { access: { permission: 'create:test:own' } } },
    async (request, reply) => {
      const test = await createTest({ db, ...companyActorOf(request), fields: request.body });
      return reply.code(201).send(test);
    },
  );

  registerEndpoint(app, testsContract.get, { config: { access: { permission: 'read:test:own' } } }, async (request) =>
    getTest({
      db,
      companyId: currentCompanyId(request),
      userId: currentAuth(request).user.id,
      testId: request.params.id,
    }),
  );

  registerEndpoint(
    app,
    testsContract.update,
    { config: { access: { permission: 'update:test:own' } } },
    async (request) => updateTest({ db, ...companyActorOf(request), testId: request.params.id, fields: request.body }),
  );

  registerEndpoint(
    app,
    testsContract.clone,
    { config: { access: { permission: 'create:test:own' } } },
    async (request, reply) => {
      const clone = await cloneTest({ db, ...companyActorOf(request), testId: request.params.id });
      return reply.code(201).send(clone);
    },
  );

  registerEndpoint(
    app,
    testsContract.archive,
    { config: { access: { permission: 'update:test:own' } } },
    async (request) => setTestArchived({ db, ...companyActorOf(request), testId: request.params.id, archived: true }),
  );

  registerEndpoint(
    app,
    testsContract.restore,
    { config: { access: { permission: 'update:test:own' } } },
    async (request) => setTestArchived({ db, ...companyActorOf(request), testId: request.params.id, archived: false }),
  );

  registerEndpoint(
    app,
    testsContract.delete,
    { config: { access: { permission: 'delete:test:own' } } },
    async (request, reply) => {
      await deleteTest({ db, ...companyActorOf(request), testId: request.params.id });
      return reply.code(204).send(null);
    },
  );

  registerEndpoint(
    app,
    testsContract.setFavorite,
    { config: { access: { permission: 'update:test:own' } } },
    async (request) =>
      setTestFavorite({
        db,
        companyId: currentCompanyId(request),
        userId: currentAuth(request).user.id,
        testId: request.params.id,
        favorite: request.body.favorite,
      }),
  );
}
