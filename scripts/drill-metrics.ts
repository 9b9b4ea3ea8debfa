// `npm run drill:metrics [-- --traffic-seconds 25 --max-minutes 5 --keep-logs]`: a real Prometheus scrapes
// Tandem (decision 027). Two instances of the built server (build/server/main.js) share a fresh PostgreSQL
// database (dropped at the end) and Redis (a key prefix of their own), each serving /metrics on its own
// port behind a bearer token. Debian's prometheus (installed when missing) runs deploy/prometheus.yml,
// rendered with their addresses, a 1 s scrape interval and its own storage folder, and loads
// deploy/alerts.yml. Meanwhile the drill drives traffic at both: signed-in pages of the API, messages
// that fan out to a live socket on each instance (one through the Redis hop), unknown addresses. Then it
// asks Prometheus's HTTP API for the series an operator relies on and prints them; any missing series,
// or an alert rule that did not load, fails the drill (exit 1).
import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import { runOnServer } from '../src/server/db/postgres-server';
import { freePort } from '../src/server/testing/free-port';
import { openLiveSocket, waitForLive } from '../src/server/testing/live-test-sockets';
import { LIVE_SOCKET_PATH } from '../src/shared/live-events';
import { createChatFixture } from './bench/chat-fixture';
import { type Child, spawnNode, stopChild, waitUntilAnswering } from './bench/child-processes';
import { createJsonClient } from './bench/live-fleet';
import { renderPrometheusConfig, requireTool, spawnPrometheus } from './drill/prometheus';

const { values } = parseArgs({
  options: {
    'traffic-seconds': { type: 'string', default: '25' },
    'max-minutes': { type: 'string', default: '5' },
    'keep-logs': { type: 'boolean', default: false },
  },
});
const trafficSeconds = Number(values['traffic-seconds']);
const postgresUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const runId = randomBytes(4).toString('hex');
const databaseName = `tandem_drill_metrics_${runId}`;
const redisKeyPrefix = `tandem-drill-metrics-${runId}:`;
const metricsToken = randomBytes(24).toString('base64url');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---- cleaning up, whatever happens -------------------------------------------------------------

