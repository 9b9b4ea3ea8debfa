import { buildApp } from './app';
import { endUnlistedAdministratorsAccess } from './auth/unlisted-administrators';
import { ConfigError, loadConfig } from './config';
import { openConfiguredDatabase } from './db/client';
import { exitWhenDataDirectoryInUse } from './db/lock-data-directory';
import { isDatabaseUninitialised, migrateDatabase, UnsupportedDatabaseError } from './db/migrate';
import { giveDemoTalentPhoto } from './demo-photo';
import { importLocalFiles } from './import-local-files';
import { createLogger } from './platform/logger';
import { createMetrics, type MetricsServer, serveMetrics } from './platform/metrics';
import { createRedisClient } from './platform/redis-client';
import { createTaxIdCipher, taxIdKeysOf } from './platform/tax-id-cipher';
import { loadWebClient } from './platform/web-client';
import { resolveSecret } from './secret';
import { DEMO_PASSWORD, demoAccounts } from './seed/demo-accounts';
import { newestRateDay } from './seed/demo-fx-rates';
import { seedDemoData } from './seed/seed-demo-data';

function readConfig() {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const startedAt = performance.now();
const config = readConfig();
const logger = createLogger(config);

// Each step of the start logs what it did and its milliseconds, so a slow start (a lock another instance
// holds, a long migration, a busy database) shows where it waits instead of staying silent until
// "Server listening".
let stepStartedAt = startedAt;
function logStep(fields: object, message: string) {
  const now = performance.now();
  logger.info({ ...fields, ms: Math.round(now - stepStartedAt) }, message);
  stepStartedAt = now;
}

// performance.now() counts from the process's start: loading the server's code comes first.
logger.info(
  {
    pid: process.pid,
    node: process.version,
    database: config.DATABASE_URL ? 'postgres' : 'embedded',
    loadMs: Math.round(startedAt),
  },
  'starting: code loaded',
);
const secret = await resolveSecret(config);

const database = await openConfiguredDatabase(config, logger).catch(exitWhenDataDirectoryInUse);
logStep(
  { driver: database.driver, fromInitialFiles: database.startedFromInitialFiles },
  'database opened; waiting for the migration lock',
);
// Instances starting together take turns: the first migrates (and loads the demo data), the rest find
// it done.
const { isFirstStart, loadsDemoData, migrations } = await database
  .withExclusiveLock('tandem:migrate', async () => {
    // Started from the build's initial files, a new embedded database is already migrated.
    const isNew = database.startedFromInitialFiles || (await isDatabaseUninitialised(database));
    const migrations = await migrateDatabase(database);
    const seeds = isNew && config.seedDemo;
    if (seeds) await seedDemoData({ db: database.db, taxIds: createTaxIdCipher(taxIdKeysOf({ config, secret })) });
    return { isFirstStart: isNew, loadsDemoData: seeds, migrations };
  })
  .catch((error: unknown) => {
    if (!(error instanceof UnsupportedDatabaseError)) throw error;
    logger.fatal(error.message);
    console.error(error.message);
    process.exit(1);
  });
logStep(
  { ...migrations, demoData: loadsDemoData },
  `migrations: ${migrations.applied} applied, ${migrations.total} in all`,
);

const endedAdminAccess = await endUnlistedAdministratorsAccess({ db: database.db, adminEmails: config.adminEmails });
logStep({}, 'administrators checked against ADMIN_EMAILS');

const redis = config.REDIS_URL ? createRedisClient(config.REDIS_URL) : undefined;

const webClient = await loadWebClient(config.CLIENT_DIR, config.publicUrl);
const metrics = config.METRICS_PORT === undefined ? undefined : createMetrics({ logger });
logStep({ client: Boolean(webClient) }, 'web client loaded');
const compressingSince = performance.now();
void webClient?.brotliReady.then(() =>
  logger.info({ brotliMs: Math.round(performance.now() - compressingSince) }, 'pages compressed with brotli'),
);
const app = await buildApp({ config, secret, database, redis, webClient, logger, metrics });
logStep({ jobWorkers: config.JOB_WORKERS }, 'routes, job queue and schedules started');
let metricsServer: MetricsServer | undefined;
// Uploads this instance kept under its own DATA_DIR before the shared store: moved in once (decision 017).
const localFiles = await importLocalFiles({
  db: database.db,
  files: app.appContext.files,
  dataDirectory: config.DATA_DIR,
  logger: app.log,
});
logStep({ ...localFiles }, 'local files imported into the store');

redis?.on('error', (error) => app.log.warn({ err: error }, 'redis connection error'));
await redis?.connect().then(
  () => logStep({}, 'redis connected'),
  (error) => app.log.warn({ err: error }, 'redis is not reachable yet'),
);

if (endedAdminAccess.sessionsEnded + endedAdminAccess.tokensRevoked > 0) {
  app.log.info(
    endedAdminAccess,
    'administrators no longer on ADMIN_EMAILS were signed out; API tokens of administrators revoked',
  );
}
if (!webClient) app.log.warn(`No built client in ${config.CLIENT_DIR}: serving the API only (run npm run build).`);
if (loadsDemoData) {
  await giveDemoTalentPhoto({ db: database.db, files: app.appContext.files });
  app.log.info('New database: migrated and loaded the demo data.');
  const accounts = demoAccounts.map((account) => `  ${account.label.padEnd(22)} ${account.email}`).join('\n');
  console.info(
    `\nDemo accounts (password "${DEMO_PASSWORD}"; the demo administrator signs in without a second factor):\n${accounts}\n`,
  );
  const rateDay = await newestRateDay({ db: database.db });
  console.info(
    `Exchange rates: the ECB's reference rates of ${rateDay ?? 'no day'} from the file the demo ships; ${
      config.FX_RATES_URL
        ? `newer days are fetched daily from ${config.FX_RATES_URL} where the network allows.`
        : 'FX_RATES_URL is off: newer days come from imported files and rates entered by hand.'
    }\n`,
  );
} else if (isFirstStart) {
  app.log.info('New database: migrated, without demo data. Create an administrator with npm run admin:create.');
}

let isShuttingDown = false;
async function shutDown(signal: string) {
  if (isShuttingDown) return;
  isShuttingDown = true;
  app.log.info({ signal }, 'shutting down: finishing requests in flight');
  const deadline = setTimeout(() => {
    app.log.error('shutdown took too long; exiting');
    process.exit(1);
  }, config.SHUTDOWN_TIMEOUT_MS);
  deadline.unref();
  try {
    // Stops accepting connections and waits for the requests in flight.
    await app.close();
    await metricsServer?.close();
    await redis?.quit().catch(() => undefined);
    await database.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}

process.on('SIGTERM', () => void shutDown('SIGTERM'));
process.on('SIGINT', () => void shutDown('SIGINT'));

await app.listen({ host: config.HOST, port: config.PORT });
logStep({}, 'listening');
if (metrics && config.METRICS_PORT !== undefined) {
  metricsServer = await serveMetrics({
    metrics,
    host: config.METRICS_HOST,
    port: config.METRICS_PORT,
    token: config.METRICS_TOKEN,
    logger: app.log,
  });
  app.log.info(
    { host: config.METRICS_HOST, port: metricsServer.port, token: Boolean(config.METRICS_TOKEN) },
    'metrics: serving /metrics',
  );
}
// The API document is generated from every route's schema on first request, which takes seconds on a
// busy machine: build it now, so the first visitor to /api/docs does not wait for it.
if (config.apiDocs) setImmediate(() => app.swagger());
logger.info({ startToReadyMs: Math.round(performance.now()) }, 'started: ready for requests');
