// `npm run drill:rolling [-- --sockets 500 --messages-per-second 4 --max-minutes 6]`: a rolling upgrade under
// load, measured (decision 026). nginx (deploy/nginx.conf, as drill:proxy runs it) in front of two instances,
// each with its own DATA_DIR, started at the same moment on an empty PostgreSQL database (one migrates, the
// other waits). Under load — HTTP reads (a page, the API, an asset), writes that are not idempotent (job
// drafts), and 500 WebSocket clients in one conversation, each sending messages over the API and hearing
// everyone's — each instance in turn gets SIGTERM, drains and exits, and a newer build takes its place (a
// copy of build/ with an expand-only migration: a new nullable column, and an asset of its own) while the
// other keeps serving. Then: failed requests (target 0), acknowledged writes lost or stored twice (0, read
// from the database), messages a socket still misses after reconnecting and catching up over the API as
// the portal does (0), and the longest request. Exits 1 when a target is missed.
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { freePort } from '../src/server/testing/free-port';
import { LIVE_SOCKET_PATH } from '../src/shared/live-events';
import { createChatFixture } from './bench/chat-fixture';
import { createJsonClient, type JsonResponse, LiveFleet } from './bench/live-fleet';
import {
  CLIENT_ADDRESS,
  createCleanups,
  type DeploymentSettings,
  ensureBuild,
  freshDatabase,
  type Instance,
  ms,
  percentiles,
  redisKeyPrefixFor,
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
    sockets: { type: 'string', default: '500' },
    'messages-per-second': { type: 'string', default: '4' },
    'reads-at-once': { type: 'string', default: '4' },
    'writes-at-once': { type: 'string', default: '2' },
    // Load before the first replacement, between the two, and after the last.
    'steady-seconds': { type: 'string', default: '8' },
    'max-minutes': { type: 'string', default: '6' },
    'keep-logs': { type: 'boolean', default: false },
  },
});
const socketCount = Number(values.sockets);
const messagesPerSecond = Number(values['messages-per-second']);
const steadyMs = Number(values['steady-seconds']) * 1000;
const SETTLE_TIMEOUT_MS = 60_000;
const MIGRATION_TAG = '0999_drill_rolling_expand';
const NEW_COLUMN = 'drill_rolling_note';

const cleanups = createCleanups('drill:rolling', Number(values['max-minutes']));
let keepLogs = values['keep-logs'];

// ---- the newer build ----

// build/ copied beside a link to node_modules (the bundle imports its packages from there), with one more
// migration where migrate.ts reads them (build-server.ts copies them beside the chunk holding it) and an
// asset only this release has.
async function prepareNewerBuild(root: string) {
  await fs.mkdir(root, { recursive: true });
  await fs.cp(path.join(repositoryRoot, 'build'), path.join(root, 'build'), { recursive: true });
  await fs.symlink(path.join(repositoryRoot, 'node_modules'), path.join(root, 'node_modules'));
  const journals = (await fs.readdir(path.join(root, 'build/server'), { recursive: true })).filter((entry) =>
    entry.endsWith(path.join('migrations', 'meta', '_journal.json')),
  );
  if (journals.length !== 1) throw new Error(`expected one migrations journal in the build, found ${journals.length}`);
  const journalFile = path.join(root, 'build/server', journals[0] ?? '');
  const journal = JSON.parse(await fs.readFile(journalFile, 'utf8')) as {
    entries: Array<{ idx: number; version: string; when: number; tag: string; breakpoints: boolean }>;
  };
  const last = journal.entries.at(-1);
  if (!last) throw new Error('the build has no migrations');
  journal.entries.push({ ...last, idx: last.idx + 1, when: Math.max(Date.now(), last.when + 1), tag: MIGRATION_TAG });
  await fs.writeFile(journalFile, JSON.stringify(journal, null, 2));
  // Expand only: the running release ignores a new nullable column (docs/operations.md, expand/contract).
  await fs.writeFile(
    path.join(path.dirname(path.dirname(journalFile)), `${MIGRATION_TAG}.sql`),
    `ALTER TABLE "messages" ADD COLUMN "${NEW_COLUMN}" text;\n`,
  );
  const asset = `/assets/drill-next-${randomBytes(5).toString('hex')}.js`;
  await fs.writeFile(path.join(root, 'build/client', asset), 'export const release = "next";\n');
  return { root, asset, migrations: journal.entries.length };
}

// ---- the load ----