const cleanups: Array<{ name: string; run: () => Promise<unknown> }> = [];
let cleaning: Promise<void> | undefined;
let hasFailed = false;
function cleanUp() {
  cleaning ??= (async () => {
    for (const { name, run } of cleanups.reverse()) {
      await run().catch((error) => console.error(`cleaning up ${name} failed: ${(error as Error).message}`));
    }
  })();
  return cleaning;
}
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
] as const) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping everything drill:metrics started…`);
    void cleanUp().finally(() => process.exit(code));
  });
}
const bound = setTimeout(() => {
  hasFailed = true;
  console.error(`\ndrill:metrics ran past its bound of ${values['max-minutes']} minutes: stopping.`);
  void cleanUp().finally(() => process.exit(1));
}, Number(values['max-minutes']) * 60_000);
bound.unref();

// ---- preparing ---------------------------------------------------------------------------------

function ensurePrometheus(): string {
  try {
    return requireTool('prometheus', 'prometheus');
  } catch {
    console.info('prometheus is not installed: apt-get install -y prometheus…');
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    const installed = spawnSync('apt-get', ['install', '-y', '-qq', 'prometheus'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (installed.status !== 0) throw new Error('apt-get install prometheus failed');
    return requireTool('prometheus', 'prometheus');
  }
}

async function ensureServerBuild() {
  const built = await fs.stat('build/server/main.js').catch(() => undefined);
  if (!built) throw new Error('No server build: run `npm run build` first.');
}

// ---- Prometheus's HTTP API -------------------------------------------------------------------

interface Sample {
  metric: Record<string, string>;
  value: [number, string];
}

async function query(prometheusUrl: string, promql: string): Promise<Sample[]> {
  const response = await fetch(`${prometheusUrl}/api/v1/query?${new URLSearchParams({ query: promql })}`);
  const body = (await response.json()) as { status: string; data?: { result: Sample[] }; error?: string };
  if (body.status !== 'success') throw new Error(`${promql}: ${body.error ?? response.status}`);
  return body.data?.result ?? [];
}

interface Check {
  title: string;
  promql: string;
  // How many series must answer, and what each value must be.
  series: number;
  isValid: (value: number) => boolean;
  expectation: string;
  unit?: 'ms' | 'MB' | 's';
}

function formatValue(value: number, unit: Check['unit']): string {
  if (unit === 'ms') return `${(value * 1000).toFixed(1)} ms`;
  if (unit === 'MB') return `${(value / 1024 / 1024).toFixed(0)} MB`;
  if (unit === 's') return `${value.toFixed(1)} s`;
  return Number.isInteger(value) ? String(value) : value.toFixed(2);
}

const labelsOf = (metric: Record<string, string>) =>
  Object.entries(metric)
    .filter(([name]) => name !== '__name__' && name !== 'job')
    .map(([name, value]) => `${name}=${value}`)
    .join(',') || '(all)';

// ---- the run -----------------------------------------------------------------------------------

async function main() {
  const prometheusBinary = ensurePrometheus();
  await ensureServerBuild();
  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tandem-drill-metrics-'));
  cleanups.push({
    name: 'work folder',
    run: async () => {
      if (values['keep-logs'] || hasFailed) console.info(`logs kept in ${workDir}`);
      else await fs.rm(workDir, { recursive: true, force: true });
    },
  });

  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  cleanups.push({
    name: 'redis keys',
    run: async () => {
      const keys = await redis.keys(`${redisKeyPrefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
    },
  });
  await runOnServer(postgresUrl, `CREATE DATABASE ${databaseName}`);
  cleanups.push({
    name: 'database',
    run: () => runOnServer(postgresUrl, `DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`),
  });
  const databaseUrl = Object.assign(new URL(postgresUrl), { pathname: `/${databaseName}` }).toString();
  // Three people in one conversation, each with a session: the sender and a reader on each instance.
  const fixture = await createChatFixture(databaseUrl, { memberCount: 3, bystanderCount: 0 });

  // -- the two instances --
  const appPorts = [await freePort(), await freePort()];
  const metricsPorts = [await freePort(), await freePort()];
  const publicUrl = `http://127.0.0.1:${appPorts[0]}`;
  const instances: Child[] = [];
  for (const [index, port] of appPorts.entries()) {
    const name = `instance ${'AB'[index]}`;
    const instance = spawnNode(name, ['--enable-source-maps', 'build/server/main.js'], {
      env: {
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: databaseUrl,
        REDIS_URL: redisUrl,
        REDIS_KEY_PREFIX: redisKeyPrefix,
        SESSION_SECRET: 'd'.repeat(48),
        // Both answer as one site: the live socket's origin check compares with it.
        PUBLIC_URL: publicUrl,
        // No mail server listens there: each email job fails and is retried, which the metrics count.
        SMTP_URL: 'smtp://127.0.0.1:9',
        LOG_LEVEL: 'warn',
        DATA_DIR: path.join(workDir, `data-${index}`),
        CLIENT_DIR: path.join(workDir, 'no-client'),
        METRICS_PORT: String(metricsPorts[index]),
        METRICS_HOST: '127.0.0.1',
        METRICS_TOKEN: metricsToken,
      },
      logFile: path.join(workDir, `instance-${'ab'[index]}.log`),
    });
    cleanups.push({ name, run: () => stopChild(instance) });
    // One after the other: the first creates the job queues.
    await waitUntilAnswering(instance, `http://127.0.0.1:${port}/api/ready`, { status: 200 });
    instances.push(instance);
  }
  const unauthorised = await fetch(`http://127.0.0.1:${metricsPorts[0]}/metrics`);
  if (unauthorised.status !== 401) throw new Error(`/metrics without the token answered ${unauthorised.status}`);

  // -- Prometheus --
  const tokenFile = path.join(workDir, 'metrics-token');
  await fs.writeFile(tokenFile, metricsToken, { mode: 0o400 });
  await fs.copyFile('deploy/alerts.yml', path.join(workDir, 'alerts.yml'));
  const configFile = path.join(workDir, 'prometheus.yml');
  await fs.writeFile(
    configFile,
    renderPrometheusConfig(await fs.readFile('deploy/prometheus.yml', 'utf8'), {
      targets: metricsPorts.map((port) => `127.0.0.1:${port}`),
      tokenFile,
      scrapeInterval: '1s',
    }),
  );
  const prometheusPort = await freePort();
  const prometheusUrl = `http://127.0.0.1:${prometheusPort}`;
  const prometheus = spawnPrometheus(prometheusBinary, {
    configFile,
    storage: path.join(workDir, 'tsdb'),
    listen: `127.0.0.1:${prometheusPort}`,
    logFile: path.join(workDir, 'prometheus.log'),
  });
  cleanups.push({ name: 'prometheus', run: () => stopChild(prometheus) });
  await waitUntilAnswering(prometheus, `${prometheusUrl}/-/ready`, { status: 200 });

  // -- traffic --
  const clients = appPorts.map((port) => createJsonClient(`http://127.0.0.1:${port}`, 4));
  cleanups.push({
    name: 'clients',
    run: async () => {
      for (const client of clients) client.close();
    },
  });
  const [senderCookie = '', readerOnA = '', readerOnB = ''] = fixture.memberCookies;
  const tabs = [readerOnA, readerOnB].map((cookie, index) =>
    openLiveSocket(`ws://127.0.0.1:${appPorts[index]}${LIVE_SOCKET_PATH}`, { origin: publicUrl, cookie }),
  );
  cleanups.push({
    name: 'live sockets',
    run: async () => {
      for (const tab of tabs) tab.socket.close();
    },
  });
  for (const tab of tabs) {
    await tab.opened;
    await waitForLive(() => tab.events.find((event) => event.type === 'ready'), 10_000);
  }
  let isDriving = true;
  const sent = { requests: 0, messages: 0, emails: 0 };
  const drive = (async () => {
    for (let round = 0; isDriving; round += 1) {
      const client = clients[round % 2];
      if (!client) break;
      await Promise.all([
        client.request('GET', '/api/auth/me', senderCookie),
        client.request('GET', '/api/conversations', senderCookie),
        client.request('GET', `/api/conversations/${fixture.conversationId}/messages`, senderCookie),
        client.request('GET', `/no-such-page-${round}`, ''),
      ]);
      sent.requests += 4;
      // A few password-reset emails: queued jobs that fail on the absent mail server.
      if (round % 40 === 0 && round < 120) {
        await client.request('POST', '/api/auth/password/forgot', '', { email: 'applicant@chat-bench.test' });
        sent.requests += 1;
        sent.emails += 1;
      }
      if (round % 4 === 0) {
        await client.request('POST', `/api/conversations/${fixture.conversationId}/messages`, senderCookie, {
          client_id: randomUUID(),
          body: `Drill message ${round}`,
        });
        sent.requests += 1;
        sent.messages += 1;
      }
      await sleep(50);
    }
  })();

  console.info(
    `\ndrill:metrics — two instances (metrics on ${metricsPorts.map((port) => `127.0.0.1:${port}`).join(', ')}, token), ` +
      `Prometheus ${prometheusUrl} scraping every 1 s; ${os.cpus().length} cores, load ${os.loadavg()[0]?.toFixed(1)}`,
  );
  // Both targets up, then enough scrapes under traffic for a 10 s rate.
  const upDeadline = Date.now() + 30_000;
  while ((await query(prometheusUrl, 'up{job="tandem"} == 1')).length < 2) {
    if (Date.now() > upDeadline) throw new Error('Prometheus did not scrape both instances within 30 s');
    await sleep(500);
  }
  await sleep(Math.max(trafficSeconds * 1000 - 10_000, 12_000));

  const checks: Check[] = [
    {
      title: 'scrape target up',
      promql: 'up{job="tandem"}',
      series: 2,
      isValid: (value) => value === 1,
      expectation: '1',
    },
    {
      title: 'ready',
      promql: 'tandem_ready{job="tandem"}',
      series: 2,
      isValid: (value) => value === 1,
      expectation: '1',
    },
    {
      title: 'requests a second',
      promql: 'sum by (instance) (rate(tandem_http_request_duration_seconds_count{job="tandem"}[10s]))',
      series: 2,
      isValid: (value) => value > 0,
      expectation: '> 0',
    },
    {
      title: 'requests a second by status',
      promql: 'sum by (status_code) (rate(tandem_http_request_duration_seconds_count{job="tandem"}[10s]))',
      series: 2,
      isValid: (value) => value > 0,
      expectation: '200 and 404 > 0',
    },
    {
      title: 'p99 answer time',
      promql:
        'histogram_quantile(0.99, sum by (instance, le) (rate(tandem_http_request_duration_seconds_bucket{job="tandem"}[10s])))',
      series: 2,
      isValid: Number.isFinite,
      expectation: 'a number',
      unit: 'ms',
    },
    {
      title: 'p99 answer time by route',
      promql:
        'histogram_quantile(0.99, sum by (route, le) (rate(tandem_http_request_duration_seconds_bucket{job="tandem",route!~"/api/(health|ready)"}[10s])))',
      series: 4,
      isValid: Number.isFinite,
      expectation: 'a number (the route pattern, never a URL)',
      unit: 'ms',
    },
    {
      title: 'live sockets',
      promql: 'tandem_live_sockets{job="tandem"}',
      series: 2,
      isValid: (value) => value >= 1,
      expectation: '≥ 1',
    },
    {
      title: 'live fan-out p99 (Redis hop included)',
      promql:
        'histogram_quantile(0.99, sum by (instance, le) (rate(tandem_live_fanout_seconds_bucket{job="tandem"}[20s])))',
      series: 2,
      isValid: Number.isFinite,
      expectation: 'a number',
      unit: 'ms',
    },
    {
      title: 'job queue waiting (max over instances)',
      promql: 'max by (queue) (tandem_job_queue_waiting{job="tandem"})',
      series: 10,
      isValid: (value) => value >= 0,
      expectation: '≥ 0',
    },
    {
      title: 'oldest waiting job',
      promql: 'max by (queue) (tandem_job_queue_oldest_waiting_seconds{job="tandem"})',
      series: 10,
      isValid: (value) => value >= 0,
      expectation: '≥ 0',
      unit: 's',
    },
    {
      title: 'job failures counted from zero',
      promql: 'sum by (final) (tandem_job_failures_total{job="tandem"})',
      series: 2,
      isValid: (value) => value >= 0,
      expectation: '≥ 0',
    },
    {
      title: 'email jobs failed and retried (no mail server, on purpose)',
      promql: 'sum by (queue) (tandem_job_failures_total{job="tandem",queue="send-email",final="false"})',
      series: 1,
      isValid: (value) => value >= 1,
      expectation: '≥ 1',
    },
    {
      title: 'database pool connections',
      promql: 'tandem_db_pool_connections{job="tandem"}',
      series: 4,
      isValid: (value) => value >= 0,
      expectation: 'in use and idle, per instance',
    },
    {
      title: 'database queries waiting for a connection',
      promql: 'tandem_db_pool_waiting{job="tandem"}',
      series: 2,
      isValid: (value) => value >= 0,
      expectation: '≥ 0',
    },
    {
      title: 'database query p99',
      promql:
        'histogram_quantile(0.99, sum by (instance, le) (rate(tandem_db_query_duration_seconds_bucket{job="tandem"}[10s])))',
      series: 2,
      isValid: Number.isFinite,
      expectation: 'a number',
      unit: 'ms',
    },
    {
      title: 'event-loop lag',
      promql: 'nodejs_eventloop_lag_seconds{job="tandem"}',
      series: 2,
      isValid: (value) => value >= 0,
      expectation: '≥ 0',
      unit: 'ms',
    },
    {
      title: 'resident memory',
      promql: 'process_resident_memory_bytes{job="tandem"}',
      series: 2,
      isValid: (value) => value > 0,
      expectation: '> 0',
      unit: 'MB',
    },
  ];
  const failures: string[] = [];
  for (const check of checks) {
    const samples = await query(prometheusUrl, check.promql);
    const valid = samples.filter((sample) => check.isValid(Number(sample.value[1])));
    const isMet = samples.length >= check.series && valid.length >= check.series;
    if (!isMet) failures.push(`${check.title}: ${valid.length} of ${check.series} series ${check.expectation}`);
    console.info(`\n${isMet ? '✓' : '✗'} ${check.title} — ${check.promql}`);
    if (samples.length === 0) console.info('    (no series)');
    for (const sample of samples) {
      console.info(`    ${labelsOf(sample.metric)}: ${formatValue(Number(sample.value[1]), check.unit)}`);
    }
  }
  isDriving = false;
  await drive;

  // The rules loaded and evaluated without error.
  const rulesResponse = (await (await fetch(`${prometheusUrl}/api/v1/rules`)).json()) as {
    data: {
      groups: Array<{
        rules: Array<{ name: string; type: string; health: string; lastError?: string; state: string }>;
      }>;
    };
  };
  const rules = rulesResponse.data.groups.flatMap((group) => group.rules);
  console.info('\nalert rules loaded in Prometheus (/api/v1/rules):');
  for (const rule of rules) {
    console.info(
      `    ${rule.name}: ${rule.type}, health ${rule.health}, ${rule.state}${rule.lastError ? ` (${rule.lastError})` : ''}`,
    );
  }
  const healthyAlerts = rules.filter((rule) => rule.type === 'alerting' && rule.health === 'ok');
  // Every alert deploy/alerts.yml defines.
  const shippedAlerts = (await fs.readFile('deploy/alerts.yml', 'utf8')).match(/^\s*- alert:/gm)?.length ?? 0;
  if (healthyAlerts.length !== shippedAlerts) {
    failures.push(`alert rules: ${healthyAlerts.length} of ${shippedAlerts} loaded and evaluated`);
  }

  console.info(
    `\ntraffic: ${sent.requests} requests (${sent.messages} messages fanned out to a socket on each instance, ` +
      `${sent.emails} password-reset emails) over ` +
      `${trafficSeconds} s; load average now ${os.loadavg()[0]?.toFixed(1)}`,
  );
  if (failures.length > 0) {
    hasFailed = true;
    console.error(`\ndrill:metrics FAILED:\n${failures.map((failure) => `  - ${failure}`).join('\n')}`);
    return 1;
  }
  console.info('\ndrill:metrics passed: every series is there, and every shipped alert rule loaded.');
  return 0;
}

const exitCode = await main().catch((error: unknown) => {
  hasFailed = true;
  console.error(`\ndrill:metrics failed: ${(error as Error).stack ?? error}`);
  return 1;
});
await cleanUp();
process.exit(exitCode);
