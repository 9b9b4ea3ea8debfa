// `npm run drill:outage [-- --sockets 100 --outage-seconds 15 --max-minutes 6]`: what Tandem answers while
// Redis and then PostgreSQL are away, measured (docs/operations.md, "When PostgreSQL or Redis fails"). nginx
// (deploy/nginx.conf) in front of two production instances, on a Redis and a PostgreSQL cluster of the
// drill's own (redis-server; initdb and pg_ctl), under load: reads, messages sent over the API, and WebSocket
// clients in the conversation that catch up as the portal does. Redis is stopped for the outage, started
// again (empty), then PostgreSQL is (a fast shutdown, as a failover ends sessions). Reported per phase: the
// answers by status; readiness of each instance; seconds from each dependency's return to answers, live
// delivery and caught-up sockets; messages lost, doubled or missed. Exits 1 when a target is missed.
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { freePort } from '../src/server/testing/free-port';
import { startOwnPostgres, startOwnRedis } from '../src/server/testing/own-services';
import { LIVE_SOCKET_PATH } from '../src/shared/live-events';
import { createChatFixture } from './bench/chat-fixture';
import { createJsonClient, type JsonResponse, LiveFleet } from './bench/live-fleet';
import {
  CLIENT_ADDRESS,
  createCleanups,
  type DeploymentSettings,
  ensureBuild,
  repositoryRoot,
  sleep,
  startInstance,
  startMailSink,
  waitUntilReady,
} from './drill/deployment';
import { READINESS_PATH } from './drill/instance';
import { ensureNginx, startDrillNginx } from './drill/nginx';

const { values } = parseArgs({
  options: {
    sockets: { type: 'string', default: '100' },
    'messages-per-second': { type: 'string', default: '4' },
    'reads-at-once': { type: 'string', default: '3' },
    'outage-seconds': { type: 'string', default: '15' },
    'steady-seconds': { type: 'string', default: '6' },
    'max-minutes': { type: 'string', default: '6' },
    'keep-logs': { type: 'boolean', default: false },
  },
});
const socketCount = Number(values.sockets);
const messagesPerSecond = Number(values['messages-per-second']);
const outageMs = Number(values['outage-seconds']) * 1000;
const steadyMs = Number(values['steady-seconds']) * 1000;
const RECOVERY_TIMEOUT_MS = 60_000;

const cleanups = createCleanups('drill:outage', Number(values['max-minutes']));
let keepLogs = values['keep-logs'];

type Phase = 'before' | 'Redis away' | 'Redis back' | 'PostgreSQL away' | 'PostgreSQL back';
interface Outcome {
  phase: Phase;
  what: string;
  status: number;
  retryAfter?: string;
  at: number;
}
interface ReadinessSample {
  phase: Phase;
  instance: string;
  status: number;
  redis?: string;
  database?: string;
  degraded: boolean;
}

