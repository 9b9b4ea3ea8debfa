import type { FastifyInstance } from 'fastify';
import { adminTestsContract } from '~/shared/contracts/admin-tests';
import type { AppContext } from '../app-context';
import { registerEndpoint } from '../platform/contract-routes';
import { actorOf } from '../platform/route-schemas';
import { bulkChangeTests } from './bulk-change-tests';
import { createAdminTest } from './create-admin-test';
import { findAdminTests } from './find-admin-tests';
import { getAdminTest } from './get-admin-test';

// Tests & Content Management: every test on the platform for administrators, created,
// archived and deleted through the company's own test functions.
export async function adminTestRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db } = context;

  registerEndpoint(
    app,
    adminTestsContract.list,
    { config: { access: { permission: 'read:test:any' } } },
    async (request) => findAdminTests({ db, query: request.query }),
  );

  registerEndpoint(
    app,
    adminTestsContract.create,
    { config: { access: { permission: 'create:test:any' } } },
    async (request, reply) => {
      const test = await createAdminTest({ db, input: request.body, ...actorOf(request) });
      return reply.code(201).send(test);
    },
  );

  registerEndpoint(
    app,
    adminTestsContract.get,
    { config: { access: { permission: 'read:test:any' } } },
    async (request) => getAdminTest({ db, testId: request.params.id, actorId: actorOf(request).actorId }),
  );

  registerEndpoint(
    app,
    adminTestsContract.archive,
    { config: { access: { permission: 'update:test:any' } } },
    async (request) => bulkChangeTests({ db, action: 'archive', input: request.body, ...actorOf(request) }),
  );

  registerEndpoint(
    app,
    adminTestsContract.delete,
    { config: { access: { permission: 'delete:test:any' } } },
    async (request) => bulkChangeTests({ db, action: 'delete', input: request.body, ...actorOf(request) }),
  );
}
