import type { FastifyInstance } from 'fastify';
import { jobsContract } from '~/shared/contracts/jobs';
import { jobTransitions } from '~/shared/jobs';
import type { AppContext } from '../app-context';
import type { Database } from '../db/client';
import { findJobApplications } from '../kernels/hiring/find-job-applications';
import { notifyNewJob } from '../kernels/notices/notify-administrators';
import { currentAuth, currentCompanyId } from '../platform/access-control';
import { registerEndpoint } from '../platform/contract-routes';
import { sendGeneratedFile } from '../platform/file-transfer';
import { companyActorOf } from '../platform/route-schemas';
import { analyzeHiring } from './analyze-hiring';
import { bulkChangeJobs } from './bulk-change-jobs';
import { changeJobStatus } from './change-job-status';
import { createJob, publishWaitsFor } from './create-job';
import { deleteJob } from './delete-job';
import { duplicateJob } from './duplicate-job';
import { exportHiringCsv } from './export-hiring-csv';
import { exportHiringPdf } from './export-hiring-pdf';
import { exportJobsCsv } from './export-jobs-csv';
import { findJobTags } from './find-job-tags';
import { findJobs } from './find-jobs';
import { getJob } from './get-job';
import { makeReferralLink } from './make-referral-link';
import { markApplicationsSeen } from './mark-applications-seen';
import { summarizeJobs } from './summarize-jobs';
import { updateJob } from './update-job';

// A company's job posts: every route acts inside the signed-in person's company. The endpoints
// of shared/contracts/jobs.ts.
export async function jobRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db } = context;
  // Publishing tells the administrators (System Settings), in the publishing transaction.
  const announceJob = (transaction: Database, jobId: string) => notifyNewJob({ ...context, transaction }, jobId);

  registerEndpoint(app, jobsContract.list, { config: { access: { permission: 'read:job:own' } } }, async (request) =>
    findJobs({ db, companyId: currentCompanyId(request), query: request.query }),
  );

  registerEndpoint(
    app,
    jobsContract.create,
    { config: { access: { permission: 'create:job:own' } } },
    async (request, reply) => {
      const { email, emailVerified } = currentAuth(request).user;
      const job = await createJob({
        db,
        ...companyActorOf(request),
        actorEmail: email,
        isActorEmailVerified: emailVerified,
        input: request.body,
        onPublished: announceJob,
      });
      return reply.code(201).send(job);
    },
  );

  registerEndpoint(app, jobsContract.summary, { config: { access: { permission: 'read:job:own' } } }, async (request) =>
    summarizeJobs({ db, companyId: currentCompanyId(request) }),
  );

  registerEndpoint(app, jobsContract.tags, { config: { access: { permission: 'read:job:own' } } }, async (request) =>
    findJobTags({ db, companyId: currentCompanyId(request) }),
  );

  registerEndpoint(
    app,
    jobsContract.exportCsv,
    { config: { access: { permission: 'read:job:own' } } },
    async (request, reply) => {
      const file = await exportJobsCsv({ db, companyId: currentCompanyId(request), query: request.query });
      return sendGeneratedFile(reply, { ...file, contentType: 'text/csv; charset=utf-8' });
    },
  );

  registerEndpoint(
    app,
    jobsContract.analytics,
    { config: { access: { permission: 'read:job:own' } } },
    async (request) => analyzeHiring({ db, companyId: currentCompanyId(request) }),
  );

  registerEndpoint(
    app,
    jobsContract.analyticsCsv,
    { config: { access: { permission: 'read:job:own' } } },
    async (request, reply) => {
      const file = await exportHiringCsv({ db, companyId: currentCompanyId(request) });
      return sendGeneratedFile(reply, { ...file, contentType: 'text/csv; charset=utf-8' });
    },
  );

  registerEndpoint(
    app,
    jobsContract.analyticsPdf,
    { config: { access: { permission: 'read:job:own' } } },
    async (request, reply) => {
      const file = await exportHiringPdf({ db, companyId: currentCompanyId(request) });
      return sendGeneratedFile(reply, { ...file, contentType: 'application/pdf' });
    },
  );

  registerEndpoint(
    app,
    jobsContract.companyApplications,
    { config: { access: { permission: 'read:job:own' } } },
    async (request) => findJobApplications({ db, companyId: currentCompanyId(request), query: request.query }),
  );

  registerEndpoint(app, jobsContract.bulk, { config: { access: { permission: 'update:job:own' } } }, async (request) =>
    bulkChangeJobs({ db, ...companyActorOf(request), input: request.body }),
  );

  registerEndpoint(app, jobsContract.get, { config: { access: { permission: 'read:job:own' } } }, async (request) =>
    getJob({ db, companyId: currentCompanyId(request), id: request.params.id }),
  );

  registerEndpoint(
    app,
    jobsContract.update,
    { config: { access: { permission: 'update:job:own' } } },
    async (request) => updateJob({ db, ...companyActorOf(request), id: request.params.id, fields: request.body }),
  );

  registerEndpoint(
    app,
    jobsContract.delete,
    { config: { access: { permission: 'delete:job:own' } } },
    async (request, reply) => {
      await deleteJob({ db, ...companyActorOf(request), id: request.params.id });
      return reply.code(204).send(null);
    },
  );

  for (const transition of jobTransitions) {
    registerEndpoint(
      app,
      jobsContract[transition],
      // Publishing puts the company's words in front of applicants: it waits for a confirmed address.
      {
        config: {
          access: {
            permission: 'update:job:own',
            verifiedEmail: transition === 'publish' ? publishWaitsFor : undefined,
          },
        },
      },
      async (request) => {
        const actor = companyActorOf(request);
        await changeJobStatus({ db, ...actor, id: request.params.id, transition, onPublished: announceJob });
        return getJob({ db, companyId: actor.companyId, id: request.params.id });
      },
    );
  }

  registerEndpoint(
    app,
    jobsContract.duplicate,
    { config: { access: { permission: 'create:job:own' } } },
    async (request, reply) => {
      const copy = await duplicateJob({ db, ...companyActorOf(request), id: request.params.id });
      return reply.code(201).send(copy);
    },
  );

  registerEndpoint(
    app,
    jobsContract.applications,
    { config: { access: { permission: 'read:job:own' } } },
    async (request) =>
      findJobApplications({
        db,
        companyId: currentCompanyId(request),
        jobId: request.params.id,
        query: request.query,
      }),
  );

  // Whoever may read the company's jobs may share one with a link of their own (decision 058).
  registerEndpoint(
    app,
    jobsContract.referralLink,
    { config: { access: { permission: 'read:job:own' } } },
    async (request) =>
      makeReferralLink({
        db,
        companyId: currentCompanyId(request),
        userId: currentAuth(request).user.id,
        jobId: request.params.id,
        publicUrl: context.config.publicUrl,
      }),
  );

  registerEndpoint(
    app,
    jobsContract.markApplicationsSeen,
    { config: { access: { permission: 'update:job:own' } } },
    async (request) => markApplicationsSeen({ db, companyId: currentCompanyId(request), id: request.params.id }),
  );
}
