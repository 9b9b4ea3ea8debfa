import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { version as RELEASE_VERSION } from '../../../package.json';
import type { PoolUse } from '../db/client';
import type { JobName } from './job-queue';

// What Prometheus scrapes from each instance (decision 027). Off unless METRICS_PORT is set: nothing
// here is created, and nothing measured, without it. Labels stay few and bounded: a route's pattern,
// never its URL; no user, no id. Prometheus adds the instance label itself.

export interface WaitingJobs {
  queue: JobName;
  // Jobs due and not yet taken by a worker.
  waiting: number;
  // How long the longest-waiting of them has been due, in seconds; 0 when none waits.
  oldestWaitingSeconds: number;
}

interface MetricSources {
  poolUse: () => PoolUse;
  liveSockets: () => number;
  waitingJobs: () => Promise<WaitingJobs[]>;
  readiness: () => Promise<{ isReady: boolean; checks: Record<string, string> }>;
  jobNames: readonly JobName[];
}

export interface Metrics {
  registry: Registry;
  // Every completed request, probes included, by method, route pattern and status.
  observeRequest(request: FastifyRequest, reply: FastifyReply): void;
  // One query's time on its connection.
  observeQuery(seconds: number): void;
  // From a live event's publication to its writing on this instance's sockets, the Redis hop included.
  observeFanOut(seconds: number): void;
  // A job's handler failed here; final when pg-boss will not retry it.
  countJobFailure(queue: JobName, isFinal: boolean): void;
  // What is read at scrape time: the pool, the sockets, the queues, readiness.
  watch(sources: MetricSources): void;
}

// A route label for every request: its pattern; the hashed build files under one label; requests
// that matched no route (scanners, mistyped links) under one label.
export const UNMATCHED_ROUTE = 'unmatched';
const ASSETS_ROUTE = '/assets/*';

function routeLabel(request: FastifyRequest): string {
  const url = request.routeOptions.url;
  if (url === undefined) return UNMATCHED_ROUTE;
  return url.startsWith('/assets/') ? ASSETS_ROUTE : url;
}

// Query times: most take a millisecond or less, a report may take seconds.
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
// Request times: the p99 alert's threshold (1 s) is a bucket bound, so its quantile is exact there.
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const FAN_OUT_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

