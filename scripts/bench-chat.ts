// `npm run bench:chat [-- --members 1000 --tabs 10 --messages 200 --kill-series 20 --layouts people,tabs]`:
// live delivery at load, on loopback (decision 011). Two instances of the built server (build/server/main.js,
// rebuilt when older than the sources) share a fresh PostgreSQL database (tandem_bench_chat, dropped at
// the end) and Redis (a key prefix of their own), behind a round-robin TCP proxy; 10,000 WebSockets go
// through it, in two layouts one after the other:
//   people: 10,000 people with a tab each, 1,000 of them in one conversation;
//   tabs:   the conversation's 1,000 members with 10 tabs each, so every socket hears every message.
// For each: (1) the time to open the sockets and each process's memory; (2) messages sent one at a time,
// each delivery timed from the send to each socket (target p99 ≤ 100 ms), next to the same fan-out by two
// bare WebSocket servers behind the same proxy (the ceiling). Then, on the last layout, (3) a second
// series during which one instance is killed with -9 and restarted: the tabs reconnect with the portal's
// backoff and catch up from their cursors; every acknowledged message must reach every member's tab, no
// seq may arrive twice on a socket, nothing may be stored twice.
// Everything started is stopped, even on Ctrl-C or failure; the run gives up after --max-minutes.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, PerformanceObserver, performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import pg from 'pg';
import { runOnServer } from '../src/server/db/postgres-server';
import { freePort } from '../src/server/testing/free-port';
import { LIVE_SOCKET_PATH } from '../src/shared/live-events';
import { createChatFixture } from './bench/chat-fixture';
import {
  type Child,
  descriptorLimits,
  memoryOf,
  proxyStats,
  spawnNode,
  stopChild,
  waitForMessage,
  waitUntilAnswering,
} from './bench/child-processes';
import { createJsonClient, type JsonResponse, LiveFleet } from './bench/live-fleet';
import { cpuMilliseconds } from './bench/measure-api';

const { values } = parseArgs({
  options: {
    members: { type: 'string', default: '1000' },
    tabs: { type: 'string', default: '10' },
    // Enough for a series to outlast the heartbeat interval (25 s) and the presence refresh (20 s): the
    // periodic work lands in it, as it would under a conversation that goes on.
    messages: { type: 'string', default: '200' },
    'kill-series': { type: 'string', default: '20' },
    'gap-ms': { type: 'string', default: '100' },
    'connect-concurrency': { type: 'string', default: '100' },
    'max-minutes': { type: 'string', default: '10' },
    // Which socket layouts to measure (see Layout); the failover runs on the last one.
    layouts: { type: 'string', default: 'people,tabs' },
    'skip-ceiling': { type: 'boolean', default: false },
    // Prints each message's acknowledgement and slowest delivery.
    verbose: { type: 'boolean', default: false },
    // Keep the instances' and the proxy's logs (their folder is printed); kept anyway when a check fails.
    'keep-logs': { type: 'boolean', default: false },
  },
});
const memberCount = Number(values.members);
const tabsPerMember = Number(values.tabs);
const socketCount = memberCount * tabsPerMember;
const steadyCount = Number(values.messages);
const failoverCount = Number(values['kill-series']);
const gapMs = Number(values['gap-ms']);
const connectConcurrency = Number(values['connect-concurrency']);
const TARGET_P99_MS = 100;
// Layout `tabs` may cost this much more than the bare fan-out of the same frames (decision 011).
const TABS_CEILING_FACTOR = 1.25;
const DELIVERY_TIMEOUT_MS = 10_000;
const SETTLE_TIMEOUT_MS = 90_000;
const FAILOVER_WAIT_MS = 3_000;
const killAtMessage = Math.max(1, Math.ceil(failoverCount / 4));

const postgresUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const DATABASE_NAME = 'tandem_bench_chat';
const SESSION_SECRET = randomBytes(32).toString('base64url');
const redisKeyPrefix = `tandem-bench-chat-${randomBytes(4).toString('hex')}:`;

// The machine is shared: what else ran says how much of it the bench had.
const loadAverage = () =>
  os
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(' ');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '–');
const count = (value: number) => value.toLocaleString('en-US');

function percentiles(values: ArrayLike<number>) {
  const sorted = Float64Array.from(values).sort();
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
  return { count: sorted.length, p50: at(50), p95: at(95), p99: at(99), max: sorted.at(-1) ?? Number.NaN };
}

// ---- cleaning up, whatever happens -------------------------------------------------------------