async function readiness(port: number): Promise<{ status: number; body?: Record<string, unknown> }> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}${READINESS_PATH}`, { signal: AbortSignal.timeout(3_000) });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  } catch {
    return { status: 0 };
  }
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs = RECOVERY_TIMEOUT_MS): Promise<number> {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > timeoutMs) return Number.POSITIVE_INFINITY;
    await sleep(50);
  }
  return performance.now() - started;
}

async function main() {
  ensureNginx();
  ensureBuild();
  const logDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tandem-drill-outage-'));
  cleanups.add('logs', async () => {
    if (keepLogs) console.info(`logs kept in ${logDir}`);
    else await fs.rm(logDir, { recursive: true, force: true });
  });
  const redis = await startOwnRedis();
  cleanups.add('redis-server', () => redis.close());
  const postgres = await startOwnPostgres();
  cleanups.add('PostgreSQL cluster', () => postgres.close());

  const [httpsPort, httpPort, portA, portB] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
  const origin = `https://127.0.0.1:${httpsPort}`;
  const settings: DeploymentSettings = {
    databaseUrl: postgres.url,
    redisUrl: redis.url,
    redisKeyPrefix: 'tandem:',
    smtpUrl: (await startMailSink(cleanups)).url,
    publicUrl: origin,
    sessionSecret: randomBytes(32).toString('base64url'),
  };
  const { ca } = await startDrillNginx(cleanups, path.join(logDir, 'nginx'), {
    https: httpsPort,
    http: httpPort,
    instances: [`127.0.0.1:${portA}`, `127.0.0.1:${portB}`],
  });
  const instances = await Promise.all(
    [
      ['A', portA],
      ['B', portB],
    ].map(([name, port]) =>
      startInstance(cleanups, {
        name: String(name),
        port: Number(port),
        buildRoot: repositoryRoot,
        settings,
        logDir,
      }),
    ),
  );
  await Promise.all(instances.map((instance) => waitUntilReady(instance)));
  const fixture = await createChatFixture(settings.databaseUrl, { memberCount: socketCount, bystanderCount: 0 });
  const ownerCookie = fixture.memberCookies[0] ?? '';
  console.info(
    `\ndrill:outage — nginx in front of two instances on a Redis and a PostgreSQL of the drill's own; ${socketCount} WebSocket clients from ${CLIENT_ADDRESS}; outages of ${outageMs / 1000} s; ${os.availableParallelism()} cores, load average ${os.loadavg()[0]?.toFixed(1)}`,
  );

  const tls = { ca, localAddress: CLIENT_ADDRESS };
  const fleet = new LiveFleet({
    origin,
    conversationId: fixture.conversationId,
    tabs: fixture.memberCookies.map((cookie) => ({
      url: `wss://127.0.0.1:${httpsPort}${LIVE_SOCKET_PATH}`,
      cookie,
      isMember: true,
    })),
    tls,
  });
  cleanups.add('sockets', () => fleet.close());
  await fleet.connectAll(50);

  // -- the load: every request once, no retry of our own --
  let phase: Phase = 'before';
  const outcomes: Outcome[] = [];
  const client = createJsonClient(origin, 16, tls);
  cleanups.add('load client', async () => client.close());
  let isLoading = true;
  const timed = async (what: string, run: () => Promise<JsonResponse>) => {
    const at = performance.now();
    let answer: JsonResponse = { status: 0, body: undefined };
    try {
      answer = await run();
    } catch {
      // no answer: status 0
    }
    outcomes.push({ phase, what, status: answer.status, retryAfter: answer.retryAfter, at });
    return answer;
  };
  const reads = [
    () => timed('GET /api/auth/me', () => client.request('GET', '/api/auth/me', ownerCookie)),
    () => timed('GET /api/jobs', () => client.request('GET', '/api/jobs', ownerCookie)),
    () => timed('GET /api/public/jobs', () => client.request('GET', '/api/public/jobs', '')),
    () =>
      timed('GET …/messages', () =>
        client.request('GET', `/api/conversations/${fixture.conversationId}/messages?limit=20`, ownerCookie),
      ),
  ];
  const readLoop = async (worker: number) => {
    for (let turn = worker; isLoading; turn++) {
      await reads[turn % reads.length]?.();
      await sleep(20);
    }
  };
  const acknowledged: Array<{ clientId: string; seq: number; sentAt: number; phase: Phase }> = [];
  const messageLoop = async () => {
    const gapMs = 1000 / messagesPerSecond;
    while (isLoading) {
      const cookie = fixture.memberCookies[Math.floor(Math.random() * socketCount)] ?? ownerCookie;
      const clientId = randomUUID();
      const sentAt = performance.now();
      const { status, body } = await timed('POST …/messages', () =>
        client.request('POST', `/api/conversations/${fixture.conversationId}/messages`, cookie, {
          client_id: clientId,
          body: `Outage drill ${clientId}`,
        }),
      );
      const message = body as { id?: string; seq?: number } | undefined;
      if (status === 201 && message?.id && typeof message.seq === 'number') {
        acknowledged.push({ clientId, seq: message.seq, sentAt, phase });
        fleet.markSent(message.seq, message.id, sentAt);
      }
      await sleep(Math.max(0, gapMs - (performance.now() - sentAt)));
    }
  };
  const readinessSamples: ReadinessSample[] = [];
  const readinessLoop = async () => {
    while (isLoading) {
      for (const [index, instance] of instances.entries()) {
        const answer = await readiness(instance.port);
        const checks = answer.body?.checks as { redis?: string; database?: string } | undefined;
        readinessSamples.push({
          phase,
          instance: index === 0 ? 'A' : 'B',
          status: answer.status,
          redis: checks?.redis,
          database: checks?.database,
          degraded: typeof answer.body?.degraded === 'string',
        });
      }
      await sleep(500);
    }
  };
  const load = Promise.all([
    ...Array.from({ length: Number(values['reads-at-once']) }, (_unused, worker) => readLoop(worker)),
    messageLoop(),
    readinessLoop(),
  ]);
  const bothReady = async (check: (body: Record<string, unknown> | undefined, status: number) => boolean) => {
    const answers = await Promise.all(instances.map((instance) => readiness(instance.port)));
    return answers.every((answer) => check(answer.body, answer.status));
  };
  // The first message sent at or after `since` that every socket got live: live delivery works again.
  const liveAgainAfter = (since: number) => () => {
    const first = acknowledged.find((message) => message.sentAt >= since);
    return first !== undefined && fleet.deliveryOf(first.seq).live === fleet.memberTabCount;
  };
  const firstAnswered = (since: number, what: RegExp, status: (code: number) => boolean) => () =>
    outcomes.some((outcome) => outcome.at >= since && what.test(outcome.what) && status(outcome.status));
  const highestSeqBefore = (moment: number) =>
    Math.max(0, ...acknowledged.filter((message) => message.sentAt < moment).map((message) => message.seq));

  await sleep(steadyMs);

  // -- Redis away --
  phase = 'Redis away';
  await redis.stop();
  await sleep(outageMs);
  phase = 'Redis back';
  await redis.start();
  const redisBackAt = performance.now();
  const redisRecovery = {
    ready: await until(() => bothReady((body) => (body?.checks as { redis?: string })?.redis === 'up')),
    live: await until(liveAgainAfter(performance.now())),
    caughtUp: await until(() => fleet.isSettled(highestSeqBefore(redisBackAt))),
  };
  await sleep(steadyMs);

  // -- PostgreSQL away --
  phase = 'PostgreSQL away';
  await postgres.stop();
  await sleep(outageMs);
  phase = 'PostgreSQL back';
  await postgres.start();
  const postgresBackAt = performance.now();
  const postgresRecovery = {
    ready: await until(() => bothReady((_body, status) => status === 200)),
    read: await until(firstAnswered(postgresBackAt, /^GET /, (status) => status === 200)),
    write: await until(firstAnswered(postgresBackAt, /^POST /, (status) => status === 201)),
    live: await until(liveAgainAfter(performance.now())),
  };
  await sleep(steadyMs);
  isLoading = false;
  await load;

  // -- what the database holds, and what every socket holds --
  const highestSeq = Math.max(0, ...acknowledged.map((message) => message.seq));
  const settled = await fleet.waitUntilSettled(highestSeq, RECOVERY_TIMEOUT_MS);
  let missed = 0;
  for (const message of acknowledged) missed += fleet.memberTabCount - fleet.deliveryOf(message.seq).delivered;
  const database = new pg.Client({ connectionString: settings.databaseUrl });
  await database.connect();
  const stored = await database.query<{ client_id: string; copies: string }>(
    'select client_id, count(*) as copies from messages where conversation_id = $1 group by client_id',
    [fixture.conversationId],
  );
  await database.end();
  const copies = new Map(stored.rows.map((row) => [row.client_id, Number(row.copies)]));
  const lost = acknowledged.filter((message) => !copies.has(message.clientId)).length;
  const doubled = [...copies.values()].filter((count) => count > 1).length;

  // -- the figures --
  const phases: Phase[] = ['before', 'Redis away', 'Redis back', 'PostgreSQL away', 'PostgreSQL back'];
  console.info(
    '\n| phase | requests | answers by status | 500s | failures without Retry-After |\n|---|---:|---|---:|---:|',
  );
  for (const name of phases) {
    const list = outcomes.filter((outcome) => outcome.phase === name);
    const byStatus = new Map<number, number>();
    for (const outcome of list) byStatus.set(outcome.status, (byStatus.get(outcome.status) ?? 0) + 1);
    const statuses = [...byStatus]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status || 'no answer'} × ${count}`)
      .join(', ');
    const internal = list.filter((outcome) => outcome.status === 500).length;
    const bare = list.filter((outcome) => outcome.status >= 500 && !outcome.retryAfter).length;
    console.info(`| ${name} | ${list.length} | ${statuses} | ${internal} | ${bare} |`);
  }
  const readinessIn = (name: Phase) => {
    const samples = readinessSamples.filter((sample) => sample.phase === name);
    const kinds = new Map<string, number>();
    for (const sample of samples) {
      const key = `${sample.instance} ${sample.status || 'no answer'}${sample.degraded ? ' degraded' : ''}`;
      kinds.set(key, (kinds.get(key) ?? 0) + 1);
    }
    return [...kinds].map(([key, count]) => `${key} × ${count}`).join(', ');
  };
  console.info(`\n/api/ready while Redis was away: ${readinessIn('Redis away')}`);
  console.info(`/api/ready while PostgreSQL was away: ${readinessIn('PostgreSQL away')}`);
  const seconds = (value: number) => (Number.isFinite(value) ? `${(value / 1000).toFixed(1)} s` : 'never');
  console.info(
    `\nRedis back → both instances report it up: ${seconds(redisRecovery.ready)}; → a message reached every socket live: ${seconds(redisRecovery.live)} more; → every socket caught up on what it missed: ${seconds(redisRecovery.caughtUp)} more; ${fleet.counts.resyncs} resync events`,
  );
  console.info(
    `PostgreSQL back → both instances ready: ${seconds(postgresRecovery.ready)}; first read answered 200: ${seconds(postgresRecovery.read)}; first message stored: ${seconds(postgresRecovery.write)}; a message reached every socket live: ${seconds(postgresRecovery.live)}`,
  );

  const inPhase = (name: Phase) => outcomes.filter((outcome) => outcome.phase === name);
  const redisAway = inPhase('Redis away');
  const postgresAway = inPhase('PostgreSQL away');
  const wrongDuringPostgres = postgresAway.filter(
    (outcome) => outcome.status !== 200 && !([502, 503].includes(outcome.status) && outcome.retryAfter === '5'),
  );
  const readyDuringRedis = readinessSamples.filter((sample) => sample.phase === 'Redis away');
  const readyDuringPostgres = readinessSamples.filter((sample) => sample.phase === 'PostgreSQL away');
  const checks: Array<[string, boolean]> = [
    [
      `500s: ${outcomes.filter((outcome) => outcome.status === 500).length} of ${outcomes.length} (target 0)`,
      outcomes.every((outcome) => outcome.status !== 500),
    ],
    [
      `requests failed while Redis was away: ${redisAway.filter((outcome) => outcome.status >= 400 || outcome.status === 0).length} of ${redisAway.length} (target 0)`,
      redisAway.length > 0 && redisAway.every((outcome) => outcome.status > 0 && outcome.status < 400),
    ],
    [
      `instances ready (degraded) throughout Redis's outage: ${readyDuringRedis.filter((sample) => sample.status === 200).length} of ${readyDuringRedis.length} probes`,
      readyDuringRedis.every((sample) => sample.status === 200),
    ],
    [
      `answers while PostgreSQL was away that were neither 503/502 with Retry-After: 5 nor a success: ${wrongDuringPostgres.length} of ${postgresAway.length} (target 0)`,
      postgresAway.length > 0 && wrongDuringPostgres.length === 0,
    ],
    [
      `instances not ready while PostgreSQL was away (after its first second): ${readyDuringPostgres.filter((sample) => sample.status === 503).length} of ${readyDuringPostgres.length} probes answered 503`,
      readyDuringPostgres.filter((sample) => sample.status === 200).length <= 2,
    ],
    [
      `recovered within ${RECOVERY_TIMEOUT_MS / 1000} s of each return`,
      [...Object.values(redisRecovery), ...Object.values(postgresRecovery)].every(Number.isFinite),
    ],
    [
      `acknowledged messages lost: ${lost} of ${acknowledged.length}, stored twice: ${doubled} (target 0)`,
      lost + doubled === 0,
    ],
    [
      `messages a socket missed after catching up: ${missed} (${fleet.memberTabCount} sockets × ${acknowledged.length} messages; target 0)`,
      settled && missed === 0,
    ],
  ];
  console.info('\nChecks:');
  for (const [label, ok] of checks) console.info(`  ${ok ? 'met   ' : 'FAILED'} ${label}`);
  if (checks.some(([, ok]) => !ok)) {
    process.exitCode = 1;
    keepLogs = true;
  }
}

try {
  await main();
} catch (error) {
  console.error(`\ndrill:outage failed: ${(error as Error).stack ?? error}`);
  process.exitCode = 1;
  keepLogs = true;
} finally {
  await cleanups.run();
}
process.exit();
