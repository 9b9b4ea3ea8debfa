import type { FastifyInstance } from 'fastify';
import { applicantApplicationActions } from '~/shared/applications';
import { applicationMoves, applicationsContract } from '~/shared/contracts/applications';
import type { AppContext } from '../app-context';
import { registerEndpoint } from '../platform/contract-routes';
import { actorOf } from '../platform/route-schemas';
import { answerOwnApplication } from './answer-own-application';
import { findApplicantApplications } from './find-applicant-applications';
import { getApplicantStats } from './get-applicant-stats';
import { recommendJobs } from './recommend-jobs';

// The applicant's calls of docs/spec/portal-and-public-site.md §7 (/api/applicant/*): their applications and the moves
// they make on them, and the dashboard's figures. Every query is scoped to the signed-in applicant. The endpoints of
// shared/contracts/applications.ts.
export async function applicantRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db, mailer } = context;

  registerEndpoint(
    app,
    applicationsContract.list,
    { config: { access: { permission: 'read:application:own' } } },
    async (request) => findApplicantApplications({ db, applicantId: actorOf(request).actorId, query: request.query }),
  );

  for (const action of applicantApplicationActions) {
    registerEndpoint(
      app,
      applicationMoves[action],
      { config: { access: { permission: 'update:application:own' } } },
      async (request) => {
        const { actorId, ipAddress } = actorOf(request);
        return answerOwnApplication({
          db,
          mailer,
          applicantId: actorId,
          applicationId: request.params.id,
          action,
          ipAddress,
        });
      },
    );
  }

  registerEndpoint(
    app,
    applicationsContract.stats,
    { config: { access: { permission: 'read:applicant_dashboard:own' } } },
    async (request) => getApplicantStats({ db, applicantId: actorOf(request).actorId }),
  );

  registerEndpoint(
    app,
    applicationsContract.recommendedJobs,
    { config: { access: { permission: 'read:applicant_dashboard:own' } } },
    async (request) => recommendJobs({ db, applicantId: actorOf(request).actorId, limit: request.query.limit }),
  );
}