const cleanups: Array<{ name: string; run: () => Promise<unknown> }> = [];
let cleaning: Promise<void> | undefined;
let hasThrown = false;
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
    console.error(`\n${signal}: stopping everything bench:chat started…`);
    void cleanUp().finally(() => process.exit(code));
  });
}
// A throw outside the awaited run (in a socket's handler, say) still stops everything.
for (const event of ['uncaughtException', 'unhandledRejection'] as const) {
  process.on(event, (error) => {
    hasThrown = true;
    console.error(`\nbench:chat failed: ${(error as Error).stack ?? error}`);
    void cleanUp().finally(() => process.exit(1));
  });
}
const bound = setTimeout(() => {
  hasThrown = true;
  console.error(`\nbench:chat ran past its bound of ${values['max-minutes']} minutes: stopping.`);
  void cleanUp().finally(() => process.exit(1));
}, Number(values['max-minutes']) * 60_000);
bound.unref();

// ---- preparing ---------------------------------------------------------------------------------

async function newestSourceTime(folders: string[]): Promise<number> {
  let newest = 0;
  for (const folder of folders) {
    for (const entry of await fs.readdir(folder, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) newest = Math.max(newest, (await fs.stat(path.join(entry.parentPath, entry.name))).mtimeMs);
    }
  }
  return newest;
}

