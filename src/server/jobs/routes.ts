import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bulkJobResultSchema,
  bulkJobSchema,
  createJobSchema,
  hiringAnalyticsSchema,
  jobApplicationListQuerySchema,
  jobApplicationListSchema,
  jobExportQuerySchema,
  jobListQuerySchema,
  jobListSchema,
  jobSchema,
  jobSummarySchema,
  jobTagsSchema,
  jobTransitions,
  updateJobSchema,
} from '~/shared/jobs';
import type { AppContext } from '../app-context';
import type { Database } from '../db/client';
import { currentAuth, currentCompanyId } from '../platform/access-control';
import { sendGeneratedFile } from '../platform/file-transfer';
import { companyActorOf, errorResponses, fileResponse, idParams } from '../platform/route-schemas';
import { notifyNewJob } from '../settings/notify-administrators';
import { analyzeHiring } from './analyze-hiring';
import { bulkChangeJobs } from './bulk-change-jobs';
import { changeJobStatus } from './change-job-status';
import { createJob, publishWaitsFor } from './create-job';
import { deleteJob } from './delete-job';
import { duplicateJob } from './duplicate-job';
import { exportHiringCsv } from './export-hiring-csv';
import { exportHiringPdf } from './export-hiring-pdf';
import { exportJobsCsv } from './export-jobs-csv';
import { findJobApplications } from './find-job-applications';
import { findJobTags } from './find-job-tags';
import { findJobs } from './find-jobs';
import { getJob } from './get-job';
import { markApplicationsSeen } from './mark-applications-seen';
import { summarizeJobs } from './summarize-jobs';
import { updateJob } from './update-job';

const jobParams = idParams('job');
const tags = ['jobs'];