interface Outcome {
  kind: 'read' | 'write' | 'message';
  what: string;
  status: number;
  ms: number;
  at: number;
}

async function main() {
  ensureNginx();
  ensureBuild();
  const logDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tandem-drill-rolling-'));
  cleanups.add('logs', async () => {
    if (keepLogs) console.info(`logs kept in ${logDir}`);
    else await fs.rm(logDir, { recursive: true, force: true });
  });
  const next = await prepareNewerBuild(path.join(logDir, 'next'));

  const [httpsPort, httpPort, portA, portB] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
  const origin = `https://127.0.0.1:${httpsPort}`;
  const settings: DeploymentSettings = {
    databaseUrl: await freshDatabase(cleanups, 'tandem_drill_rolling'),
    redisKeyPrefix: redisKeyPrefixFor(cleanups, 'drill-rolling'),
    smtpUrl: (await startMailSink(cleanups)).url,
    publicUrl: origin,
    sessionSecret: randomBytes(32).toString('base64url'),
  };
  const { folder, ca } = await startDrillNginx(cleanups, path.join(logDir, 'nginx'), {
    https: httpsPort,
    http: httpPort,
    instances: [`127.0.0.1:${portA}`, `127.0.0.1:${portB}`],
  });

  // -- two instances of the current build at the same moment, on the empty database --
  const slots: Array<{ name: string; port: number; instance: Instance; generation: number }> = [];
  const startSlot = async (name: string, port: number, buildRoot: string, generation: number) => {
    const instance = await startInstance(cleanups, {
      name: `${name}-${generation}`,
      port,
      buildRoot,
      settings,
      logDir,
    });
    return { name, port, instance, generation };
  };
  const startedTogether = performance.now();
  slots.push(
    ...(await Promise.all([startSlot('A', portA, repositoryRoot, 1), startSlot('B', portB, repositoryRoot, 1)])),
  );
  await Promise.all(slots.map((slot) => waitUntilReady(slot.instance)));
  const togetherMs = performance.now() - startedTogether;

  const database = new pg.Client({ connectionString: settings.databaseUrl });
  await database.connect();
  cleanups.add('database client', () => database.end());
  const migrationCount = async () =>
    Number(
      (await database.query<{ count: string }>('select count(*) from drizzle.__drizzle_migrations')).rows[0]?.count,
    );
  const migratedAtStart = await migrationCount();

  const fixture = await createChatFixture(settings.databaseUrl, { memberCount: socketCount, bystanderCount: 0 });
  const ownerCookie = fixture.memberCookies[0] ?? '';
  console.info(
    `\ndrill:rolling — nginx in front of two instances (both ready ${ms(togetherMs)} ms after starting together on an empty database, ${migratedAtStart} migrations applied once); ${socketCount} WebSocket clients from ${CLIENT_ADDRESS}; ${os.availableParallelism()} cores, load average ${os.loadavg()[0]?.toFixed(1)}`,
  );

  // -- the sockets --
  const tlsOptions = { ca, localAddress: CLIENT_ADDRESS };
  const fleet = new LiveFleet({
    origin,
    conversationId: fixture.conversationId,
    tabs: fixture.memberCookies.map((cookie) => ({
      url: `wss://127.0.0.1:${httpsPort}${LIVE_SOCKET_PATH}`,
      cookie,
      isMember: true,
    })),
    tls: tlsOptions,
  });
  cleanups.add('sockets', () => fleet.close());
  const connectStarted = performance.now();
  await fleet.connectAll(50);
  console.info(`${fleet.openCount()} sockets open through nginx in ${ms(performance.now() - connectStarted)} ms`);

  // -- the load: every request once, no retry of our own: a failure counts --
  const outcomes: Outcome[] = [];
  const client = createJsonClient(origin, 32, tlsOptions);
  cleanups.add('load client', async () => client.close());
  let isLoading = true;
  let newAsset: string | undefined;
  const timed = async (kind: Outcome['kind'], what: string, run: () => Promise<JsonResponse>) => {
    const started = performance.now();
    let status = 0;
    let body: unknown;
    try {
      ({ status, body } = await run());
    } catch {
      status = 0;
    }
    outcomes.push({ kind, what, status, ms: performance.now() - started, at: started });
    return { status, body };
  };
  const reads = [
    () => timed('read', 'GET /', () => client.request('GET', '/', '')),
    () => timed('read', 'GET /api/auth/me', () => client.request('GET', '/api/auth/me', ownerCookie)),
    () =>
      timed('read', 'GET …/messages', () =>
        client.request('GET', `/api/conversations/${fixture.conversationId}/messages?limit=20`, ownerCookie),
      ),
    () => timed('read', 'GET /api/jobs', () => client.request('GET', '/api/jobs', ownerCookie)),
  ];
  const readLoop = async () => {
    for (let turn = 0; isLoading; turn++) {
      const asset = newAsset;
      // While both releases serve, the new release's asset must always be found (nginx tries the other).
      if (asset && turn % 3 === 0)
        await timed('read', 'GET the new release’s asset', () => client.request('GET', asset, ''));
      else await (reads[turn % reads.length] ?? reads[0])?.();
    }
  };
  const acknowledgedJobs: string[] = [];
  const failedJobs: string[] = [];
  const writeLoop = async (worker: number) => {
    for (let index = 0; isLoading; index++) {
      const title = `Drill job ${worker}-${index} ${randomUUID()}`;
      const { status } = await timed('write', 'POST /api/jobs', () =>
        client.request('POST', '/api/jobs', ownerCookie, { title, status: 'draft' }),
      );
      (status === 201 ? acknowledgedJobs : failedJobs).push(title);
      await sleep(50);
    }
  };
  const acknowledgedMessages: Array<{ clientId: string; id: string; seq: number }> = [];
  const failedMessages: string[] = [];
  const messageLoop = async () => {
    const gapMs = 1000 / messagesPerSecond;
    while (isLoading) {
      const cookie = fixture.memberCookies[Math.floor(Math.random() * socketCount)] ?? ownerCookie;
      const clientId = randomUUID();
      const sentAt = performance.now();
      const { status, body } = await timed('message', 'POST …/messages', () =>
        client.request('POST', `/api/conversations/${fixture.conversationId}/messages`, cookie, {
          client_id: clientId,
          body: `Rolling drill ${clientId}`,
        }),
      );
      const message = body as { id?: string; seq?: number } | undefined;
      if (status === 201 && message?.id && typeof message.seq === 'number') {
        acknowledgedMessages.push({ clientId, id: message.id, seq: message.seq });
        fleet.markSent(message.seq, message.id, sentAt);
      } else {
        failedMessages.push(clientId);
      }
      await sleep(Math.max(0, gapMs - (performance.now() - sentAt)));
    }
  };
  const loadStarted = performance.now();
  const load = Promise.all([
    ...Array.from({ length: Number(values['reads-at-once']) }, readLoop),
    ...Array.from({ length: Number(values['writes-at-once']) }, (_unused, worker) => writeLoop(worker)),
    messageLoop(),
  ]);

  // -- the rolling upgrade --
  await sleep(steadyMs);
  const replacements: Array<{
    name: string;
    exitCode: number | null;
    readinessAfterSigterm: string;
    drainMs: number;
    readyMs: number;
    socketsDropped: number;
  }> = [];
  for (const [index, slot] of slots.entries()) {
    const old = slot.instance;
    const socketsBefore = fleet.counts.unexpectedCloses;
    // A probe on a connection opened before the signal: the instance must refuse it at once.
    const probeAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    await probe(old.port, probeAgent);
    const signalledAt = performance.now();
    old.child.process.kill('SIGTERM');
    // Probed until it stops answering 200: the balancer's view of the instance from the signal on.
    let readinessAfterSigterm = '';
    for (let answered = 0; ; answered++) {
      const outcome = await probe(old.port, probeAgent);
      if (!outcome.startsWith('200') || performance.now() - signalledAt > 5_000) {
        readinessAfterSigterm = `${outcome.split(' in ')[0]} ${ms(performance.now() - signalledAt)} ms after the signal (${answered} answered 200 before it was handled)`;
        break;
      }
    }
    probeAgent.destroy();
    await old.child.exited;
    const drainMs = performance.now() - signalledAt;
    const replacement = await startSlot(slot.name, slot.port, next.root, slot.generation + 1);
    await waitUntilReady(replacement.instance);
    slots[index] = replacement;
    replacements.push({
      name: slot.name,
      exitCode: old.child.process.exitCode,
      readinessAfterSigterm,
      drainMs,
      readyMs: performance.now() - signalledAt,
      socketsDropped: fleet.counts.unexpectedCloses - socketsBefore,
    });
    // A browser asks for the new release's asset after a page from it: once nginx has had an answer from
    // the new instance, the asset must be found whichever instance nginx asks first.
    await untilNginxHeardFrom(folder.accessLog, replacement.port);
    newAsset = next.asset;
    await sleep(steadyMs);
  }
  isLoading = false;
  await load;
  const loadMs = performance.now() - loadStarted;

  // -- what the database holds, and what every socket holds --
  const highestSeq = Math.max(0, ...acknowledgedMessages.map((message) => message.seq));
  const settled = await fleet.waitUntilSettled(highestSeq, SETTLE_TIMEOUT_MS);
  let missing = 0;
  for (const message of acknowledgedMessages) missing += fleet.memberTabCount - fleet.deliveryOf(message.seq).delivered;
  const jobRows = await database.query<{ title: string; copies: string }>(
    `select title, count(*) as copies from jobs where title like 'Drill job %' group by title`,
  );
  const copiesByTitle = new Map(jobRows.rows.map((row) => [row.title, Number(row.copies)]));
  const lostJobs = acknowledgedJobs.filter((title) => !copiesByTitle.has(title)).length;
  const doubledJobs = [...copiesByTitle.values()].filter((copies) => copies > 1).length;
  const messageRows = await database.query<{ client_id: string; copies: string }>(
    'select client_id, count(*) as copies from messages where conversation_id = $1 group by client_id',
    [fixture.conversationId],
  );
  const messageCopies = new Map(messageRows.rows.map((row) => [row.client_id, Number(row.copies)]));
  const lostMessages = acknowledgedMessages.filter((message) => !messageCopies.has(message.clientId)).length;
  const doubledMessages = [...messageCopies.values()].filter((copies) => copies > 1).length;
  const migratedAfter = await migrationCount();
  const column = await database.query(
    'select 1 from information_schema.columns where table_name = $1 and column_name = $2',
    ['messages', NEW_COLUMN],
  );

  // -- the figures --
  const failed = outcomes.filter((outcome) => outcome.status < 200 || outcome.status >= 400);
  const longest = outcomes.reduce((a, b) => (b.ms > a.ms ? b : a), outcomes[0] as Outcome);
  const byKind = (kind: Outcome['kind']) => outcomes.filter((outcome) => outcome.kind === kind);
  console.info(`\nLoad for ${(loadMs / 1000).toFixed(1)} s through nginx over TLS:`);
  console.info('| requests | count | failed | p50 (ms) | p99 (ms) | max (ms) |\n|---|---:|---:|---:|---:|---:|');
  for (const kind of ['read', 'write', 'message'] as const) {
    const list = byKind(kind);
    const figures = percentiles(list.map((outcome) => outcome.ms));
    const failures = list.filter((outcome) => failed.includes(outcome)).length;
    console.info(
      `| ${kind}s | ${figures.count} | ${failures} | ${ms(figures.p50)} | ${ms(figures.p99)} | ${ms(figures.max)} |`,
    );
  }
  console.info(
    '\n| instance | exit code | /api/ready after SIGTERM | SIGTERM → exited (ms) | SIGTERM → new build ready (ms) | sockets it dropped |\n|---|---:|---|---:|---:|---:|',
  );
  for (const replacement of replacements) {
    console.info(
      `| ${replacement.name} | ${replacement.exitCode} | ${replacement.readinessAfterSigterm} | ${ms(replacement.drainMs)} | ${ms(replacement.readyMs)} | ${replacement.socketsDropped} |`,
    );
  }
  const recoveries = fleet.recoveries(loadStarted);
  const reopened = percentiles(recoveries.map((recovery) => recovery.reopened));
  const caughtUp = percentiles(recoveries.map((recovery) => recovery.caughtUp));
  console.info(
    `\nsockets: ${fleet.counts.unexpectedCloses} closed by a stopping instance, reconnected and caught up ` +
      `(socket lost → open again through nginx: p50 ${ms(reopened.p50)} ms, max ${ms(reopened.max)} ms; ` +
      `→ caught up over the API: p50 ${ms(caughtUp.p50)} ms, max ${ms(caughtUp.max)} ms); ` +
      `${fleet.counts.catchUpRequests} catch-up requests (${fleet.counts.catchUpFailures} failed and retried); ` +
      `handshakes retried: ${fleet.counts.failedHandshakes}`,
  );
  // What nginx sent to the other instance: its access log lists every upstream tried and what each said
  // (502 there: the connection was refused or reset, nothing ran).
  const retried = new Map<string, number>();
  for (const line of (await fs.readFile(folder.accessLog, 'utf8')).split('\n')) {
    const statuses = line.match(/ status=([\d, -]+) time=/)?.[1]?.split(', ') ?? [];
    if (statuses.length < 2) continue;
    const key = `${line.match(/"(GET|POST|PUT|DELETE|PATCH) /)?.[1]} first answered ${statuses[0] === '502' ? 'nothing (refused or reset)' : statuses[0]}`;
    retried.set(key, (retried.get(key) ?? 0) + 1);
  }
  console.info(
    `requests nginx passed to the other instance: ${[...retried].map(([key, count]) => `${count} ${key}`).join('; ') || 'none'}`,
  );
  if (failed.length > 0) {
    const reasons = new Map<string, number>();
    for (const outcome of failed) {
      const key = `${outcome.what} → ${outcome.status || 'no answer'}`;
      reasons.set(key, (reasons.get(key) ?? 0) + 1);
    }
    console.info(`failed requests: ${[...reasons].map(([key, count]) => `${key} × ${count}`).join(', ')}`);
  }

  const checks: Array<[string, boolean]> = [
    [`failed requests: ${failed.length} of ${outcomes.length} (target 0)`, failed.length === 0],
    [
      `acknowledged writes lost: ${lostJobs} of ${acknowledgedJobs.length} job drafts, ${lostMessages} of ${acknowledgedMessages.length} messages (target 0)`,
      lostJobs === 0 && lostMessages === 0,
    ],
    [
      `writes stored twice: ${doubledJobs} job drafts, ${doubledMessages} messages (target 0)`,
      doubledJobs === 0 && doubledMessages === 0,
    ],
    [
      `messages a socket missed after reconnecting and catching up: ${missing} (${fleet.memberTabCount} sockets × ${acknowledgedMessages.length} messages; target 0)`,
      settled && missing === 0,
    ],
    [`no seq twice on one socket (${fleet.counts.liveDuplicates})`, fleet.counts.liveDuplicates === 0],
    [
      `every stopping instance exited 0 (${replacements.map((replacement) => replacement.exitCode).join(', ')})`,
      replacements.every((replacement) => replacement.exitCode === 0),
    ],
    [
      `the newer build's migration ran once (${migratedAtStart} → ${migratedAfter} migrations, column ${NEW_COLUMN} ${column.rowCount ? 'present' : 'missing'})`,
      migratedAfter === migratedAtStart + 1 && migratedAfter === next.migrations && column.rowCount === 1,
    ],
  ];
  console.info(
    `\nlongest request: ${longest ? `${longest.what} ${ms(longest.ms)} ms (answered ${longest.status || 'nothing'})` : '–'}`,
  );
  console.info('\nChecks:');
  for (const [label, ok] of checks) console.info(`  ${ok ? 'met   ' : 'FAILED'} ${label}`);
  if (checks.some(([, ok]) => !ok)) {
    process.exitCode = 1;
    keepLogs = true;
  }
}