// The bench runs the built server, as production does; the server alone builds in seconds.
async function ensureServerBuild() {
  const built = await fs.stat('build/server/main.js').catch(() => undefined);
  if (built && built.mtimeMs >= (await newestSourceTime(['src/server', 'src/shared']))) return;
  console.info(
    built
      ? 'The server build is older than its sources: npm run build:server…'
      : 'No server build: npm run build:server…',
  );
  const result = spawnSync('npm', ['run', '--silent', 'build:server'], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm run build:server failed');
}

// Every socket costs this process one descriptor and the proxy two (shared by its workers).
async function checkDescriptors() {
  const limits = await descriptorLimits();
  const needed = socketCount + 200;
  if (limits && limits.hard < needed) {
    throw new Error(
      `This process may open ${limits.hard} files (hard limit) and needs about ${needed} for ${socketCount} sockets: raise it (ulimit -Hn, as root) or pass --tabs ${Math.floor((limits.hard - 200) / memberCount)}.`,
    );
  }
  if (limits && limits.soft < needed) {
    throw new Error(
      `The soft open-files limit is ${limits.soft} and ${socketCount} sockets need about ${needed}: run \`ulimit -n ${limits.hard}\` in this shell first.`,
    );
  }
  return limits;
}

interface CpuReading {
  at: number;
  byName: Map<string, number>;
}
// CPU time of processes killed since: counted with whoever took their place.
const retiredCpu = new Map<string, number>();
async function readCpu(pids: Array<[string, number[]]>): Promise<CpuReading> {
  const byName = new Map<string, number>();
  for (const [name, ids] of pids) {
    let total = retiredCpu.get(name) ?? 0;
    for (const pid of ids) total += (await cpuMilliseconds(pid)) ?? 0;
    byName.set(name, total);
  }
  return { at: performance.now(), byName };
}
// Each process's CPU over a stretch, and per delivered frame when told how many were delivered: what
// a delivery costs each hop, whatever else ran on the machine meanwhile.
function printCpu(title: string, before: CpuReading, after: CpuReading, deliveries?: number) {
  const wall = after.at - before.at;
  const used = [...after.byName].map(([name, end]) => [name, end - (before.byName.get(name) ?? 0)] as const);
  const parts = used.map(([name, cpu]) => `${name} ${(cpu / 1000).toFixed(1)} s (${((100 * cpu) / wall).toFixed(0)}%)`);
  console.info(
    `CPU during ${title} (${(wall / 1000).toFixed(1)} s; ${os.availableParallelism()} cores = ${os.availableParallelism() * 100}%; load average now ${loadAverage()}): ${parts.join(', ')}`,
  );
  if (deliveries) {
    const perDelivery = used.map(([name, cpu]) => `${name} ${((1000 * cpu) / deliveries).toFixed(1)} µs`);
    console.info(`  CPU per delivered frame: ${perDelivery.join(', ')}`);
  }
}

async function redisProcessId(redis: Redis): Promise<number | undefined> {
  const info = await redis.info('server');
  const pid = Number(info.match(/process_id:(\d+)/)?.[1]);
  return (await cpuMilliseconds(pid)) === null ? undefined : pid;
}

// ---- the processes -----------------------------------------------------------------------------

async function startProxy(name: string, port: number, upstreamPorts: number[], logFile: string): Promise<Child> {
  const proxy = spawnNode(
    name,
    [
      '--import',
      'tsx',
      'scripts/bench/tcp-proxy.ts',
      String(port),
      upstreamPorts.map((p) => `127.0.0.1:${p}`).join(','),
    ],
    { env: {}, logFile, ipc: true },
  );
  cleanups.push({ name, run: () => stopChild(proxy) });
  await waitForMessage(proxy, 'listening');
  return proxy;
}

// ---- sending -----------------------------------------------------------------------------------

interface StoredMessage {
  id: string;
  seq: number;
}
interface Acknowledgement {
  clientId: string;
  message: StoredMessage | undefined;
  status: number;
  attempts: number;
  sentAt: number;
  ackMs: number;
}

function storedMessageOf(body: unknown): StoredMessage | undefined {
  const record = body as { id?: unknown; seq?: unknown; message?: { id?: unknown; seq?: unknown } } | undefined;
  const message = record && typeof record.seq === 'number' ? record : record?.message;
  return message && typeof message.id === 'string' && typeof message.seq === 'number'
    ? { id: message.id, seq: message.seq }
    : undefined;
}

// Sends one message and retries it with the same client id (a lost answer is not a lost message)
// until it is acknowledged or giveUpMs has passed.
async function sendMessage(
  sender: ReturnType<typeof createJsonClient>,
  {
    conversationId,
    cookie,
    clientId,
    giveUpMs,
  }: { conversationId: string; cookie: string; clientId: string; giveUpMs: number },
): Promise<Acknowledgement> {
  const sentAt = performance.now();
  for (let attempts = 1; ; attempts++) {
    let response: JsonResponse | undefined;
    try {
      response = await sender.request(
        'POST',
        `/api/conversations/${conversationId}/messages`,
        cookie,
        { client_id: clientId, body: `Bench message ${clientId}: the quick brown fox jumps over the lazy dog.` },
        5_000,
      );
    } catch {
      // the connection broke (an instance killed under it): the same client id again
    }
    const status = response?.status ?? 0;
    if (status === 200 || status === 201) {
      const message = storedMessageOf(response?.body);
      if (!message) throw new Error(`The send answered ${status} without a message: ${JSON.stringify(response?.body)}`);
      return { clientId, message, status, attempts, sentAt, ackMs: performance.now() - sentAt };
    }
    if (status >= 400 && status < 500 && status !== 429) {
      throw new Error(`The send answered ${status}: ${JSON.stringify(response?.body)}`);
    }
    if (performance.now() - sentAt > giveUpMs) {
      return { clientId, message: undefined, status, attempts, sentAt, ackMs: Number.NaN };
    }
    await sleep(Math.min(1_000, 100 * attempts));
  }
}

// ---- measuring a series ------------------------------------------------------------------------

type Figures = ReturnType<typeof percentiles>;
interface SeriesFigures {
  toEachSocket: Figures;
  toLastSocket: Figures;
  acknowledgement: Figures | undefined;
  delivered: number;
  expected: number;
  eventLoopDelayP99: number;
  // The bench client's own garbage-collection pauses: a long one delays every socket it holds.
  gcPauses: Figures;
}

// Sends `count` messages one at a time, each after the previous one reached all `expected` sockets
// (or DELIVERY_TIMEOUT_MS passed) and a gap; `send` returns what it stored and when it started.
async function measureSeries(
  fleet: LiveFleet,
  {
    count: messages,
    expected,
    send,
  }: { count: number; expected: number; send: (index: number) => Promise<Acknowledgement> },
): Promise<SeriesFigures & { acknowledgements: Acknowledgement[] }> {
  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  loopDelay.enable();
  const gcPauses: number[] = [];
  const gcObserver = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) gcPauses.push(entry.duration);
  });
  gcObserver.observe({ entryTypes: ['gc'] });
  const acknowledgements: Acknowledgement[] = [];
  for (let index = 1; index <= messages; index++) {
    const ack = await send(index);
    if (!ack.message) throw new Error(`${ack.clientId} was never acknowledged`);
    acknowledgements.push(ack);
    fleet.markSent(ack.message.seq, ack.message.id, ack.sentAt);
    await fleet.waitForDelivery(ack.message.seq, DELIVERY_TIMEOUT_MS, expected);
    if (values.verbose) {
      const delivery = fleet.deliveryOf(ack.message.seq);
      const slowest = delivery.latencies.reduce((a, b) => Math.max(a, b), 0);
      const fastest = delivery.latencies.reduce((a, b) => Math.min(a, b), Number.POSITIVE_INFINITY);
      console.info(
        `  ${ack.clientId} seq ${ack.message.seq}: acknowledged in ${ms(ack.ackMs)} ms; ${delivery.delivered} sockets, the first after ${ms(fastest)} ms, the last after ${ms(slowest)} ms`,
      );
    }
    await sleep(gapMs);
  }
  loopDelay.disable();
  gcObserver.disconnect();
  const latencies: number[] = [];
  const lastOfEach: number[] = [];
  let delivered = 0;
  for (const ack of acknowledgements) {
    const delivery = fleet.deliveryOf(ack.message?.seq ?? 0);
    delivered += delivery.live;
    latencies.push(...delivery.latencies);
    lastOfEach.push(delivery.latencies.reduce((a, b) => Math.max(a, b), 0));
  }
  const acks = acknowledgements.map((ack) => ack.ackMs).filter((value) => !Number.isNaN(value));
  return {
    acknowledgements,
    toEachSocket: percentiles(latencies),
    toLastSocket: percentiles(lastOfEach),
    acknowledgement: acks.length > 0 ? percentiles(acks) : undefined,
    delivered,
    expected: messages * expected,
    eventLoopDelayP99: loopDelay.percentile(99) / 1e6,
    gcPauses: percentiles(gcPauses),
  };
}

