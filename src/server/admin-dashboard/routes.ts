import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { type AdminDashboard, abuseReportDecisions } from '~/shared/admin-dashboard';
import { adminDashboardContract } from '~/shared/contracts/admin-dashboard';
import type { AppContext } from '../app-context';
import { viewerOf } from '../kernels/notices/conversation-access';
import { currentAuth } from '../platform/access-control';
import { registerEndpoint } from '../platform/contract-routes';
import type { RequestCompletionListener } from '../platform/logger';
import { actorOf } from '../platform/route-schemas';
import { checkSystemHealth } from './check-system-health';
import { createPopulationCounter } from './count-population';
import { fileAbuseReport } from './file-abuse-report';
import { findAbuseReports } from './find-abuse-reports';
import { getAdminDashboard } from './get-admin-dashboard';
import { createResponseTally } from './response-tally';
import { settleAbuseReport } from './settle-abuse-report';

// Probes call these constantly; they say nothing about the answers people get.
const UNCOUNTED_ROUTES = new Set(['/api/health', '/api/ready']);

// The admin dashboard and the Report button's abuse reports.
//
// It counts every route's answers for System Health's error rate, told of each by the app once answered.
export async function adminDashboardRoutes(
  app: FastifyInstance,
  {
    context,
    redis,
    onRequestCompleted,
  }: {
    context: AppContext;
    redis?: Redis;
    onRequestCompleted: (listener: RequestCompletionListener) => void;
  },
) {
  const { db, config } = context;
  const tally = createResponseTally({ redis, keyPrefix: config.REDIS_KEY_PREFIX, logger: app.log });
  onRequestCompleted((request, reply) => {
    if (!UNCOUNTED_ROUTES.has(request.routeOptions.url ?? '')) tally.record(reply.statusCode);
  });
  app.addHook('onClose', () => tally.stop());

  // The figures count a million rows: requests that arrive while they are being worked out share that
  // answer rather than each starting the same counts again.
  let inFlight: Promise<AdminDashboard> | undefined;
  const population = createPopulationCounter({ db, cache: context.cache });
  const dashboard = () => {
    inFlight ??= getAdminDashboard({
      db,
      population,
      systemHealth: () => checkSystemHealth({ db, redis, tally, dataDir: config.DATA_DIR }),
    }).finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  };

  registerEndpoint(
    app,
    adminDashboardContract.dashboard,
    { config: { access: { permission: 'read:admin_dashboard:any' } } },
    async () => dashboard(),
  );

  registerEndpoint(
    app,
    adminDashboardContract.fileReport,
    { config: { access: { permission: 'create:abuse_report:own' } } },
    async (request, reply) => {
      const report = await fileAbuseReport({
        db,
        reporter: viewerOf(currentAuth(request)),
        input: request.body,
        ipAddress: request.ip,
      });
      return reply.code(201).send({ report });
    },
  );

  registerEndpoint(
    app,
    adminDashboardContract.reports,
    { config: { access: { permission: 'read:abuse_report:any' } } },
    async (request) => {
      const { status, page, page_size } = request.query;
      return findAbuseReports({ db, status, page, pageSize: page_size });
    },
  );

  const settlements = { resolve: adminDashboardContract.resolveReport, dismiss: adminDashboardContract.dismissReport };
  for (const decision of abuseReportDecisions) {
    registerEndpoint(
      app,
      settlements[decision],
      { config: { access: { permission: 'update:abuse_report:any' } } },
      async (request) => {
        const { actorId, ipAddress } = actorOf(request);
        const report = await settleAbuseReport({ db, reportId: request.params.id, decision, actorId, ipAddress });
        return { report };
      },
    );
  }
}
