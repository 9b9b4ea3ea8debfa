import { randomBytes } from 'node:crypto';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RawRequestDefaultExpression } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { COMPANY_API_KEY_PREFIX } from '~/shared/api-keys';
import { accountRoutes } from './account/routes';
import { managerRoutes } from './account-managers/manager-routes';
import { accountManagerRoutes } from './account-managers/routes';
import { accountingRoutes } from './accounting/routes';
import { adminApplicantRoutes } from './admin-applicants/routes';
import { adminCompanyRoutes } from './admin-companies/routes';
import { adminDashboardRoutes } from './admin-dashboard/routes';
import { agreementRoutes } from './agreements/routes';
import { agreementSigningRoutes } from './agreements/signing-routes';
import { apiTokenRoutes } from './api-tokens/api-token-routes';
import { resolveApiToken } from './api-tokens/resolve-api-token';
import type { AppContext } from './app-context';
import { applicantRoutes } from './applications/routes';
import { adminTestRoutes } from './assessments/admin-test-routes';
import { attemptRoutes } from './assessments/attempt-routes';
import { assessmentRoutes } from './assessments/routes';
import { createTextGrader } from './assessments/text-graders';
import { auditLogRoutes } from './audit/routes';
import { authRoutes } from './auth/routes';
import { ssoSignInRoutes } from './auth/sso-routes';
import { adminInvoiceRoutes } from './billing/admin-invoice-routes';
import { invoiceRoutes } from './billing/invoice-routes';
import { calendarOauthRoutes } from './calendar-connections/oauth-routes';
import { calendarConnectionRoutes } from './calendar-connections/routes';
import { companyRoutes } from './companies/routes';
import { resolveCompanyApiKey } from './company-api-keys/resolve-company-api-key';
import { companyApiKeyRoutes, registerApiKeyRateLimit } from './company-api-keys/routes';
import type { Config, TrustedProxies } from './config';
import type { DatabaseHandle } from './db/client';
import { earningsRoutes } from './earnings/routes';
import { milestoneRoutes } from './fixed-price/milestone-routes';
import { fxRateRoutes } from './fx/routes';
import { checkReadiness } from './health/check-readiness';
import { healthRoutes } from './health/routes';
import { createPublicJobSitemap, jobBoardPage, publicJobPage } from './job-board/public-job-pages';
import { jobBoardRoutes } from './job-board/routes';
import { adminJobRoutes } from './jobs/admin-job-routes';
import { hiringTeamRoutes } from './jobs/hiring-team-routes';
import { jobRoutes } from './jobs/routes';
import { registerAuthentication } from './kernels/identity/authentication';
import { resolveSession } from './kernels/identity/resolve-session';
import { findLiveSessions } from './kernels/identity/sessions';
import { viewerOf } from './kernels/notices/conversation-access';
import { createMailer } from './mail/mailer';
import { bookingRoutes } from './meetings/booking-routes';
import { meetingRoutes } from './meetings/routes';
import { messagingRoutes } from './messaging/routes';
import { watchableAmong } from './messaging/watchable-people';
import { notificationRoutes } from './notifications/routes';
import { adminPaymentRoutes } from './payments/admin-payment-routes';
import { paymentRoutes } from './payments/payment-routes';
import { payoutRoutes } from './payouts/routes';
import { pipelineRoutes } from './pipeline/routes';
import { scorecardRoutes } from './pipeline/scorecard-routes';
import { createRouteRegistry } from './platform/access-control';
import { createBackgroundTasks } from './platform/background-tasks';
import { registerCspReports } from './platform/csp-reports';
import { AppError, refuseWhileStopping, registerErrorHandling, sendError } from './platform/errors';
import { createConfiguredFileStore } from './platform/file-store';
import { registerIdempotency } from './platform/idempotency';
import { createLiveHub } from './platform/live-hub';
import {
  createLogger,
  createRequestLogController,
  createRequestLogger,
  type RequestCompletionListener,
} from './platform/logger';
import type { Metrics } from './platform/metrics';
import { registerOpenApi } from './platform/openapi';
import { findWaitingJobs, jobNames, startPgBossQueue } from './platform/pg-boss-queue';
import { registerRateLimits } from './platform/rate-limits';
import { setSecurityHeaders } from './platform/security-headers';
import { serializerCompiler } from './platform/serializer';
import { createSettingsCache } from './platform/settings-cache';
import { createSharedCache } from './platform/shared-cache';
import { createTaxIdCipher, taxIdKeysOf } from './platform/tax-id-cipher';
import { isPageRequest, registerWebClient, sendNotFoundPage, type WebClient } from './platform/web-client';
import { privacyRoutes } from './privacy/routes';
import { liveCommandPermissions } from './realtime/live-command-access';
import { liveRoutes } from './realtime/routes';
import { reviewRoutes } from './reviews/routes';
import { nextInvoiceRunAfter, nextPayoutRunAfter, startSchedule } from './schedule';
import { scimRoutes } from './scim/scim-routes';
import { scimTokenRoutes } from './scim/scim-token-routes';
import { registerMaintenanceMode } from './settings/maintenance-mode';
import { settingsRoutes } from './settings/settings-routes';
import { siteRoutes } from './site/routes';
import { ssoRoutes } from './sso/routes';
import { applicantCvRoutes } from './talent/cv-routes';
import { talentRoutes } from './talent/routes';
import { talentSearchRoutes } from './talent-search/routes';
import { taxFormRoutes } from './tax-forms/routes';
import { taxRateRoutes } from './tax-rates/routes';
import { teamRoutes } from './teams/routes';
import { webhookRoutes } from './webhooks/routes';
import { adminAssignmentRoutes } from './work/admin-assignment-routes';
import { workRoutes } from './work/work-routes';

