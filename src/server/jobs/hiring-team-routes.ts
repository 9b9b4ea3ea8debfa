import type { FastifyInstance } from 'fastify';
import { hiringTeamContract } from '~/shared/contracts/hiring-team';
import type { AppContext } from '../app-context';
import { findPipelineMembers } from '../kernels/hiring/pipeline-members';
import { currentCompanyId } from '../platform/access-control';
import { registerEndpoint } from '../platform/contract-routes';
import { companyActorOf } from '../platform/route-schemas';
import { addHiringTeamMember, findHiringTeam } from './hiring-team';
import { removeHiringTeamMember } from './remove-hiring-team-member';
import { setScorecardCriteria } from './set-scorecard-criteria';

// A job's hiring team and scorecard criteria (shared/contracts/hiring-team.ts): whoever reads the job reads
// them, whoever may edit the job changes them. The colleagues a picker offers need the pipeline's reading.
export async function hiringTeamRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db } = context;

  registerEndpoint(
    app,
    hiringTeamContract.get,
    { config: { access: { permission: 'read:job:own' } } },
    async (request) => findHiringTeam({ db, companyId: currentCompanyId(request), jobId: request.params.id }),
  );

  registerEndpoint(
    app,
    hiringTeamContract.add,
    { config: { access: { permission: 'update:job:own' } } },
    async (request, reply) => {
      const member = await addHiringTeamMember({
        db,
        ...companyActorOf(request),
        jobId: request.params.id,
        userId: request.body.user_id,
      });
      return reply.code(201).send(member);
    },
  );

  registerEndpoint(
    app,
    hiringTeamContract.remove,
    { config: { access: { permission: 'update:job:own' } } },
    async (request, reply) => {
      await removeHiringTeamMember({
        db,
        ...companyActorOf(request),
        jobId: request.params.id,
        userId: request.query.user_id,
      });
      return reply.code(204).send(null);
    },
  );

  registerEndpoint(
    app,
    hiringTeamContract.setCriteria,
    { config: { access: { permission: 'update:job:own' } } },
    async (request) =>
      setScorecardCriteria({ db, ...companyActorOf(request), jobId: request.params.id, input: request.body }),
  );

  registerEndpoint(
    app,
    hiringTeamContract.pipelineMembers,
    { config: { access: { permission: 'read:job_application:own' } } },
    async (request) => ({
      items: await findPipelineMembers({
        db,
        companyId: currentCompanyId(request),
        search: request.query.q,
        notOnJobId: request.query.not_on_job,
      }),
    }),
  );
}
