import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  applyToJobSchema,
  inviteToJobSchema,
  jobBoardQuerySchema,
  jobInvitationSchema,
  jobListingListSchema,
  jobPostingSchema,
  publicJobSchema,
  savedJobStateSchema,
  savedJobsQuerySchema,
  submittedApplicationSchema,
} from '~/shared/job-board';
import type { AppContext } from '../app-context';
import { currentAuth } from '../platform/access-control';
import { actorOf, companyActorOf, errorResponses, idParams } from '../platform/route-schemas';
import { applyToJob, applyWaitsFor } from './apply-to-job';
import { findJobListings } from './find-job-listings';
import { findSavedJobs } from './find-saved-jobs';
import { getJobPosting } from './get-job-posting';
import { getPublicJob } from './get-public-job';
import { inviteToJob } from './invite-to-job';
import { saveJob } from './save-job';
import { unsaveJob } from './unsave-job';

const jobParams = idParams('job');
const tags = ['job board'];

// The job board (issue 11): applicants find, save and apply to jobs; a company invites an applicant to a
// private job; anyone reads an open public job.
export async function jobBoardRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db } = context;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const applicantIdOf = (request: Parameters<typeof currentAuth>[0]) => currentAuth(request).user.id;

  routes.get(
    '/api/applicant/jobs',
    {
      config: { access: { permission: 'read:job:published' } },
      schema: {
        tags,
        summary: 'Find Jobs: open jobs you may see, searched, filtered, sorted, one page at a time',
        querystring: jobBoardQuerySchema,
        response: { 200: jobListingListSchema, ...errorResponses },
      },
    },
    async (request) => findJobListings({ db, applicantId: applicantIdOf(request), query: request.query }),
  );

  routes.get(
    '/api/applicant/jobs/:id',
    {
      config: { access: { permission: 'read:job:published' } },
      schema: {
        tags,
        summary: 'One job’s whole post and required tests, whether you saved it, and your application',
        params: jobParams,
        response: { 200: jobPostingSchema, ...errorResponses },
      },
    },
    async (request) => getJobPosting({ db, applicantId: applicantIdOf(request), id: request.params.id }),
  );

  routes.get(
    '/api/applicant/saved-jobs',
    {
      config: { access: { permission: 'read:saved_job:own' } },
      schema: {
        tags,
        summary: 'The jobs you saved, last saved first',
        querystring: savedJobsQuerySchema,
        response: { 200: jobListingListSchema, ...errorResponses },
      },
    },
    async (request) => findSavedJobs({ db, applicantId: applicantIdOf(request), query: request.query }),
  );

  routes.put(
    '/api/applicant/saved-jobs/:id',
    {
      config: { access: { permission: 'update:saved_job:own' } },
      schema: {
        tags,
        summary: 'Save a job (saving it again changes nothing)',
        params: jobParams,
        response: { 200: savedJobStateSchema, ...errorResponses },
      },
    },
    async (request) => saveJob({ db, applicantId: applicantIdOf(request), jobId: request.params.id }),
  );

  routes.delete(
    '/api/applicant/saved-jobs/:id',
    {
      config: { access: { permission: 'update:saved_job:own' } },
      schema: {
        tags,
        summary: 'Remove a job from your saved jobs (removing it again changes nothing)',
        params: jobParams,
        response: { 200: savedJobStateSchema, ...errorResponses },
      },
    },
    async (request) => unsaveJob({ db, applicantId: applicantIdOf(request), jobId: request.params.id }),
  );

  routes.post(
    '/api/jobs/:id/applications',
    {
      // An application puts the applicant's words in front of a company: it waits for a confirmed address.
      config: { access: { permission: 'create:application:own', verifiedEmail: applyWaitsFor } },
      schema: {
        tags,
        summary: 'Apply to a job: a cover letter and an optional hourly rate (409 if applied already or not open)',
        params: jobParams,
        body: applyToJobSchema,
        response: { 201: submittedApplicationSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { actorId, ipAddress } = actorOf(request);
      const application = await applyToJob({
        db,
        applicantId: actorId,
        jobId: request.params.id,
        input: request.body,
        ipAddress,
      });
      return reply.code(201).send(application);
    },
  );

  routes.post(
    '/api/jobs/:id/invitations',
    {
      config: { access: { permission: 'create:job_invitation:own' } },
      schema: {
        tags,
        summary: 'Invite an applicant to one of your jobs: a private job is listed for invited applicants only',
        params: jobParams,
        body: inviteToJobSchema,
        response: { 200: jobInvitationSchema, 201: jobInvitationSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { invitation, isNew } = await inviteToJob({
        db,
        ...companyActorOf(request),
        jobId: request.params.id,
        applicantId: request.body.applicant_id,
      });
      return reply.code(isNew ? 201 : 200).send(invitation);
    },
  );

  routes.get(
    '/api/public/jobs/:id',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'An open public job, for its public page (/jobs/:id)',
        params: jobParams,
        response: {
          200: publicJobSchema,
          400: errorResponses[400],
          404: errorResponses[404],
          429: errorResponses[429],
        },
      },
    },
    async (request) => getPublicJob({ db, id: request.params.id }),
  );
}