// A company's job posts (issue 5): every route acts inside the signed-in person's company.
export async function jobRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db } = context;
  // Publishing tells the administrators (System Settings), in the publishing transaction.
  const announceJob = (transaction: Database, jobId: string) => notifyNewJob({ ...context, transaction }, jobId);
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/jobs',
    {
      config: { access: { permission: 'read:job:own' } },
      schema: {
        tags,
        summary: 'Your job posts: search, filter, sort, one page at a time',
        querystring: jobListQuerySchema,
        response: { 200: jobListSchema, ...errorResponses },
      },
    },
    async (request) => findJobs({ db, companyId: currentCompanyId(request), query: request.query }),
  );

  routes.post(
    '/api/jobs',
    {
      config: { access: { permission: 'create:job:own' } },
      schema: {
        tags,
        summary: 'Create a job post, published (status open) or as a draft',
        body: createJobSchema,
        response: { 201: jobSchema, ...errorResponses },
      },
    },
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

  routes.get(
    '/api/jobs/summary',
    {
      config: { access: { permission: 'read:job:own' } },
      schema: {
        tags,
        summary: 'The summary cards: open and paused jobs, pending interviews, tests assigned, time-to-hire',
        response: { 200: jobSummarySchema, ...errorResponses },
      },
    },
    async (request) => summarizeJobs({ db, companyId: currentCompanyId(request) }),
  );

  routes.get(
    '/api/jobs/tags',
    {
      config: { access: { permission: 'read:job:own' } },
      schema: {
        tags,
        summary: 'The skill tags your jobs use, for the Tags filter',
        response: { 200: jobTagsSchema, ...errorResponses },
      },
    },
    async (request) => findJobTags({ db, companyId: currentCompanyId(request) }),
  );

  routes.get(
    '/api/jobs/export.csv',
    {
      config: { access: { permission: 'read:job:own' } },
      schema: {
        tags,
        summary: 'Download the filtered jobs, or the selected ones (ids), as CSV',
        querystring: jobExportQuerySchema,
        response: { 200: fileResponse('text/csv'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const file = await exportJobsCsv({ db, companyId: currentCompanyId(request), query: request.query });
      return sendGeneratedFile(reply, { ...file, contentType: 'text/csv; charset=utf-8' });
    },
  );

  routes.get(
    '/api/jobs/analytics',
    {
      config: { access: { permission: 'read:job:own' } },
      schema: {
        tags,
        summary: 'Hiring analytics: conversion, offer acceptance, time-to-hire, applicants per week',
        response: { 200: hiringAnalyticsSchema, ...errorResponses },
      },
    },
    async (request) => analyzeHiring({ db, companyId: currentCompanyId(request) }),
  );

  routes.get(
    '/api/jobs/analytics.csv',
    {
      config: { access: { permission: 'read:job:own' } },
      schema: {
        tags,
        summary: 'Download the hiring analytics as CSV',
        response: { 200: fileResponse('text/csv'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const file = await exportHiringCsv({ db, companyId: currentCompanyId(request) });
      return sendGeneratedFile(reply, { ...file, contentType: 'text/csv; charset=utf-8' });
    },
  );

  routes.get(
    '/api/jobs/analytics.pdf',
    {
      config: { access: { permission: 'read:job:own' } },
      schema: {
        tags,
        summary: 'Download the hiring analytics as a PDF report',
        response: { 200: fileResponse('application/pdf'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const file = await exportHiringPdf({ db, companyId: currentCompanyId(request) });
      return sendGeneratedFile(reply, { ...file, contentType: 'application/pdf' });
    },
  );

  routes.get(
    '/api/jobs/applications',
    {
      config: { access: { permission: 'read:job:own' } },
      schema: {
        tags,
        summary: 'Applications to all your jobs, newest first (e.g. status=interviewing)',
        querystring: jobApplicationListQuerySchema,
        response: { 200: jobApplicationListSchema, ...errorResponses },
      },
    },
    async (request) => findJobApplications({ db, companyId: currentCompanyId(request), query: request.query }),
  );

  routes.post(
    '/api/jobs/bulk',
    {
      config: { access: { permission: 'update:job:own' } },
      schema: {
        tags,
        summary: 'Pause, resume or archive several jobs; each id gets its outcome',
        body: bulkJobSchema,
        response: { 200: bulkJobResultSchema, ...errorResponses },
      },
    },
    async (request) => bulkChangeJobs({ db, ...companyActorOf(request), input: request.body }),
  );

  routes.get(
    '/api/jobs/:id',
    {
      config: { access: { permission: 'read:job:own' } },
      schema: { tags, summary: 'One of your jobs', params: jobParams, response: { 200: jobSchema, ...errorResponses } },
    },
    async (request) => getJob({ db, companyId: currentCompanyId(request), id: request.params.id }),
  );

  routes.put(
    '/api/jobs/:id',
    {
      config: { access: { permission: 'update:job:own' } },
      schema: {
        tags,
        summary: 'Edit a job (its status changes through the transitions)',
        params: jobParams,
        body: updateJobSchema,
        response: { 200: jobSchema, ...errorResponses },
      },
    },
    async (request) => updateJob({ db, ...companyActorOf(request), id: request.params.id, fields: request.body }),
  );

  routes.delete(
    '/api/jobs/:id',
    {
      config: { access: { permission: 'delete:job:own' } },
      schema: {
        tags,
        summary: 'Delete a draft (a published job is archived instead)',
        params: jobParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await deleteJob({ db, ...companyActorOf(request), id: request.params.id });
      return reply.code(204).send(null);
    },
  );

  for (const transition of jobTransitions) {
    routes.post(
      `/api/jobs/:id/${transition}`,
      {
        // Publishing puts the company's words in front of applicants: it waits for a confirmed address.
        config: {
          access: {
            permission: 'update:job:own',
            verifiedEmail: transition === 'publish' ? publishWaitsFor : undefined,
          },
        },
        schema: {
          tags,
          summary: `${transition[0]?.toUpperCase()}${transition.slice(1)} a job (DESIGN.md §5; 409 when the move is not allowed)`,
          params: jobParams,
          response: { 200: jobSchema, ...errorResponses },
        },
      },
      async (request) => {
        const actor = companyActorOf(request);
        await changeJobStatus({ db, ...actor, id: request.params.id, transition, onPublished: announceJob });
        return getJob({ db, companyId: actor.companyId, id: request.params.id });
      },
    );
  }

  routes.post(
    '/api/jobs/:id/duplicate',
    {
      config: { access: { permission: 'create:job:own' } },
      schema: {
        tags,
        summary: 'Copy a job into a new draft',
        params: jobParams,
        response: { 201: jobSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const copy = await duplicateJob({ db, ...companyActorOf(request), id: request.params.id });
      return reply.code(201).send(copy);
    },
  );

  routes.get(
    '/api/jobs/:id/applications',
    {
      config: { access: { permission: 'read:job:own' } },
      schema: {
        tags,
        summary: "A job's applications, newest first",
        params: jobParams,
        querystring: jobApplicationListQuerySchema,
        response: { 200: jobApplicationListSchema, ...errorResponses },
      },
    },
    async (request) =>
      findJobApplications({
        db,
        companyId: currentCompanyId(request),
        jobId: request.params.id,
        query: request.query,
      }),
  );

  routes.post(
    '/api/jobs/:id/applications/seen',
    {
      config: { access: { permission: 'update:job:own' } },
      schema: {
        tags,
        summary: "Mark a job's applications seen: the new-applications badge starts again from zero",
        params: jobParams,
        response: { 200: z.object({ applications_seen_at: z.string() }), ...errorResponses },
      },
    },
    async (request) => markApplicationsSeen({ db, companyId: currentCompanyId(request), id: request.params.id }),
  );
}