const tableHeader = '| measure | count | p50 (ms) | p95 (ms) | p99 (ms) | max (ms) |\n|---|---:|---:|---:|---:|---:|';
const tableRow = (name: string, figures: Figures) =>
  `| ${name} | ${count(figures.count)} | ${ms(figures.p50)} | ${ms(figures.p95)} | ${ms(figures.p99)} | ${ms(figures.max)} |`;

async function pingRoundTrips(fleet: LiveFleet) {
  const times: number[] = [];
  for (let round = 0; round < 20; round++) {
    times.push(await fleet.pingRoundTrip());
    await sleep(10);
  }
  return percentiles(times);
}

// ---- the ceiling -------------------------------------------------------------------------------

// The two layouts of the 10,000 sockets. `tabs`: every socket is a member's (1,000 × 10), the brief's
// worst case; `people`: 10,000 people with one tab each, 1,000 of them in the conversation.
type Layout = 'tabs' | 'people';
const layouts = values.layouts.split(',').map((name) => name.trim()) as Layout[];
if (layouts.some((layout) => layout !== 'tabs' && layout !== 'people')) {
  throw new Error(`--layouts takes people, tabs or both (people,tabs), not "${values.layouts}"`);
}
const layoutNames: Record<Layout, string> = {
  people: `${count(socketCount)} people, one tab each, ${count(memberCount)} of them in the conversation`,
  tabs: `${count(memberCount)} members × ${tabsPerMember} tabs, every socket in the conversation`,
};

// The same fan-out without the app: two bare WebSocket servers behind a proxy of their own relay each
// Redis message to their sockets: once to all of them (as layout `tabs`), once to a member's share (as
// layout `people`).
async function measureCeiling(logDir: string) {
  const channel = `${redisKeyPrefix}ceiling`;
  const serverPorts = [await freePort(), await freePort()];
  const servers = serverPorts.map((port, index) => {
    const server = spawnNode(`ceiling server ${index + 1}`, ['--import', 'tsx', 'scripts/bench/fan-out-server.ts'], {
      env: { PORT: String(port), REDIS_URL: redisUrl, CHANNEL: channel },
      logFile: path.join(logDir, `ceiling-server-${index + 1}.log`),
    });
    cleanups.push({ name: server.name, run: () => stopChild(server) });
    return server;
  });
  for (const [index, server] of servers.entries()) {
    await waitUntilAnswering(server, `http://127.0.0.1:${serverPorts[index]}/`);
  }
  const proxyPort = await freePort();
  const proxy = await startProxy('ceiling proxy', proxyPort, serverPorts, path.join(logDir, 'ceiling-proxy.log'));
  // Every tab-th socket stands for a member in layout `people`.
  const fleet = new LiveFleet({
    origin: `http://127.0.0.1:${proxyPort}`,
    conversationId: 'ceiling',
    tabs: Array.from({ length: socketCount }, (_unused, index) => ({
      url: `ws://127.0.0.1:${proxyPort}/${index % tabsPerMember === 0 ? 'member' : 'bystander'}`,
      cookie: '',
      isMember: true,
    })),
  });
  fleet.reconnects = false;
  const publisher = new Redis(redisUrl);
  let seq = 0;
  // A frame of the app's shape and about its size, published with the bare servers' routing prefix.
  const publish = async (index: number, to: 'a' | 'm'): Promise<Acknowledgement> => {
    seq += 1;
    const id = randomBytes(16).toString('hex');
    const event = {
      type: 'message.created',
      conversation_id: 'ceiling',
      seq,
      message: {
        id,
        conversation_id: 'ceiling',
        seq,
        sender: { id: randomBytes(16).toString('hex'), name: 'Chat Bench Owner' },
        client_id: `ceiling-${index}`,
        body: `Bench message ceiling-${index}: the quick brown fox jumps over the lazy dog.`,
        attachment: null,
        created_at: new Date().toISOString(),
      },
    };
    const sentAt = performance.now();
    await publisher.publish(channel, `${to}${JSON.stringify(event)}`);
    return { clientId: `ceiling-${index}`, message: { id, seq }, status: 0, attempts: 1, sentAt, ackMs: Number.NaN };
  };
  try {
    const connectStarted = performance.now();
    await fleet.connectAll(connectConcurrency);
    const connectMs = performance.now() - connectStarted;
    const series: Partial<Record<Layout, SeriesFigures>> = {};
    const cpu: Partial<Record<Layout, [CpuReading, CpuReading]>> = {};
    const proxyPids = (await proxyStats(proxy)).pids;
    const cpuOf = () =>
      readCpu([
        ['bench client', [process.pid]],
        ['proxy', proxyPids],
        ['bare servers', servers.map((server) => server.pid)],
      ]);
    for (const layout of layouts) {
      const before = await cpuOf();
      series[layout] = await measureSeries(fleet, {
        count: steadyCount,
        expected: layout === 'tabs' ? socketCount : memberCount,
        send: (index) => publish(index, layout === 'tabs' ? 'a' : 'm'),
      });
      cpu[layout] = [before, await cpuOf()];
    }
    return { connectMs, series, cpu, ping: await pingRoundTrips(fleet) };
  } finally {
    await fleet.close();
    publisher.disconnect();
    await stopChild(proxy);
    for (const server of servers) await stopChild(server);
  }
}

