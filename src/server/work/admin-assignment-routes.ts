import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminAssignmentSummarySchema,
  assignmentOptionListSchema,
  assignmentOptionsQuerySchema,
  createAssignmentSchema,
} from '~/shared/admin-assignments';
import { assignmentSchema } from '~/shared/billing';
import type { AppContext } from '../app-context';
import { findApplicantOptions, findCompanyOptions } from '../platform/find-picker-options';
import { actorOf, errorResponses } from '../platform/route-schemas';
import { createAssignment } from './create-assignment';
import { getAssignmentSummary } from './get-assignment-summary';

const tags = ['work'];

// Assignment Management (issue 16 §3): the summary cards, the pickers of New Assignment and the
// creation itself. The list and the start/end/terms moves live in work-routes.ts.
export async function adminAssignmentRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db } = context;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/admin/assignments/summary',
    {
      config: { access: { permission: 'read:assignment:any' } },
      schema: {
        tags,
        summary: 'Active assignments, pending starts, talent at work and weekly billable hours',
        response: { 200: adminAssignmentSummarySchema, ...errorResponses },
      },
    },
    async () => getAssignmentSummary({ db }),
  );

  routes.get(
    '/api/admin/assignment-options/companies',
    {
      config: { access: { permission: 'update:assignment:any' } },
      schema: {
        tags,
        summary: 'Active companies whose name holds q, for New Assignment',
        querystring: assignmentOptionsQuerySchema,
        response: { 200: assignmentOptionListSchema, ...errorResponses },
      },
    },
    async (request) => findCompanyOptions({ db, q: request.query.q }),
  );

  routes.get(
    '/api/admin/assignment-options/applicants',
    {
      config: { access: { permission: 'update:assignment:any' } },
      schema: {
        tags,
        summary: 'Active talent whose name or email holds q, for New Assignment',
        querystring: assignmentOptionsQuerySchema,
        response: { 200: assignmentOptionListSchema, ...errorResponses },
      },
    },
    async (request) => findApplicantOptions({ db, q: request.query.q }),
  );

  routes.post(
    '/api/admin/assignments',
    {
      config: { access: { permission: 'update:assignment:any' } },
      schema: {
        tags,
        summary: 'Place a talent with a company: pending, or active when it starts today or earlier',
        body: createAssignmentSchema,
        response: { 201: assignmentSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { actorId } = actorOf(request);
      const created = await createAssignment({ db, actorId, input: request.body, ipAddress: request.ip });
      return reply.status(201).send(created);
    },
  );
}