export function createMetrics({ logger }: { logger: Pick<Logger, 'warn'> }): Metrics {
  const registry = new Registry();
  // Event-loop lag, heap and resident memory, CPU, garbage collection, open handles.
  collectDefaultMetrics({ register: registry });

  const requestDuration = new Histogram({
    name: 'tandem_http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status code; its _count is the request count.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: REQUEST_BUCKETS,
    registers: [registry],
  });
  const queryDuration = new Histogram({
    name: 'tandem_db_query_duration_seconds',
    help: 'Time of a database query on its connection (on PGlite, waiting for the one connection included).',
    buckets: QUERY_BUCKETS,
    registers: [registry],
  });
  const fanOutDuration = new Histogram({
    name: 'tandem_live_fanout_seconds',
    help: 'From publishing a live event to writing it to the sockets of this instance, the Redis hop included.',
    buckets: FAN_OUT_BUCKETS,
    registers: [registry],
  });
  // Which release each instance runs: during a rolling upgrade, and after a rollback, the two show apart.
  new Gauge({
    name: 'tandem_build_info',
    help: 'Always 1; its version label is the release this instance runs (package.json, releases.json).',
    labelNames: ['version'] as const,
    registers: [registry],
  }).set({ version: RELEASE_VERSION }, 1);
  const jobFailures = new Counter({
    name: 'tandem_job_failures_total',
    help: 'Jobs whose handler failed on this instance, by queue; final="true" when no retry is left.',
    labelNames: ['queue', 'final'] as const,
    registers: [registry],
  });

  let sources: MetricSources | undefined;
  // Gauges that show parts of one reading share it within a scrape (prom-client collects every metric
  // at once).
  let jobReading: Promise<WaitingJobs[] | undefined> | undefined;
  const readWaitingJobs = () => {
    jobReading ??= (sources ? sources.waitingJobs() : Promise.resolve(undefined))
      .catch((error: unknown) => {
        // Left out rather than shown stale; the rest of the scrape still succeeds.
        logger.warn({ err: error }, 'metrics: could not read the job queue');
        return undefined;
      })
      .finally(() => {
        jobReading = undefined;
      });
    return jobReading;
  };
  let readinessReading: ReturnType<MetricSources['readiness']> | undefined;
  const readReadiness = () => {
    if (!sources) return undefined;
    readinessReading ??= sources.readiness().finally(() => {
      readinessReading = undefined;
    });
    return readinessReading;
  };

  new Gauge({
    name: 'tandem_db_pool_connections',
    help: 'Database connections of this instance by state (in_use, idle).',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      if (!sources) return;
      const use = sources.poolUse();
      this.set({ state: 'in_use' }, use.inUse);
      this.set({ state: 'idle' }, use.idle);
    },
  });
  new Gauge({
    name: 'tandem_db_pool_max_connections',
    help: 'The most connections the pool opens (1 on PGlite).',
    registers: [registry],
    collect() {
      if (sources) this.set(sources.poolUse().max);
    },
  });
  new Gauge({
    name: 'tandem_db_pool_waiting',
    help: 'Queries waiting for a free database connection.',
    registers: [registry],
    collect() {
      if (sources) this.set(sources.poolUse().waiting);
    },
  });
  new Gauge({
    name: 'tandem_live_sockets',
    help: 'Live (WebSocket) connections open on this instance.',
    registers: [registry],
    collect() {
      if (sources) this.set(sources.liveSockets());
    },
  });
  // The queue lives in the shared database: every instance reports the same figures (alerts take the max).
  new Gauge({
    name: 'tandem_job_queue_waiting',
    help: 'Jobs due and waiting for a worker, by queue.',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      const figures = await readWaitingJobs();
      this.reset();
      for (const { queue, waiting } of figures ?? []) this.set({ queue }, waiting);
    },
  });
  new Gauge({
    name: 'tandem_job_queue_oldest_waiting_seconds',
    help: 'How long the longest-waiting due job of each queue has waited for a worker (0 when none waits).',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      const figures = await readWaitingJobs();
      this.reset();
      for (const { queue, oldestWaitingSeconds } of figures ?? []) this.set({ queue }, oldestWaitingSeconds);
    },
  });
  new Gauge({
    name: 'tandem_ready',
    help: 'Whether this instance is ready (what GET /api/ready answers): 1 ready, 0 not.',
    registers: [registry],
    async collect() {
      const readiness = await readReadiness();
      if (readiness) this.set(readiness.isReady ? 1 : 0);
    },
  });
  new Gauge({
    name: 'tandem_dependency_up',
    help: 'Whether a dependency of this instance answers (1) or not (0): the database, Redis when configured.',
    labelNames: ['dependency'] as const,
    registers: [registry],
    async collect() {
      const readiness = await readReadiness();
      for (const [dependency, status] of Object.entries(readiness?.checks ?? {})) {
        if (status !== 'not_configured') this.set({ dependency }, status === 'up' ? 1 : 0);
      }
    },
  });

  return {
    registry,
    observeRequest(request, reply) {
      requestDuration.observe(
        { method: request.method, route: routeLabel(request), status_code: reply.statusCode },
        reply.elapsedTime / 1000,
      );
    },
    observeQuery: (seconds) => queryDuration.observe(seconds),
    observeFanOut: (seconds) => fanOutDuration.observe(seconds),
    countJobFailure: (queue, isFinal) => jobFailures.inc({ queue, final: String(isFinal) }),
    watch(given) {
      sources = given;
      // A counter that appears only with its first failure hides that failure from increase(): every
      // queue starts at zero.
      for (const queue of given.jobNames) {
        for (const final of ['true', 'false']) jobFailures.inc({ queue, final }, 0);
      }
    },
  };
}

// Compared through their hashes: equal lengths for timingSafeEqual, and no early exit on a prefix.
function isSameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

const BEARER_PATTERN = /^Bearer\s+(\S+)\s*$/i;

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

// A listener of its own, apart from the app's port: the proxy in front of the app never routes to it,
// so it is reached only where the operator binds it (a private interface). With a token, a scrape must
// also carry it as a bearer token.
export async function serveMetrics({
  metrics,
  host,
  port,
  token,
  logger,
}: {
  metrics: Metrics;
  host: string;
  port: number;
  token?: string;
  logger: Pick<Logger, 'warn'>;
}): Promise<MetricsServer> {
  const server = http.createServer((request, response) => {
    const pathname = request.url?.split('?', 1)[0];
    if (pathname !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found: scrape /metrics.\n');
      return;
    }
    const presented = BEARER_PATTERN.exec(request.headers.authorization ?? '')?.[1];
    if (token !== undefined && (presented === undefined || !isSameSecret(presented, token))) {
      response
        .writeHead(401, { 'content-type': 'text/plain; charset=utf-8', 'www-authenticate': 'Bearer' })
        .end('Send the metrics token as a bearer token.\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      (error: unknown) => {
        logger.warn({ err: error }, 'metrics: scrape failed');
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Metrics failed.\n');
      },
    );
  });
  // Scrapes come every few seconds from one Prometheus: a kept-alive connection is reused.
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
