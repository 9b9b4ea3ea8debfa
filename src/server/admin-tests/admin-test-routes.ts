import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminCreateTestSchema,
  adminTestDetailSchema,
  adminTestListQuerySchema,
  adminTestListSchema,
  type BulkTestAction,
  bulkTestResultSchema,
  bulkTestSchema,
} from '~/shared/admin-tests';
import type { AppContext } from '../app-context';
import { actorOf, errorResponses, idParams } from '../platform/route-schemas';
import { bulkChangeTests } from './bulk-change-tests';
import { createAdminTest } from './create-admin-test';
import { findAdminTests } from './find-admin-tests';
import { getAdminTest } from './get-admin-test';

const tags = ['admin', 'tests'];
const testParams = idParams('test');

// Tests & Content Management (issue 16 §2): every test on the platform for administrators, created,
// archived and deleted through the company's own test functions.
export async function adminTestRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db } = context;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/admin/tests',
    {
      config: { access: { permission: 'read:test:any' } },
      schema: {
        tags,
        summary: "Every test, the companies' and the platform's, newest first; search by name or owner",
        querystring: adminTestListQuerySchema,
        response: { 200: adminTestListSchema, ...errorResponses },
      },
    },
    async (request) => findAdminTests({ db, query: request.query }),
  );

  routes.post(
    '/api/admin/tests',
    {
      config: { access: { permission: 'create:test:any' } },
      schema: {
        tags,
        summary: 'Create a test for a company or for the platform (public to every company)',
        body: adminCreateTestSchema,
        response: { 201: adminTestDetailSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const test = await createAdminTest({ db, input: request.body, ...actorOf(request) });
      return reply.code(201).send(test);
    },
  );

  routes.get(
    '/api/admin/tests/:id',
    {
      config: { access: { permission: 'read:test:any' } },
      schema: {
        tags,
        summary: 'One test with its questions, for the read-only view',
        params: testParams,
        response: { 200: adminTestDetailSchema, ...errorResponses },
      },
    },
    async (request) => getAdminTest({ db, testId: request.params.id, actorId: actorOf(request).actorId }),
  );

  const bulkRoute = (action: BulkTestAction, permission: 'update:test:any' | 'delete:test:any', summary: string) =>
    routes.post(
      `/api/admin/tests/${action}`,
      {
        config: { access: { permission } },
        schema: { tags, summary, body: bulkTestSchema, response: { 200: bulkTestResultSchema, ...errorResponses } },
      },
      async (request) => bulkChangeTests({ db, action, input: request.body, ...actorOf(request) }),
    );
  bulkRoute('archive', 'update:test:any', 'Archive the selected tests (bulk Archive)');
  bulkRoute('delete', 'delete:test:any', 'Delete the selected tests, all or none; 409 naming the tests already taken');
}
