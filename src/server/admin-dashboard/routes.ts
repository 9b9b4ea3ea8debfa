import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import {
  type AdminDashboard,
  abuseReportDecisions,
  abuseReportListQuerySchema,
  abuseReportListSchema,
  adminDashboardSchema,
  createAbuseReportResultSchema,
  createAbuseReportSchema,
} from '~/shared/admin-dashboard';
import type { AppContext } from '../app-context';
import { viewerOf } from '../messaging/conversation-access';
import { currentAuth } from '../platform/access-control';
import { actorOf, errorResponses, idParams } from '../platform/route-schemas';
import { checkSystemHealth } from './check-system-health';
import { createPopulationCounter } from './count-population';
import { fileAbuseReport } from './file-abuse-report';
import { findAbuseReports } from './find-abuse-reports';
import { getAdminDashboard } from './get-admin-dashboard';
import { createResponseTally } from './response-tally';
import { settleAbuseReport } from './settle-abuse-report';

// Probes call these constantly; they say nothing about the answers people get.
const UNCOUNTED_ROUTES = new Set(['/api/health', '/api/ready']);

// The admin dashboard (issue 16 §1) and the Report button's abuse reports.
//
// Registered before the other routes and not encapsulated (skip-override below): its onResponse hook
// counts every route's answers for System Health's error rate.
export async function adminDashboardRoutes(
  app: FastifyInstance,
  { context, redis }: { context: AppContext; redis?: Redis },
) {
  const { db, config } = context;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tally = createResponseTally({ redis, keyPrefix: config.REDIS_KEY_PREFIX, logger: app.log });
  app.addHook('onResponse', (request, reply, done) => {
    if (!UNCOUNTED_ROUTES.has(request.routeOptions.url ?? '')) tally.record(reply.statusCode);
    done();
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

  routes.get(
    '/api/admin/dashboard',
    {
      config: { access: { permission: 'read:admin_dashboard:any' } },
      schema: {
        tags: ['admin'],
        summary: 'The admin dashboard: platform figures with growth, system health, recent admin actions',
        response: { 200: adminDashboardSchema, ...errorResponses },
      },
    },
    async () => dashboard(),
  );

  routes.post(
    '/api/reports',
    {
      config: { access: { permission: 'create:abuse_report:own' } },
      schema: {
        tags: ['admin'],
        summary: 'Report a profile, job or message one can see (one open report per person and target)',
        body: createAbuseReportSchema,
        response: { 201: createAbuseReportResultSchema, ...errorResponses },
      },
    },
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

  routes.get(
    '/api/admin/reports',
    {
      config: { access: { permission: 'read:abuse_report:any' } },
      schema: {
        tags: ['admin'],
        summary: 'Abuse reports of one status (open by default), newest first',
        querystring: abuseReportListQuerySchema,
        response: { 200: abuseReportListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { status, page, page_size } = request.query;
      return findAbuseReports({ db, status, page, pageSize: page_size });
    },
  );

  for (const decision of abuseReportDecisions) {
    routes.post(
      `/api/admin/reports/:id/${decision}`,
      {
        config: { access: { permission: 'update:abuse_report:any' } },
        schema: {
          tags: ['admin'],
          summary: decision === 'resolve' ? 'Resolve an open abuse report' : 'Dismiss an open abuse report',
          params: idParams('report'),
          response: { 200: createAbuseReportResultSchema, ...errorResponses },
        },
      },
      async (request) => {
        const { actorId, ipAddress } = actorOf(request);
        const report = await settleAbuseReport({ db, reportId: request.params.id, decision, actorId, ipAddress });
        return { report };
      },
    );
  }
}

// Fastify's own flag (what fastify-plugin sets): the hook above reaches every route registered after.
Object.assign(adminDashboardRoutes, { [Symbol.for('skip-override')]: true });
