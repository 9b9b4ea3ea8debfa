import type { FastifyInstance } from 'fastify';
import { adminJobsContract } from '~/shared/contracts/admin-jobs';
import type { AppContext } from '../app-context';
import { findCompanyOptions } from '../kernels/identity/find-picker-options';
import { notifyNewJob } from '../kernels/notices/notify-administrators';
import { currentAuth } from '../platform/access-control';
import { registerEndpoint } from '../platform/contract-routes';
import { actorOf } from '../platform/route-schemas';
import { changeJobStatus } from './change-job-status';
import { createAdminJob } from './create-admin-job';
import { findAdminJobs } from './find-admin-jobs';
import { findJobCompany } from './find-job-company';
import { getJob } from './get-job';
import { updateJob } from './update-job';

// Job Management: every company's jobs for administrators. Creating, editing and archiving
// go through the company's own job functions, so the same rules and state machine hold.
export async function adminJobRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db } = context;

  registerEndpoint(
    app,
    adminJobsContract.list,
    { config: { access: { permission: 'read:job:any' } } },
    async (request) => findAdminJobs({ db, query: request.query }),
  );

  registerEndpoint(
    app,
    adminJobsContract.companyOptions,
    { config: { access: { permission: 'read:job:any' } } },
    async (request) => findCompanyOptions({ db, q: request.query.q }),
  );

  registerEndpoint(
    app,
    adminJobsContract.create,
    { config: { access: { permission: 'create:job:any' } } },
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

  registerEndpoint(
    app,
    adminJobsContract.get,
    { config: { access: { permission: 'read:job:any' } } },
    async (request) => {
      const { id } = request.params;
      return getJob({ db, companyId: await findJobCompany({ db, jobId: id }), id });
    },
  );

  registerEndpoint(
    app,
    adminJobsContract.update,
    { config: { access: { permission: 'update:job:any' } } },
    async (request) => {
      const { id } = request.params;
      const companyId = await findJobCompany({ db, jobId: id });
      return updateJob({ db, companyId, id, fields: request.body, ...actorOf(request) });
    },
  );

  registerEndpoint(
    app,
    adminJobsContract.archive,
    { config: { access: { permission: 'update:job:any' } } },
    async (request) => {
      const { id } = request.params;
      const companyId = await findJobCompany({ db, jobId: id });
      await changeJobStatus({ db, companyId, id, transition: 'archive', ...actorOf(request) });
      return getJob({ db, companyId, id });
    },
  );
}
