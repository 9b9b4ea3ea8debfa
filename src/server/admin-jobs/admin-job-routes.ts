import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { assignmentOptionListSchema, assignmentOptionsQuerySchema } from '~/shared/admin-assignments';
import { adminCreateJobSchema, adminJobListQuerySchema, adminJobListSchema } from '~/shared/admin-jobs';
import { jobSchema, updateJobSchema } from '~/shared/jobs';
import type { AppContext } from '../app-context';
import { changeJobStatus } from '../jobs/change-job-status';
import { getJob } from '../jobs/get-job';
import { updateJob } from '../jobs/update-job';
import { currentAuth } from '../platform/access-control';
import { findCompanyOptions } from '../platform/find-picker-options';
import { actorOf, errorResponses, idParams } from '../platform/route-schemas';
import { notifyNewJob } from '../settings/notify-administrators';
import { createAdminJob } from './create-admin-job';
import { findAdminJobs } from './find-admin-jobs';
import { findJobCompany } from './find-job-company';

const tags = ['admin', 'jobs'];
const jobParams = idParams('job');

// Job Management (issue 16 §2): every company's jobs for administrators. Creating, editing and archiving
// go through the company's own job functions, so the same rules and state machine hold.
export async function adminJobRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db } = context;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/admin/jobs',
    {
      config: { access: { permission: 'read:job:any' } },
      schema: {
        tags,
        summary: "Every company's jobs, newest first; search by title or company, filter by status or company",
        querystring: adminJobListQuerySchema,
        response: { 200: adminJobListSchema, ...errorResponses },
      },
    },
    async (request) => findAdminJobs({ db, query: request.query }),
  );

  routes.get(
    '/api/admin/jobs/company-options',
    {
      config: { access: { permission: 'read:job:any' } },
      schema: {
        tags,
        summary: 'Active companies whose name holds q, for Create Job and the company filter',
        querystring: assignmentOptionsQuerySchema,
        response: { 200: assignmentOptionListSchema, ...errorResponses },
      },
    },
    async (request) => findCompanyOptions({ db, q: request.query.q }),
  );

  routes.post(
    '/api/admin/jobs',
    {
      config: { access: { permission: 'create:job:any' } },
      schema: {
        tags,
        summary: 'Create a job for a company, published (status open) or as a draft',
        body: adminCreateJobSchema,
        response: { 201: jobSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { user } = currentAuth(request);
      const job = await createAdminJob({
        db,
        actor: user,
        input: request.body,
        ipAddress: request.ip,
        onPublished: (transaction, jobId) => notifyNewJob({ ...context, transaction }, jobId),
      });
      return reply.code(201).send(job);
    },
  );

  routes.get(
    '/api/admin/jobs/:id',
    {
      config: { access: { permission: 'read:job:any' } },
      schema: {
        tags,
        summary: 'One job with every field, for the edit form',
        params: jobParams,
        response: { 200: jobSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params;
      return getJob({ db, companyId: await findJobCompany({ db, jobId: id }), id });
    },
  );

  routes.put(
    '/api/admin/jobs/:id',
    {
      config: { access: { permission: 'update:job:any' } },
      schema: {
        tags,
        summary: "Replace a job's editable fields, with the company's rules (an archived job is frozen)",
        params: jobParams,
        body: updateJobSchema,
        response: { 200: jobSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params;
      const companyId = await findJobCompany({ db, jobId: id });
      return updateJob({ db, companyId, id, fields: request.body, ...actorOf(request) });
    },
  );

  routes.post(
    '/api/admin/jobs/:id/archive',
    {
      config: { access: { permission: 'update:job:any' } },
      schema: {
        tags,
        summary: 'Archive a job (any status); 409 when it is archived already',
        params: jobParams,
        response: { 200: jobSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params;
      const companyId = await findJobCompany({ db, jobId: id });
      await changeJobStatus({ db, companyId, id, transition: 'archive', ...actorOf(request) });
      return getJob({ db, companyId, id });
    },
  );
}