// ---- the run -----------------------------------------------------------------------------------

async function main() {
  const limits = await checkDescriptors();
  await ensureServerBuild();
  const logDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tandem-bench-chat-'));
  let keepLogs = values['keep-logs'];
  cleanups.push({
    name: 'logs',
    run: async () => {
      if (keepLogs || hasThrown) console.info(`logs kept in ${logDir}`);
      else await fs.rm(logDir, { recursive: true, force: true });
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

  // Left over from a run that was killed: it would be in the way.
  await runOnServer(postgresUrl, `DROP DATABASE IF EXISTS ${DATABASE_NAME} WITH (FORCE)`);
  await runOnServer(postgresUrl, `CREATE DATABASE ${DATABASE_NAME}`);
  cleanups.push({
    name: 'database',
    run: () => runOnServer(postgresUrl, `DROP DATABASE IF EXISTS ${DATABASE_NAME} WITH (FORCE)`),
  });
  const databaseUrl = Object.assign(new URL(postgresUrl), { pathname: `/${DATABASE_NAME}` }).toString();

  const fixtureStarted = performance.now();
  const fixture = await createChatFixture(databaseUrl, { memberCount, bystanderCount: socketCount - memberCount });
  console.info(
    `\nbench:chat — ${count(socketCount)} sockets through a proxy to two instances; ${os.cpus().length} cores, ` +
      `Node ${process.version}, open-files limit ${limits ? `${limits.soft}/${limits.hard}` : 'unknown'}; ` +
      `${count(socketCount)} accounts with sessions written in ${ms(performance.now() - fixtureStarted)} ms`,
  );

  const ceiling = values['skip-ceiling'] ? undefined : await measureCeiling(logDir);
  if (ceiling) {
    console.info(
      `\nCeiling: two bare WebSocket servers relaying Redis pub/sub behind the same proxy; ${count(socketCount)} sockets ` +
        `connected in ${ms(ceiling.connectMs)} ms; one socket's ping round trip p50 ${ms(ceiling.ping.p50)} ms\n${tableHeader}`,
    );
    for (const layout of layouts) {
      const series = ceiling.series[layout];
      if (!series) continue;
      console.info(tableRow(`publish → each of ${count(series.expected / steadyCount)} sockets`, series.toEachSocket));
      console.info(tableRow('publish → the last socket, per message', series.toLastSocket));
    }
    for (const layout of layouts) {
      const [before, after] = ceiling.cpu[layout] ?? [];
      const series = ceiling.series[layout];
      if (before && after && series) printCpu(`the ceiling's ${layout} series`, before, after, series.delivered);
    }
  }

  // -- the two instances and the proxy --
  const dataDir = path.join(logDir, 'data');
  await fs.mkdir(dataDir);
  const instancePorts = [await freePort(), await freePort()];
  const proxyPort = await freePort();
  const origin = `http://127.0.0.1:${proxyPort}`;
  const instanceEnv = (port: number) => ({
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: redisKeyPrefix,
    SESSION_SECRET,
    // The address the browser sees: the proxy. The socket's origin check compares with it.
    PUBLIC_URL: origin,
    // Production requires a mail server; nothing here reads the mail.
    SMTP_URL: 'smtp://127.0.0.1:9',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    CLIENT_DIR: path.join(logDir, 'no-client'),
  });
  const instances: Child[] = [];
  const startInstance = async (index: number) => {
    const port = instancePorts[index] ?? 0;
    const instance = spawnNode(`instance ${'AB'[index]}`, ['--enable-source-maps', 'build/server/main.js'], {
      env: instanceEnv(port),
      logFile: path.join(logDir, `instance-${'ab'[index]}.log`),
    });
    instances[index] = instance;
    cleanups.push({ name: instance.name, run: () => stopChild(instance) });
    await waitUntilAnswering(instance, `http://127.0.0.1:${port}/api/ready`, { status: 200 });
    return instance;
  };
  // One after the other: the first creates the job queues (the fixture already migrated the schema).
  await startInstance(0);
  await startInstance(1);
  const proxy = await startProxy('proxy', proxyPort, instancePorts, path.join(logDir, 'proxy.log'));
  const proxyPids = (await proxyStats(proxy)).pids;
  const redisPid = await redisProcessId(redis);
  const cpuOf = () =>
    readCpu([
      ['bench client', [process.pid]],
      ['proxy', proxyPids],
      ['instance A', [instances[0]?.pid ?? 0]],
      ['instance B', [instances[1]?.pid ?? 0]],
      ...(redisPid ? ([['Redis', [redisPid]]] as Array<[string, number[]]>) : []),
    ]);
  const printMemory = async (fleet: LiveFleet) => {
    const stats = await proxyStats(proxy);
    console.info('| process | connections | RSS (MB) | peak RSS (MB) |\n|---|---:|---:|---:|');
    for (const [index, instance] of instances.entries()) {
      const memory = await memoryOf(instance.pid);
      console.info(
        `| ${instance.name} | ${count(stats.openByUpstream[index] ?? 0)} | ${ms(memory?.rss ?? Number.NaN)} | ${ms(memory?.peak ?? Number.NaN)} |`,
      );
    }
    let proxyRss = 0;
    for (const pid of stats.pids) proxyRss += (await memoryOf(pid))?.rss ?? 0;
    console.info(
      `| proxy (${stats.pids.length} processes) | ${count(stats.openByUpstream.reduce((a, b) => a + b, 0))} pairs | ${ms(proxyRss)} | |`,
    );
    const own = await memoryOf(process.pid);
    console.info(
      `| bench client | ${count(fleet.openCount())} | ${ms(own?.rss ?? Number.NaN)} | ${ms(own?.peak ?? Number.NaN)} |`,
    );
  };

  const sender = createJsonClient(origin, 1);
  cleanups.push({ name: 'sender', run: async () => sender.close() });
  const senderCookie = fixture.memberCookies[0] ?? '';
  let lastSeq = 0;
  const send = (clientId: string, giveUpMs: number) =>
    sendMessage(sender, { conversationId: fixture.conversationId, cookie: senderCookie, clientId, giveUpMs });
  const socketUrl = `ws://127.0.0.1:${proxyPort}${LIVE_SOCKET_PATH}`;
  const openFleet = async (layout: Layout) => {
    // Tab i of layout `tabs` is member i mod members': each member's tabs spread over both instances.
    const tabs =
      layout === 'tabs'
        ? Array.from({ length: socketCount }, (_unused, index) => ({
            url: socketUrl,
            cookie: fixture.memberCookies[index % memberCount] ?? '',
            isMember: true,
          }))
        : [
            ...fixture.memberCookies.map((cookie) => ({ url: socketUrl, cookie, isMember: true })),
            ...fixture.bystanderCookies.map((cookie) => ({ url: socketUrl, cookie, isMember: false })),
          ];
    const fleet = new LiveFleet({ origin, conversationId: fixture.conversationId, tabs, startSeq: lastSeq });
    cleanups.push({ name: `${layout} sockets`, run: () => fleet.close() });
    const cpuBefore = await cpuOf();
    const started = performance.now();
    await fleet.connectAll(connectConcurrency);
    const connectMs = performance.now() - started;
    console.info(
      `\n## ${layoutNames[layout]}\n\n1. Held ${count(fleet.openCount())} of ${count(tabs.length)} sockets: opened in ${ms(connectMs)} ms ` +
        `(${count(Math.round((tabs.length * 1000) / connectMs))} handshakes/s, ${connectConcurrency} at a time, ` +
        `${fleet.counts.failedHandshakes} retried)`,
    );
    printCpu('connecting', cpuBefore, await cpuOf());
    await sleep(2_000);
    await printMemory(fleet);
    return fleet;
  };
  const steadySeries = async (layout: Layout, fleet: LiveFleet) => {
    const ping = await pingRoundTrips(fleet);
    const cpuBefore = await cpuOf();
    const series = await measureSeries(fleet, {
      count: steadyCount,
      expected: fleet.memberTabCount,
      send: (index) => send(`${layout}-${index}`, 10_000),
    });
    lastSeq = Math.max(lastSeq, ...series.acknowledgements.map((ack) => ack.message?.seq ?? 0));
    console.info(
      `\n2. Steady: ${steadyCount} messages from one member, one at a time ${gapMs} ms apart, to ${count(fleet.memberTabCount)} sockets\n${tableHeader}`,
    );
    console.info(tableRow('send → each socket', series.toEachSocket));
    console.info(tableRow('send → the last socket, per message', series.toLastSocket));
    if (series.acknowledgement) console.info(tableRow('send → acknowledgement (201)', series.acknowledgement));
    const ceilingSeries = ceiling?.series[layout];
    if (ceilingSeries) console.info(tableRow('ceiling: publish → each socket', ceilingSeries.toEachSocket));
    console.info(tableRow('ping round trip, one app socket', ping));
    console.info(
      `delivered live: ${count(series.delivered)} of ${count(series.expected)}; ${fleet.eventBytes}-byte frames; ` +
        `to people outside the conversation: ${fleet.counts.bystanderDeliveries}; ` +
        `bench client event-loop delay p99 ${ms(series.eventLoopDelayP99)} ms, ` +
        `${series.gcPauses.count} GC pauses (longest ${ms(series.gcPauses.max)} ms)` +
        (ceilingSeries
          ? `; p99 ${(series.toEachSocket.p99 / ceilingSeries.toEachSocket.p99).toFixed(2)}× the ceiling's, p50 ${(series.toEachSocket.p50 / ceilingSeries.toEachSocket.p50).toFixed(2)}×`
          : ''),
    );
    printCpu('the series', cpuBefore, await cpuOf(), series.delivered);
    return series;
  };

  // A third element marks the latency target: missing it is a figure, not a fault worth the logs.
  const checks: Array<[string, boolean, 'target'?]> = [];
  const checkSteady = (layout: Layout, fleet: LiveFleet, series: SeriesFigures) => {
    checks.push(
      [`${layout}: ${count(socketCount)} sockets held`, fleet.openCount() === socketCount],
      [
        `${layout}: every delivery made (${count(series.delivered)} of ${count(series.expected)}), none outside the conversation`,
        series.delivered === series.expected && fleet.counts.bystanderDeliveries === 0,
      ],
    );
    // The issue's target is for its own wording, layout `people` (10,000 sockets held, a message to a
    // 1,000-member conversation). Layout `tabs` delivers ten times the frames per message, past what the
    // bare fan-out does on these cores: it is held to that ceiling instead.
    const ceilingP99 = ceiling?.series[layout]?.toEachSocket.p99;
    if (layout === 'people') {
      checks.push([
        `${layout}: p99 ${ms(series.toEachSocket.p99)} ms ≤ ${TARGET_P99_MS} ms`,
        series.toEachSocket.p99 <= TARGET_P99_MS,
        'target',
      ]);
    } else if (ceilingP99 !== undefined) {
      checks.push([
        `${layout}: p99 ${ms(series.toEachSocket.p99)} ms ≤ ${TABS_CEILING_FACTOR}× the bare fan-out's ${ms(ceilingP99)} ms (${TARGET_P99_MS} ms is past the ceiling at ${count(socketCount)} deliveries a message)`,
        series.toEachSocket.p99 <= TABS_CEILING_FACTOR * ceilingP99,
        'target',
      ]);
    }
  };

  // Each layout in turn on the same instances; the last one's sockets stay for the failover.
  let fleet: LiveFleet | undefined;
  let steady: Awaited<ReturnType<typeof steadySeries>> | undefined;
  for (const layout of layouts) {
    if (fleet) {
      await fleet.close();
      // The instances let go of the last layout's sockets before the next one connects.
      for (let waited = 0; waited < 10_000; waited += 200) {
        const open = (await proxyStats(proxy)).openByUpstream.reduce((a, b) => a + b, 0);
        if (open <= 1) break;
        await sleep(200);
      }
    }
    fleet = await openFleet(layout);
    steady = await steadySeries(layout, fleet);
    checkSteady(layout, fleet, steady);
  }
  if (!fleet || !steady) return;

  console.info(
    `\n3. Failover: ${failoverCount} messages, each after the last reached every open socket (or ${FAILOVER_WAIT_MS / 1000} s) ` +
      `and ${gapMs} ms; instance A killed with -9 as message ${killAtMessage} is sent, and restarted`,
  );
  const cpuBefore = await cpuOf();
  const failover: Acknowledgement[] = [];
  const kill = { at: 0, restartedMs: 0, dropped: 0 };
  const killA = async () => {
    const victim = instances[0];
    if (!victim) return;
    kill.dropped = (await proxyStats(proxy)).openByUpstream[0] ?? 0;
    retiredCpu.set('instance A', (retiredCpu.get('instance A') ?? 0) + ((await cpuMilliseconds(victim.pid)) ?? 0));
    kill.at = performance.now();
    victim.process.kill('SIGKILL');
    await victim.exited;
    await startInstance(0);
    kill.restartedMs = performance.now() - kill.at;
  };
  let killing: Promise<void> | undefined;
  for (let index = 1; index <= failoverCount; index++) {
    const sending = send(`failover-${index}`, 30_000);
    // While the send is in flight: it may be the request the instance dies under.
    if (index === killAtMessage) killing = killA();
    const ack = await sending;
    failover.push(ack);
    if (!ack.message) continue;
    fleet.markSent(ack.message.seq, ack.message.id, ack.sentAt);
    await fleet.waitForDelivery(ack.message.seq, FAILOVER_WAIT_MS, fleet.openMemberCount());
    await sleep(gapMs);
  }
  await killing;
  const acknowledged = [...steady.acknowledgements, ...failover].filter((ack) => ack.message);
  const highestSeq = Math.max(...acknowledged.map((ack) => ack.message?.seq ?? 0));
  const settled = await fleet.waitUntilSettled(highestSeq, SETTLE_TIMEOUT_MS);
  const settledMs = performance.now() - kill.at;

  const recoveries = fleet.recoveries(kill.at);
  let missing = 0;
  let viaCatchUp = 0;
  for (const ack of acknowledged) {
    const delivery = fleet.deliveryOf(ack.message?.seq ?? 0);
    missing += fleet.memberTabCount - delivery.delivered;
    viaCatchUp += delivery.delivered - delivery.live;
  }
  const failoverLive: number[] = [];
  for (const ack of failover) if (ack.message) failoverLive.push(...fleet.deliveryOf(ack.message.seq).latencies);
  const unacknowledged = failover.filter((ack) => !ack.message).length;
  const acknowledgedFailover = failover.filter((ack) => ack.message);

  console.info(tableHeader);
  console.info(tableRow('socket lost → reopened through the proxy', percentiles(recoveries.map((r) => r.reopened))));
  console.info(tableRow('socket lost → caught up over HTTP', percentiles(recoveries.map((r) => r.caughtUp))));
  console.info(tableRow('one catch-up request (GET …/messages?after_seq=)', percentiles(fleet.catchUpRequestMs)));
  console.info(tableRow('send → each socket, live, during the series', percentiles(failoverLive)));
  console.info(
    tableRow('send → acknowledgement, during the series', percentiles(acknowledgedFailover.map((a) => a.ackMs))),
  );
  console.info(
    `instance A held ${count(kill.dropped)} sockets when killed; it answered /api/ready again ` +
      `${ms(kill.restartedMs)} ms after the kill; every socket open and caught up ` +
      (settled
        ? `${ms(settledMs)} ms after the kill`
        : `NOT within ${SETTLE_TIMEOUT_MS / 1000} s (${count(fleet.openCount())} open)`),
  );
  const failures = [...fleet.handshakeFailures].map(([reason, times]) => `${reason} × ${count(times)}`).join(', ');
  console.info(`handshakes that failed and were retried with backoff: ${failures || 'none'}`);
  console.info(
    `sends: ${acknowledgedFailover.length} acknowledged (${failover.filter((a) => a.attempts > 1).length} after a retry, ` +
      `${failover.filter((a) => a.status === 200).length} answered 200: already stored), ${unacknowledged} given up; ` +
      `${count(fleet.counts.catchUpRequests)} catch-up requests (${fleet.counts.catchUpFailures} failed and retried), ` +
      `${count(viaCatchUp)} deliveries came by catch-up, ${count(fleet.counts.overlaps)} came both ways (kept once, by seq)`,
  );
  printCpu('the failover', cpuBefore, await cpuOf());
  await printMemory(fleet);

  // What the database holds: one message per client id, seqs without a gap.
  const database = new pg.Client({ connectionString: databaseUrl });
  await database.connect();
  const stored = await database.query<{ messages: string; client_ids: string; first: string; last: string }>(
    'select count(*) as messages, count(distinct client_id) as client_ids, min(seq) as first, max(seq) as last from messages where conversation_id = $1',
    [fixture.conversationId],
  );
  await database.end();
  const storedMessages = Number(stored.rows[0]?.messages ?? 0);
  const storedTwice = storedMessages - Number(stored.rows[0]?.client_ids ?? 0);
  const first = Number(stored.rows[0]?.first ?? 0);
  const last = Number(stored.rows[0]?.last ?? 0);
  const ackMismatch = acknowledged.filter(
    (ack) => fleet.deliveryOf(ack.message?.seq ?? 0).messageId !== ack.message?.id,
  ).length;
  checks.push(
    [
      `failover: every acknowledged message (${acknowledged.length}) on every socket: ${count(missing)} missing`,
      settled && missing === 0,
    ],
    [`failover: no seq twice on one socket (${fleet.counts.liveDuplicates})`, fleet.counts.liveDuplicates === 0],
    [`failover: one stored message per client id (${storedTwice} stored twice)`, storedTwice === 0],
    [`failover: seqs gapless (${first}…${last} for ${storedMessages} messages)`, last - first + 1 === storedMessages],
    [
      `failover: each acknowledgement is what was delivered (${ackMismatch} differ, ${fleet.counts.idConflicts} seq conflicts)`,
      ackMismatch === 0 && fleet.counts.idConflicts === 0,
    ],
  );
  console.info('\nChecks:');
  for (const [label, ok] of checks) console.info(`  ${ok ? 'met   ' : 'FAILED'} ${label}`);
  if (checks.some(([, ok]) => !ok)) process.exitCode = 1;
  keepLogs ||= checks.some(([, ok, kind]) => !ok && kind !== 'target');
}

try {
  await main();
} catch (error) {
  console.error(`\nbench:chat failed: ${(error as Error).stack ?? error}`);
  process.exitCode = 1;
  hasThrown = true;
} finally {
  await cleanUp();
}
process.exit();