interface AppDependencies {
  config: Config;
  // Signs cookies (secret.ts).
  secret: string;
  database: DatabaseHandle;
  // Shared by every instance: readiness checks it, rate-limit counters and the shared cache live in it.
  redis?: Redis;
  // The built client; without it the app serves the API only.
  webClient?: WebClient;
  logger?: Logger;
  // Prometheus metrics (METRICS_PORT); main.ts serves them on their own listener.
  metrics?: Metrics;
}

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

// Ids are this process's random prefix plus a counter: unique across instances, and cheaper than a
// UUID on every request. A caller's X-Request-Id is kept when it is safe to log, so one id follows
// a request across services.
function createRequestIdGenerator() {
  const prefix = randomBytes(6).toString('base64url');
  let counter = 0;
  return (request: RawRequestDefaultExpression): string => {
    const incoming = request.headers['x-request-id'];
    if (typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming)) return incoming;
    counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
    return `${prefix}-${counter.toString(36)}`;
  };
}

// Fastify refuses a bare hop count (a client reaching the app directly could claim hops), so a count
// becomes the function Express uses: the first N addresses from our end are proxies. Operators give a
// count only when the proxy is the sole way in; otherwise they list the proxies' addresses.
function trustProxyOption(trusted: TrustedProxies) {
  if (typeof trusted !== 'number') return trusted;
  return (_address: string, hop: number) => hop < trusted;
}

const BODILESS_METHODS = new Set(['GET', 'HEAD']);

// Load balancers and probes call these constantly; their requests stay out of the request log.
const UNLOGGED_PATHS = new Set(['/api/health', '/api/ready']);

