import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  applicantApplicationListQuerySchema,
  applicantApplicationListSchema,
  applicantApplicationSchema,
  applicantListQuerySchema,
  applicantMeetingListSchema,
  applicantMessageListSchema,
  applicantStatsSchema,
  recommendedJobListSchema,
  recommendedJobsQuerySchema,
} from '~/shared/applications';
import type { AppContext } from '../app-context';
import { findApplicantMeetings } from '../meetings/find-applicant-meetings';
import { findRecentMessages } from '../messaging/find-recent-messages';
import { actorOf, errorResponses, idParams } from '../platform/route-schemas';
import { answerOwnApplication } from './answer-own-application';
import { findApplicantApplications } from './find-applicant-applications';
import { getApplicantStats } from './get-applicant-stats';
import { recommendJobs } from './recommend-jobs';

const applicationParams = idParams('application');
const tags = ['applicant'];

// The applicant's calls of spec §7 (/api/applicant/*): their applications and the moves they make on
// them, and the dashboard's figures. Every query is scoped to the signed-in applicant.
export async function applicantRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db, mailer } = context;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/applicant/applications',
    {
      config: { access: { permission: 'read:application:own' } },
      schema: {
        tags,
        summary: 'Your applications, newest first, with their stage history, offer and assignment',
        querystring: applicantApplicationListQuerySchema,
        response: { 200: applicantApplicationListSchema, ...errorResponses },
      },
    },
    async (request) => findApplicantApplications({ db, applicantId: actorOf(request).actorId, query: request.query }),
  );

  const moves = [
    { action: 'withdraw', summary: 'Withdraw your application (any stage before a hire)' },
    { action: 'accept-offer', summary: 'Accept the offer: you are hired and the assignment is made' },
    { action: 'decline-offer', summary: 'Decline the offer: the application is withdrawn' },
  ] as const;
  for (const move of moves) {
    routes.post(
      `/api/applicant/applications/:id/${move.action}`,
      {
        config: { access: { permission: 'update:application:own' } },
        schema: {
          tags,
          summary: `${move.summary} (409 when the stage does not allow it)`,
          params: applicationParams,
          response: { 200: applicantApplicationSchema, ...errorResponses },
        },
      },
      async (request) => {
        const { actorId, ipAddress } = actorOf(request);
        return answerOwnApplication({
          db,
          mailer,
          applicantId: actorId,
          applicationId: request.params.id,
          action: move.action,
          ipAddress,
        });
      },
    );
  }

  routes.get(
    '/api/applicant/stats',
    {
      config: { access: { permission: 'read:applicant_dashboard:own' } },
      schema: {
        tags,
        summary: 'The dashboard cards: applications, interviews, offers, saved jobs, active hours',
        response: { 200: applicantStatsSchema, ...errorResponses },
      },
    },
    async (request) => getApplicantStats({ db, applicantId: actorOf(request).actorId }),
  );

  routes.get(
    '/api/applicant/recommended-jobs',
    {
      config: { access: { permission: 'read:applicant_dashboard:own' } },
      schema: {
        tags,
        summary: 'Open jobs you have not applied to, best match with your profile skills first',
        querystring: recommendedJobsQuerySchema,
        response: { 200: recommendedJobListSchema, ...errorResponses },
      },
    },
    async (request) => recommendJobs({ db, applicantId: actorOf(request).actorId, limit: request.query.limit }),
  );

  routes.get(
    '/api/applicant/messages',
    {
      config: { access: { permission: 'read:applicant_dashboard:own' } },
      schema: {
        tags,
        summary: 'Messages written to you, newest first',
        querystring: applicantListQuerySchema,
        response: { 200: applicantMessageListSchema, ...errorResponses },
      },
    },
    async (request) =>
      findRecentMessages({
        db,
        applicantId: actorOf(request).actorId,
        page: request.query.page,
        pageSize: request.query.page_size,
      }),
  );

  routes.get(
    '/api/applicant/meetings',
    {
      config: { access: { permission: 'read:applicant_dashboard:own' } },
      schema: {
        tags,
        summary: 'Your meetings still ahead that you have not declined, soonest first, with their join links',
        querystring: applicantListQuerySchema,
        response: { 200: applicantMeetingListSchema, ...errorResponses },
      },
    },
    async (request) =>
      findApplicantMeetings({
        db,
        publicUrl: context.config.publicUrl,
        applicantId: actorOf(request).actorId,
        page: request.query.page,
        pageSize: request.query.page_size,
      }),
  );
}
