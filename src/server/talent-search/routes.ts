import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { jobInvitationSchema } from '~/shared/job-board';
import {
  candidateProfileSchema,
  inviteCandidateSchema,
  shortlistQuerySchema,
  shortlistSchema,
  shortlistStateSchema,
  talentQuerySchema,
  talentSearchResultSchema,
  talentSkillsQuerySchema,
  talentSkillsSchema,
} from '~/shared/talent-search';
import type { AppContext } from '../app-context';
import { currentCompanyId } from '../platform/access-control';
import { companyActorOf, errorResponses, idParams } from '../platform/route-schemas';
import { inviteCandidate } from './invite-candidate';
import { searchCandidates } from './search-candidates';
import { findShortlist, shortlistCandidate, unshortlistCandidate } from './shortlist-candidate';
import { suggestTalentSkills } from './suggest-talent-skills';
import { viewCandidate } from './view-candidate';

const candidateParams = idParams('candidate');
const tags = ['talent search'];

// Talent Search (issue 12): a company searches listed applicants, keeps a shortlist and invites a
// candidate to apply to one of its open jobs.
export async function talentSearchRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db, cache } = context;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/talent',
    {
      config: { access: { permission: 'read:talent:any' } },
      schema: {
        tags,
        summary: 'Talent Search: listed applicants searched, filtered, sorted and paged, with facet counts',
        querystring: talentQuerySchema,
        response: { 200: talentSearchResultSchema, ...errorResponses },
      },
    },
    async (request) => searchCandidates({ db, cache, companyId: currentCompanyId(request), filters: request.query }),
  );

  routes.get(
    '/api/talent/skills',
    {
      config: { access: { permission: 'read:talent:any' } },
      schema: {
        tags,
        summary: 'Skills listed applicants name, starting with what was typed: the most common first',
        querystring: talentSkillsQuerySchema,
        response: { 200: talentSkillsSchema, ...errorResponses },
      },
    },
    async (request) => ({ items: await suggestTalentSkills({ db, prefix: request.query.q }) }),
  );

  routes.get(
    '/api/talent/shortlist',
    {
      config: { access: { permission: 'read:shortlist:own' } },
      schema: {
        tags,
        summary: 'Your company’s shortlist, most recently added first',
        querystring: shortlistQuerySchema,
        response: { 200: shortlistSchema, ...errorResponses },
      },
    },
    async (request) =>
      findShortlist({
        db,
        companyId: currentCompanyId(request),
        page: request.query.page,
        pageSize: request.query.page_size,
      }),
  );

  routes.get(
    '/api/talent/:id',
    {
      config: { access: { permission: 'read:talent:any' } },
      schema: {
        tags,
        summary: 'A candidate’s full profile, with the tests they passed that you may see (public ones and yours)',
        params: candidateParams,
        response: { 200: candidateProfileSchema, ...errorResponses },
      },
    },
    async (request) => viewCandidate({ db, companyId: currentCompanyId(request), applicantId: request.params.id }),
  );

  routes.put(
    '/api/talent/:id/shortlist',
    {
      config: { access: { permission: 'update:shortlist:own' } },
      schema: {
        tags,
        summary: 'Add a candidate to your shortlist (adding again changes nothing)',
        params: candidateParams,
        response: { 200: shortlistStateSchema, ...errorResponses },
      },
    },
    async (request) => shortlistCandidate({ db, ...companyActorOf(request), applicantId: request.params.id }),
  );

  routes.delete(
    '/api/talent/:id/shortlist',
    {
      config: { access: { permission: 'update:shortlist:own' } },
      schema: {
        tags,
        summary: 'Take a candidate off your shortlist (taking off again changes nothing)',
        params: candidateParams,
        response: { 200: shortlistStateSchema, ...errorResponses },
      },
    },
    async (request) =>
      unshortlistCandidate({ db, companyId: currentCompanyId(request), applicantId: request.params.id }),
  );

  routes.post(
    '/api/talent/:id/invitations',
    {
      config: { access: { permission: 'create:job_invitation:own' } },
      schema: {
        tags,
        summary: 'Invite a candidate to apply to one of your open jobs; they are notified with a link to it',
        params: candidateParams,
        body: inviteCandidateSchema,
        response: { 200: jobInvitationSchema, 201: jobInvitationSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { invitation, isNew } = await inviteCandidate({
        db,
        ...companyActorOf(request),
        applicantId: request.params.id,
        jobId: request.body.job_id,
      });
      return reply.code(isNew ? 201 : 200).send(invitation);
    },
  );
}
