import type { FastifyInstance } from 'fastify';
import { talentSearchContract } from '~/shared/contracts/talent-search';
import type { AppContext } from '../app-context';
import { currentCompanyId } from '../platform/access-control';
import { registerEndpoint } from '../platform/contract-routes';
import { companyActorOf } from '../platform/route-schemas';
import { inviteCandidate } from './invite-candidate';
import { searchCandidates } from './search-candidates';
import { findShortlist, shortlistCandidate } from './shortlist-candidate';
import { suggestTalentSkills } from './suggest-talent-skills';
import { unshortlistCandidate } from './unshortlist-candidate';
import { viewCandidate } from './view-candidate';

// Talent Search: a company searches listed applicants, keeps a shortlist and invites a
// candidate to apply to one of its open jobs. The endpoints are declared in
// shared/contracts/talent-search.ts.
export async function talentSearchRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db, cache } = context;

  registerEndpoint(
    app,
    talentSearchContract.search,
    { config: { access: { permission: 'read:talent:any' } } },
    async (request) => searchCandidates({ db, cache, companyId: currentCompanyId(request), filters: request.query }),
  );

  registerEndpoint(
    app,
    talentSearchContract.skills,
    { config: { access: { permission: 'read:talent:any' } } },
    async (request) => ({ items: await suggestTalentSkills({ db, prefix: request.query.q }) }),
  );

  registerEndpoint(
    app,
    talentSearchContract.shortlist,
    { config: { access: { permission: 'read:shortlist:own' } } },
    async (request) =>
      findShortlist({
        db,
        companyId: currentCompanyId(request),
        page: request.query.page,
        pageSize: request.query.page_size,
      }),
  );

  registerEndpoint(
    app,
    talentSearchContract.candidate,
    { config: { access: { permission: 'read:talent:any' } } },
    async (request) => viewCandidate({ db, companyId: currentCompanyId(request), applicantId: request.params.id }),
  );

  registerEndpoint(
    app,
    talentSearchContract.addToShortlist,
    { config: { access: { permission: 'update:shortlist:own' } } },
    async (request) => shortlistCandidate({ db, ...companyActorOf(request), applicantId: request.params.id }),
  );

  registerEndpoint(
    app,
    talentSearchContract.removeFromShortlist,
    { config: { access: { permission: 'update:shortlist:own' } } },
    async (request) =>
      unshortlistCandidate({ db, companyId: currentCompanyId(request), applicantId: request.params.id }),
  );

  registerEndpoint(
    app,
    talentSearchContract.invite,
    { config: { access: { permission: 'create:job_invitation:own' } } },
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