export async function buildApp({ config, secret, database, redis, webClient, logger, metrics }: AppDependencies) {
  const rootLogger = logger ?? createLogger(config);
  // What counts every answer (the metrics, System Health's error rate) hears it where the request's log line
  // is written, which Fastify does for every request anyway: an onResponse hook would be one more step that
  // every request runs through.
  const completionListeners: RequestCompletionListener[] = [];
  if (metrics) completionListeners.push(metrics.observeRequest);
  const app = Fastify({
    loggerInstance: rootLogger as FastifyBaseLogger,
    genReqId: createRequestIdGenerator(),
    childLoggerFactory: createRequestLogger,
    logController: createRequestLogController({
      logger: rootLogger,
      unloggedPaths: UNLOGGED_PATHS,
      onRequestCompleted: (request, reply) => {
        for (const listener of completionListeners) listener(request, reply);
      },
    }),
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    routerOptions: { ignoreTrailingSlash: true },
    // Fastify's own answer while closing has neither our error shape nor Retry-After: ours is below.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  // From SIGTERM on, requests arriving on a kept-alive connection (readiness probes included) are refused
  // before any handler runs, and the proxy sends them to another instance.
  let isClosing = false;
  app.addHook('preClose', (done) => {
    isClosing = true;
    done();
  });
  // And each answer closes its connection: Node would keep it open for the next request, and the server
  // would wait out the keep-alive timeout (72 s) with the proxy's idle connections before it could stop.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (isClosing) reply.header('connection', 'close');
    done(null, payload);
  });
  // One synchronous hook for the headers every response carries: it runs on every request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    setSecurityHeaders(request, reply);
    if (isClosing) {
      refuseWhileStopping(reply);
      return;
    }
    done();
  });
  // GET and HEAD carry no body, so their routes skip the hook that would inflate one. Registered
  // before compress: its own onRoute hook reads the option.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (route.decompress === undefined && methods.every((method) => BODILESS_METHODS.has(method))) {
      route.decompress = false;
    }
  });
  // Small bodies are not worth compressing; static files arrive precompressed.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  // Cookies are parsed by the authentication hook, which reads the header on every request anyway.
  await app.register(cookie, { secret, hook: false });
  const routeRegistry = createRouteRegistry(app);
  await registerOpenApi(app, { isPublished: config.apiDocs, publicUrl: config.publicUrl });
  await registerRateLimits(app, redis, config.REDIS_KEY_PREFIX);

  const settings = createSettingsCache(database.db, { redis, keyPrefix: config.REDIS_KEY_PREFIX, logger: app.log });
  app.addHook('onClose', () => settings.close());
  const jobs = await startPgBossQueue({
    database,
    logger: app.log,
    pollingIntervalSeconds: config.JOB_POLLING_SECONDS,
    isWorking: config.JOB_WORKERS,
    onJobFailed: metrics?.countJobFailure,
  });
  // Fastify runs onClose hooks last in, first out: registered first, the queue stops last, after what
  // requests started in the background and the notification announcements have queued their jobs.
  app.addHook('onClose', () => jobs.stop());
  const context: AppContext = {
    db: database.db,
    config,
    secret,
    settings,
    mailer: createMailer({ db: database.db, jobs }),
    background: createBackgroundTasks(app.log),
    cache: createSharedCache({ redis, keyPrefix: config.REDIS_KEY_PREFIX, logger: app.log }),
    textGrader: createTextGrader(config),
    live: createLiveHub({
      redis,
      keyPrefix: config.REDIS_KEY_PREFIX,
      logger: app.log,
      findLiveSessions: async (sessionIds) => {
        const { session_timeout_minutes } = await settings.get();
        return findLiveSessions({
          db: database.db,
          sessionIds,
          idleTimeoutMinutes: session_timeout_minutes,
          adminEmails: config.adminEmails,
        });
      },
      watchableAmong: (auth, userIds) => watchableAmong({ db: database.db, viewer: viewerOf(auth), userIds }),
      commandPermissions: liveCommandPermissions,
      sessionRecheckMs: config.LIVE_SESSION_RECHECK_MS,
      heartbeatIntervalMs: config.LIVE_HEARTBEAT_MS,
      observeFanOut: metrics?.observeFanOut,
    }),
    jobs,
    files: createConfiguredFileStore(database.db, config),
    taxIds: createTaxIdCipher(taxIdKeysOf({ config, secret })),
    nextInvoiceRun: nextInvoiceRunAfter,
    nextPayoutRun: nextPayoutRunAfter,
  };
  app.addHook('onClose', () => context.live.close());
  if (metrics) {
    database.observeQueries(metrics.observeQuery);
    metrics.watch({
      poolUse: database.poolUse,
      liveSockets: () => context.live.localConnectionCount(),
      waitingJobs: () => findWaitingJobs(database),
      readiness: () => checkReadiness({ database, redis }),
      jobNames,
    });
  }
  // Runs after the server stops taking requests: what they started finishes before the database closes.
  app.addHook('onClose', () => context.background.drain());
  // Every job and timer, before any route: schedule.ts is the list of what runs when.
  app.addHook('onClose', await startSchedule({ context, database, logger: app.log }));
  registerAuthentication(app, {
    config,
    authenticators: {
      sessionOf: async (token) => {
        const { session_timeout_minutes } = await settings.get();
        return resolveSession({
          db: database.db,
          token,
          idleTimeoutMinutes: session_timeout_minutes,
          adminEmails: config.adminEmails,
        });
      },
      tokenOwnerOf: async (token) => {
        const { api_access } = await settings.get();
        return token.startsWith(COMPANY_API_KEY_PREFIX)
          ? resolveCompanyApiKey({ db: database.db, key: token, apiAccess: api_access })
          : resolveApiToken({ db: database.db, token, apiAccess: api_access });
      },
    },
  });
  registerMaintenanceMode(app, { settings });
  registerApiKeyRateLimit(app, { perMinute: config.API_KEY_RATE_LIMIT_PER_MINUTE });
  registerIdempotency(app, { db: database.db });
  // The health and readiness probes first: they stay out of System Health's error rate, and the API
  // documentation opens on them (its sections follow the order routes are registered).
  await app.register(healthRoutes, { database, redis });
  await app.register(adminDashboardRoutes, {
    context,
    redis,
    onRequestCompleted: (listener: RequestCompletionListener) => completionListeners.push(listener),
  });

  await registerCspReports(app);
  await app.register(liveRoutes, { context });
  await app.register(authRoutes, { context });
  await app.register(accountRoutes, { context });
  await app.register(companyRoutes, { context });
  await app.register(teamRoutes, { context });
  await app.register(siteRoutes, { context });
  await app.register(jobRoutes, { context });
  await app.register(reviewRoutes, { context });
  await app.register(hiringTeamRoutes, { context });
  await app.register(assessmentRoutes, { context });
  await app.register(attemptRoutes, { context });
  await app.register(talentRoutes, { context });
  await app.register(applicantCvRoutes, { context });
  await app.register(talentSearchRoutes, { context });
  await app.register(pipelineRoutes, { context });
  await app.register(scorecardRoutes, { context });
  await app.register(applicantRoutes, { context });
  await app.register(jobBoardRoutes, { context });
  await app.register(meetingRoutes, { context });
  await app.register(bookingRoutes, { context });
  await app.register(messagingRoutes, { context });
  await app.register(notificationRoutes, { context });
  await app.register(workRoutes, { context });
  await app.register(adminAssignmentRoutes, { context });
  await app.register(earningsRoutes, { context });
  await app.register(payoutRoutes, { context });
  await app.register(taxFormRoutes, { context });
  await app.register(agreementRoutes, { context });
  await app.register(agreementSigningRoutes, { context });
  await app.register(accountingRoutes, { context });
  await app.register(invoiceRoutes, { context });
  await app.register(paymentRoutes, { context });
  await app.register(milestoneRoutes, { context });
  await app.register(adminPaymentRoutes, { context });
  await app.register(adminInvoiceRoutes, { context });
  await app.register(privacyRoutes, { context });
  await app.register(adminCompanyRoutes, { context });
  await app.register(adminApplicantRoutes, { context });
  await app.register(settingsRoutes, { context });
  await app.register(fxRateRoutes, { context });
  await app.register(taxRateRoutes, { context });
  await app.register(apiTokenRoutes, { context });
  await app.register(webhookRoutes, { context });
  await app.register(scimRoutes, { context });
  await app.register(companyApiKeyRoutes, { context });
  await app.register(calendarConnectionRoutes, { context });
  await app.register(calendarOauthRoutes, { context });
  await app.register(ssoRoutes, { context });
  await app.register(ssoSignInRoutes, { context });
  await app.register(scimTokenRoutes, { context });
  await app.register(accountManagerRoutes, { context });
  await app.register(managerRoutes, { context });
  await app.register(adminJobRoutes, { context });
  await app.register(adminTestRoutes, { context });
  await app.register(auditLogRoutes, { context });
  if (config.ENABLE_TEST_ROUTES) {
    // Loaded only when enabled: the production bundle keeps the test routes and the factories they use
    // in a chunk of their own that it never imports (scripts/build-server.ts checks it).
    const { testRoutes } = await import('./testing/test-routes');
    await app.register(testRoutes, { context });
  }

  if (webClient) {
    // The job board and its job pages answer with their status, head tags, JobPosting data and rendered
    // content, and the sitemap lists them.
    await registerWebClient(app, webClient, {
      pageAnswers: {
        jobPost: (params) => publicJobPage({ db: database.db, publicUrl: config.publicUrl, id: params.id }),
        jobBoard: (_params, query) => jobBoardPage({ db: database.db, publicUrl: config.publicUrl, query }),
      },
      sitemapEntries: createPublicJobSitemap({
        db: database.db,
        publicUrl: config.publicUrl,
        cacheMs: config.SITEMAP_CACHE_SECONDS * 1000,
      }),
    });
  }
  app.decorate('routeRegistry', routeRegistry);
  app.decorate('appContext', context);

  app.setNotFoundHandler((request, reply) => {
    if (webClient && isPageRequest(request)) return sendNotFoundPage(request, reply, webClient);
    const pathname = request.url.split('?')[0];
    const message = pathname?.startsWith('/api')
      ? `No API endpoint matches ${request.method} ${pathname}.`
      : `Nothing was found at ${pathname}.`;
    return sendError(reply, new AppError('not_found', message));
  });

  return app as unknown as FastifyInstance;
}

declare module 'fastify' {
  interface FastifyInstance {
    // Every route registered, with its options (the route-policy test reads it).
    routeRegistry: RouteOptions[];
    appContext: AppContext;
  }
}
