import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { jobApplicationListSchema } from '~/shared/jobs';
import {
  applicationDetailSchema,
  applicationListQuerySchema,
  applicationNoteSchema,
  applicationRatingSchema,
  bulkMoveResultSchema,
  bulkMoveSchema,
  moveApplicationSchema,
  noteSchema,
  offerSchema,
  ratingSchema,
} from '~/shared/pipeline';
import type { AppContext } from '../app-context';
import { findJobApplications } from '../jobs/find-job-applications';
import { currentAuth, currentCompanyId } from '../platform/access-control';
import { companyActorOf, errorResponses, idParams } from '../platform/route-schemas';
import { addApplicationNote } from './add-application-note';
import { bulkMoveApplications } from './bulk-move-applications';
import { getApplication } from './get-application';
import { makeOffer } from './make-offer';
import { moveApplication } from './move-application';
import { rateApplication } from './rate-application';

// "a job application": the article reads right, and it is what the company sees.
const applicationParams = idParams('application');
const tags = ['applications'];

// The company's side of the hiring pipeline (issue 11): its applications, each one's detail, the
// moves of DESIGN.md §5, offers, private notes and ratings. Every query carries the caller's company;
// another company's application is a 404. Administrators may read any application.
export async function pipelineRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db, mailer } = context;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/applications',
    {
      config: { access: { permission: 'read:job_application:own' } },
      schema: {
        tags,
        summary: 'Applications to your jobs, newest first, with the count per stage (job_id, status, q, page)',
        querystring: applicationListQuerySchema,
        response: { 200: jobApplicationListSchema, ...errorResponses },
      },
    },
    async (request) =>
      findJobApplications({
        db,
        companyId: currentCompanyId(request),
        jobId: request.query.job_id,
        query: request.query,
      }),
  );

  routes.post(
    '/api/applications/bulk-move',
    {
      config: { access: { permission: 'update:job_application:own' } },
      schema: {
        tags,
        summary: 'Shortlist, move to interviewing or reject several applications; each id gets its outcome',
        body: bulkMoveSchema,
        response: { 200: bulkMoveResultSchema, ...errorResponses },
      },
    },
    async (request) => bulkMoveApplications({ db, mailer, ...companyActorOf(request), input: request.body }),
  );

  routes.get(
    '/api/applications/:id',
    {
      config: { access: { permission: 'read:job_application:own' } },
      schema: {
        tags,
        summary: 'One application to your jobs: profile, cover letter, history, offer, notes, ratings, tests',
        params: applicationParams,
        response: { 200: applicationDetailSchema, ...errorResponses },
      },
    },
    async (request) =>
      getApplication({
        db,
        reader: { companyId: currentCompanyId(request) },
        viewerId: currentAuth(request).user.id,
        id: request.params.id,
      }),
  );

  routes.post(
    '/api/applications/:id/move',
    {
      config: { access: { permission: 'update:job_application:own' } },
      schema: {
        tags,
        summary: 'Shortlist, move to interviewing or reject (with a reason) an application; 409 when not allowed',
        params: applicationParams,
        body: moveApplicationSchema,
        response: { 200: applicationDetailSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actor = companyActorOf(request);
      await moveApplication({
        db,
        mailer,
        applicationId: request.params.id,
        to: request.body.to,
        actor: { mover: 'company', actorId: actor.actorId, companyId: actor.companyId },
        rejectionReason: request.body.reason,
        ipAddress: actor.ipAddress,
      });
      return getApplication({
        db,
        reader: { companyId: actor.companyId },
        viewerId: actor.actorId,
        id: request.params.id,
      });
    },
  );

  routes.post(
    '/api/applications/:id/offer',
    {
      config: { access: { permission: 'update:job_application:own' } },
      schema: {
        tags,
        summary: 'Offer the job: hourly rate, weekly hours and a start date; the applicant accepts or declines',
        params: applicationParams,
        body: offerSchema,
        response: { 200: applicationDetailSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actor = companyActorOf(request);
      await makeOffer({ db, mailer, ...actor, id: request.params.id, offer: request.body });
      return getApplication({
        db,
        reader: { companyId: actor.companyId },
        viewerId: actor.actorId,
        id: request.params.id,
      });
    },
  );

  routes.post(
    '/api/applications/:id/notes',
    {
      config: { access: { permission: 'update:job_application:own' } },
      schema: {
        tags,
        summary: 'Add a private note: only your company’s members read it',
        params: applicationParams,
        body: noteSchema,
        response: { 201: applicationNoteSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const note = await addApplicationNote({
        db,
        ...companyActorOf(request),
        id: request.params.id,
        body: request.body.body,
      });
      return reply.code(201).send(note);
    },
  );

  routes.put(
    '/api/applications/:id/rating',
    {
      config: { access: { permission: 'update:job_application:own' } },
      schema: {
        tags,
        summary: 'Rate an application 1–5 stars: one rating per reviewer, changed by rating again',
        params: applicationParams,
        body: ratingSchema,
        response: { 200: applicationRatingSchema, ...errorResponses },
      },
    },
    async (request) =>
      rateApplication({ db, ...companyActorOf(request), id: request.params.id, rating: request.body.rating }),
  );

  routes.get(
    '/api/admin/applications/:id',
    {
      config: { access: { permission: 'read:job_application:any' } },
      schema: {
        tags,
        summary: 'Any application, as its company sees it (administrators)',
        params: applicationParams,
        response: { 200: applicationDetailSchema, ...errorResponses },
      },
    },
    async (request) =>
      getApplication({
        db,
        reader: { anyCompany: true },
        viewerId: currentAuth(request).user.id,
        id: request.params.id,
      }),
  );
}
