import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  testFavoriteSchema,
  testFieldsSchema,
  testListQuerySchema,
  testListSchema,
  testSchema,
} from '~/shared/assessments';
import type { AppContext } from '../app-context';
import { currentAuth, currentCompanyId } from '../platform/access-control';
import { companyActorOf, errorResponses, idParams } from '../platform/route-schemas';
import { cloneTest } from './clone-test';
import { createTest } from './create-test';
import { deleteTest } from './delete-test';
import { findTests } from './find-tests';
import { getTest } from './get-test';
import { setTestArchived } from './set-test-archived';
import { setTestFavorite } from './set-test-favorite';
import { updateTest } from './update-test';

const testParams = idParams('test');

// The company's skills tests: the builder, the Tests tab, and the job form's Required Tests dialog.
export async function assessmentRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db } = context;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/tests',
    {
      config: { access: { permission: 'read:test:own' } },
      schema: {
        tags: ['tests'],
        summary: 'Your company’s tests, filtered and a page at a time (active_only=true: what a job can require)',
        querystring: testListQuerySchema,
        response: { 200: testListSchema, ...errorResponses },
      },
    },
    async (request) =>
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

  routes.post(
    '/api/tests',
    {
      config: { access: { permission: 'create:test:own' } },
      schema: {
        tags: ['tests'],
        summary: 'Create a test (is_active true) or save it as a draft (false)',
        body: testFieldsSchema,
        response: { 201: testSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const test = await createTest({ db, ...companyActorOf(request), fields: request.body });
      return reply.code(201).send(test);
    },
  );

  routes.get(
    '/api/tests/:id',
    {
      config: { access: { permission: 'read:test:own' } },
      schema: {
        tags: ['tests'],
        summary: 'One of your company’s tests, with its questions',
        params: testParams,
        response: { 200: testSchema, ...errorResponses },
      },
    },
    async (request) =>
      getTest({
        db,
        companyId: currentCompanyId(request),
        userId: currentAuth(request).user.id,
        testId: request.params.id,
      }),
  );

  routes.put(
    '/api/tests/:id',
    {
      config: { access: { permission: 'update:test:own' } },
      schema: {
        tags: ['tests'],
        summary: 'Replace a test’s fields and questions',
        params: testParams,
        body: testFieldsSchema,
        response: { 200: testSchema, ...errorResponses },
      },
    },
    async (request) => updateTest({ db, ...companyActorOf(request), testId: request.params.id, fields: request.body }),
  );

  routes.post(
    '/api/tests/:id/clone',
    {
      config: { access: { permission: 'create:test:own' } },
      schema: {
        tags: ['tests'],
        summary: 'Copy a test and its questions into a new draft named “<name> (copy)”',
        params: testParams,
        response: { 201: testSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const clone = await cloneTest({ db, ...companyActorOf(request), testId: request.params.id });
      return reply.code(201).send(clone);
    },
  );

  routes.post(
    '/api/tests/:id/archive',
    {
      config: { access: { permission: 'update:test:own' } },
      schema: {
        tags: ['tests'],
        summary: 'Archive a test: hidden from the list and from new jobs; jobs that require it keep it',
        params: testParams,
        response: { 200: testSchema, ...errorResponses },
      },
    },
    async (request) => setTestArchived({ db, ...companyActorOf(request), testId: request.params.id, archived: true }),
  );

  routes.post(
    '/api/tests/:id/restore',
    {
      config: { access: { permission: 'update:test:own' } },
      schema: {
        tags: ['tests'],
        summary: 'Bring an archived test back as it was',
        params: testParams,
        response: { 200: testSchema, ...errorResponses },
      },
    },
    async (request) => setTestArchived({ db, ...companyActorOf(request), testId: request.params.id, archived: false }),
  );

  routes.delete(
    '/api/tests/:id',
    {
      config: { access: { permission: 'delete:test:own' } },
      schema: {
        tags: ['tests'],
        summary: 'Delete a test nobody has taken (409 once it has attempts: archive it instead)',
        params: testParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await deleteTest({ db, ...companyActorOf(request), testId: request.params.id });
      return reply.code(204).send(null);
    },
  );

  routes.put(
    '/api/tests/:id/favorite',
    {
      config: { access: { permission: 'update:test:own' } },
      schema: {
        tags: ['tests'],
        summary: 'Star or unstar a test for yourself',
        params: testParams,
        body: testFavoriteSchema,
        response: { 200: testFavoriteSchema, ...errorResponses },
      },
    },
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
