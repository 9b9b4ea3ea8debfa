import type { FastifyInstance } from 'fastify';
import { scorecardsContract } from '~/shared/contracts/scorecards';
import type { AppContext } from '../app-context';
import { authMay, currentAuth, currentCompanyId } from '../platform/access-control';
import { registerEndpoint } from '../platform/contract-routes';
import { companyActorOf } from '../platform/route-schemas';
import { fillScorecard, loadScorecardSummary } from './scorecards';

// Interviewers' scorecards (shared/contracts/scorecards.ts): whoever reads the pipeline reads them (a
// Viewer too), whoever may act on applications fills their own.
export async function scorecardRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db } = context;

  registerEndpoint(
    app,
    scorecardsContract.list,
    { config: { access: { permission: 'read:job_application:own' } } },
    async (request) =>
      loadScorecardSummary({
        db,
        companyId: currentCompanyId(request),
        id: request.params.id,
        viewerId: currentAuth(request).user.id,
        canFill: authMay(currentAuth(request), 'update:job_application:own'),
      }),
  );

  registerEndpoint(
    app,
    scorecardsContract.fill,
    { config: { access: { permission: 'update:job_application:own' } } },
    async (request) => fillScorecard({ db, ...companyActorOf(request), id: request.params.id, input: request.body }),
  );
}
