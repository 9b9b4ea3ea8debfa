import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { runOnServer } from '../../src/server/db/postgres-server';
import { freePort } from '../../src/server/testing/free-port';
import { startProcess, stopProcess } from './server-process';

// What the API benchmarks share (bench:jobs, bench:applications): a fresh PostgreSQL database for one
// run, the real server as its own process on it, and the measurement — targets taking turns for several
// rounds, each figure the median of its rounds, with the CPU each request costs the server and
// PostgreSQL, since latency on a shared two-core machine depends on what else runs and CPU does not.

interface ApiTarget {
  name: string;
  url: string;
  headers?: Record<string, string>;
}

interface ApiFigure {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  serverCpu: number | null;
  databaseCpu: number | null;
  errors: number;
  non2xx: number;
}

export async function insertInBatches<Row>(rows: Row[], size: number, insert: (batch: Row[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += size) await insert(rows.slice(start, start + size));
}

// A small deterministic generator: every run seeds the same rows.
export function seededRandom(start = 42) {
  let seed = start;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const pick = <Item>(items: readonly Item[]): Item => items[Math.floor(random() * items.length)] as Item;
  return { random, pick };
}

const CLOCK_TICKS_PER_SECOND = 100;
// CPU time a process has used (user + system), from /proc on Linux; null elsewhere.
export async function cpuMilliseconds(pid: number): Promise<number | null> {
  try {
    const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

// CPU time a process has used, in microseconds, summed over its threads (Linux's schedstat, in nanoseconds,
// finer than /proc/<pid>/stat's 10 ms ticks); null where /proc does not tell.
export async function cpuMicroseconds(pid: number): Promise<number | null> {
  try {
    const threads = await fs.readdir(`/proc/${pid}/task`);
    const times = await Promise.all(
      threads.map(async (thread) =>
        Number((await fs.readFile(`/proc/${pid}/task/${thread}/schedstat`, 'utf8')).split(' ')[0]),
      ),
    );
    return times.reduce((sum, nanoseconds) => sum + nanoseconds, 0) / 1000;
  } catch {
    return null;
  }
}

interface CpuSample {
  server: number | null;
  database: Map<number, number | null>;
}

// The CPU the server process and the database's backends used between two samples, in milliseconds
// (null where /proc cannot tell).
export async function openCpuMeter({
  serverPid,
  serverUrl,
  databaseName,
}: {
  serverPid: number;
  serverUrl: string;
  databaseName: string;
}) {
  const monitor = new pg.Client({ connectionString: serverUrl });
  await monitor.connect();
  return {
    // Per backend, since the pool opens and closes connections between runs: a backend that ended
    // takes its CPU time with it, one that started brings all of its own.
    async sample(): Promise<CpuSample> {
      const backends = await monitor.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [
        databaseName,
      ]);
      const database = new Map<number, number | null>();
      for (const { pid } of backends.rows) database.set(pid, await cpuMilliseconds(pid));
      return { server: await cpuMilliseconds(serverPid), database };
    },
    between(before: CpuSample, after: CpuSample): { server: number | null; database: number | null } {
      let database: number | null = 0;
      for (const [pid, end] of after.database) {
        const start = before.database.get(pid) ?? 0;
        if (end === null || start === null) database = null;
        else if (database !== null) database += end - start;
      }
      const server = before.server === null || after.server === null ? null : after.server - before.server;
      return { server, database };
    },
    close: () => monitor.end(),
  };
}

// Creates tandem_bench_<random> on the server of serverUrl, runs `body` with its URL, and drops it
// afterwards unless kept (its URL is printed then, to look at query plans).
export async function withBenchDatabase<Result>(
  serverUrl: string,
  { keep }: { keep: boolean },
  body: (database: { url: string; name: string }) => Promise<Result>,
): Promise<Result> {
  const name = `tandem_bench_${randomBytes(5).toString('hex')}`;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  await runOnServer(serverUrl, `CREATE DATABASE ${name}`);
  try {
    return await body({ url: url.toString(), name });
  } finally {
    if (keep) console.log(`\nkept the database: ${url}`);
    else await runOnServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

// Starts the real server (production mode, no client build) on the database, runs `body` with its
// origin and process id, and stops it.
// `env` adds to the server's environment (ADMIN_EMAILS, for an administrator to sign in).
export async function withBenchServer<Result>(
  databaseUrl: string,
  body: (server: { origin: string; pid: number }) => Promise<Result>,
  env: Record<string, string> = {},
): Promise<Result> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = await startProcess(
    'src/server/main.ts',
    {
      HOST: '127.0.0.1',
      PORT: String(port),
      NODE_ENV: 'production',
      // Production requires a mail server; the benchmark sends no mail.
      SMTP_URL: 'smtp://127.0.0.1:9',
      PUBLIC_URL: origin,
      LOG_LEVEL: 'warn',
      SESSION_SECRET: 'b'.repeat(48),
      DATABASE_URL: databaseUrl,
      CLIENT_DIR: path.join(os.tmpdir(), 'tandem-bench-no-client'),
      // The server's own default unless the run asks for another (DATABASE_POOL_SIZE=10 npm run bench:…).
      ...(process.env.DATABASE_POOL_SIZE ? { DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE } : {}),
      ...env,
    },
    `${origin}/api/ready`,
  );
  try {
    return await body({ origin, pid: server.pid ?? 0 });
  } finally {
    await stopProcess(server);
  }
}

// Fails the run when a target does not answer 200 (a benchmark of error pages measures nothing).
export async function expectOk(target: ApiTarget): Promise<unknown> {
  const response = await fetch(target.url, { headers: target.headers ?? {} });
  if (response.status !== 200) throw new Error(`${target.name} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

// Measures the targets in turns and prints the table; returns a figure per target, in order.
export async function measureTargets({
  targets,
  serverPid,
  serverUrl,
  databaseName,
  connections,
  duration,
  rounds,
}: {
  targets: ApiTarget[];
  serverPid: number;
  serverUrl: string;
  databaseName: string;
  connections: number;
  duration: number;
  rounds: number;
}): Promise<ApiFigure[]> {
  const run = (target: ApiTarget, seconds: number) =>
    autocannon({ url: target.url, connections, duration: seconds, headers: target.headers ?? {} });
  for (const target of targets) await run(target, 2); // warm-up: JIT and the database's caches

  const cpu = await openCpuMeter({ serverPid, serverUrl, databaseName });
  const samples = targets.map(
    () =>
      [] as Array<{ result: Awaited<ReturnType<typeof run>>; serverCpu: number | null; databaseCpu: number | null }>,
  );
  for (let round = 0; round < rounds; round++) {
    for (const [index, target] of targets.entries()) {
      const before = await cpu.sample();
      const result = await run(target, duration);
      const used = cpu.between(before, await cpu.sample());
      const perRequest = (total: number | null) =>
        total === null || result.requests.total === 0 ? null : total / result.requests.total;
      samples[index]?.push({ result, serverCpu: perRequest(used.server), databaseCpu: perRequest(used.database) });
    }
  }
  await cpu.close();

  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const medianOrNull = (values: Array<number | null>) =>
    values.every((value) => value !== null) ? median(values as number[]) : null;
  const milliseconds = (value: number | null) => (value === null ? 'n/a' : value.toFixed(2));
  console.log(
    `autocannon: ${connections} connections, ${duration} s a run, median of ${rounds} rounds, loopback, ${os.cpus().length} cores, database pool ${process.env.DATABASE_POOL_SIZE ?? `${os.availableParallelism() * 2 + 1} (default)`}, load average ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}`,
  );
  console.log(
    '| target | req/s | p50 (ms) | p99 (ms) | server CPU (ms/req) | PostgreSQL CPU (ms/req) | errors | non-2xx |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  return targets.map((target, index) => {
    const runs = samples[index] ?? [];
    const results = runs.map((sample) => sample.result);
    const figure: ApiFigure = {
      requestsPerSecond: median(results.map((result) => result.requests.average)),
      p50: median(results.map((result) => result.latency.p50)),
      p99: median(results.map((result) => result.latency.p99)),
      serverCpu: medianOrNull(runs.map((sample) => sample.serverCpu)),
      databaseCpu: medianOrNull(runs.map((sample) => sample.databaseCpu)),
      errors: results.reduce((sum, result) => sum + result.errors + result.timeouts, 0),
      non2xx: results.reduce((sum, result) => sum + result.non2xx, 0),
    };
    console.log(
      `| ${target.name} | ${Math.round(figure.requestsPerSecond)} | ${figure.p50} | ${figure.p99} | ${milliseconds(figure.serverCpu)} | ${milliseconds(figure.databaseCpu)} | ${figure.errors} | ${figure.non2xx} |`,
    );
    return figure;
  });
}

// One line per target against its p99 budget, and whether all were met.
export function reportBudgets(entries: Array<{ label: string; figure: ApiFigure | undefined; budgetMs: number }>) {
  let met = true;
  for (const { label, figure, budgetMs } of entries) {
    if (!figure) continue;
    const ok = figure.p99 < budgetMs && figure.errors === 0 && figure.non2xx === 0;
    met &&= ok;
    const cpu =
      figure.serverCpu !== null && figure.databaseCpu !== null
        ? `, CPU ${(figure.serverCpu + figure.databaseCpu).toFixed(2)} ms a request (server ${figure.serverCpu.toFixed(2)} + PostgreSQL ${figure.databaseCpu.toFixed(2)})`
        : '';
    console.log(`${label}: p99 ${figure.p99} ms (target < ${budgetMs} ms) ${ok ? 'met' : 'MISSED'}${cpu}`);
  }
  return met;
}

// The options every API bench takes (--duration, --connections, --rounds, --keep-database) and its own
// counts, given with their defaults: parseBenchOptions({ jobs: 10_000 }).
export function parseBenchOptions<Counts extends Record<string, number>>(counts: Counts) {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '20' },
      rounds: { type: 'string', default: '3' },
      // Leave the seeded database in place (its URL is printed) to look at query plans; drop it by hand.
      'keep-database': { type: 'boolean', default: false },
      ...Object.fromEntries(
        Object.entries(counts).map(([name, value]) => [name, { type: 'string' as const, default: String(value) }]),
      ),
    },
  });
  const numberOf = (name: string) => Number((values as Record<string, unknown>)[name]);
  return {
    duration: numberOf('duration'),
    connections: numberOf('connections'),
    rounds: numberOf('rounds'),
    keepDatabase: Boolean(values['keep-database']),
    counts: Object.fromEntries(Object.keys(counts).map((name) => [name, numberOf(name)])) as Counts,
    serverUrl: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  };
}