// Waits for a line of nginx's access log that an instance on `port` answered, written after now.
async function untilNginxHeardFrom(accessLog: string, port: number) {
  const since = (await fs.stat(accessLog)).size;
  for (let waited = 0; waited < 30_000; waited += 100) {
    const handle = await fs.open(accessLog);
    const { size } = await handle.stat();
    const buffer = Buffer.alloc(size - since);
    await handle.read(buffer, 0, buffer.length, since);
    await handle.close();
    if (new RegExp(`upstream=127\\.0\\.0\\.1:${port} status=2`).test(buffer.toString('utf8'))) return;
    await sleep(100);
  }
  throw new Error(`nginx sent nothing to the instance on port ${port} within 30 s`);
}

// GET /api/ready on an instance directly: its status, or why there was none.
async function probe(port: number, agent: http.Agent): Promise<string> {
  const started = performance.now();
  const outcome = await new Promise<string>((resolve) => {
    const request = http.get({ host: '127.0.0.1', port, path: READINESS_PATH, agent, timeout: 2_000 }, (response) => {
      response.resume();
      response.on('end', () => resolve(String(response.statusCode)));
    });
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', (error) => resolve((error as NodeJS.ErrnoException).code ?? error.message));
  });
  return `${outcome} in ${ms(performance.now() - started)} ms`;
}

try {
  await main();
} catch (error) {
  console.error(`\ndrill:rolling failed: ${(error as Error).stack ?? error}`);
  process.exitCode = 1;
  keepLogs = true;
} finally {
  await cleanups.run();
}
process.exit();
