// `npm run bench [-- --duration 10 --connections 50 --metrics]`: throughput and p99 latency of /api/health
// and a prerendered page, next to a bare Fastify hello world measured in the same run on the same machine,
// plus the home page's initial JavaScript. Needs `npm run build` first (npm start does it). With
// --metrics the server measures every request for Prometheus (METRICS_PORT), which shows their cost.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { freePort } from '../src/server/testing/free-port';
import { cpuMicroseconds } from './bench/measure-api';
import { startProcess, stopProcess } from './bench/server-process';
import { measureInitialJavaScript } from './initial-js';

const { values: options } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '5' },
    metrics: { type: 'boolean', default: false },
  },
});
const duration = Number(options.duration);
const connections = Number(options.connections);
const rounds = Number(options.rounds);

interface Measurement {
  name: string;
  requestsPerSecond: number;
  // Median over the rounds of this target's req/s divided by the hello world's in the same round.
  ratio: number;
  roundsRequestsPerSecond: number[];
  // Median of the server's CPU microseconds per request, and of its ratio to the hello world's.
  serverCpuMicroseconds: number | null;
  serverCpuRatio: number | null;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

interface Target {
  name: string;
  url: string;
  headers?: Record<string, string>;
  // The server process, whose CPU time each run reads.
  pid?: number;
}

// When the load generator is what runs out of CPU (two cores shared with the servers), req/s stops
// telling servers apart; the server's own CPU time for each request still does.
async function run(target: Target, seconds: number) {
  const cpuBefore = target.pid === undefined ? null : await cpuMicroseconds(target.pid);
  const result = await autocannon({ url: target.url, connections, duration: seconds, headers: target.headers ?? {} });
  const cpuAfter = target.pid === undefined ? null : await cpuMicroseconds(target.pid);
  const serverCpuPerRequest =
    cpuBefore !== null && cpuAfter !== null && result.requests.total > 0
      ? (cpuAfter - cpuBefore) / result.requests.total
      : null;
  return { ...result, serverCpuPerRequest };
}

// The requests the server's metrics counted, all routes together: proof that they were measured.
async function countedRequests(port: number): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  return text
    .split('\n')
    .filter((line) => line.startsWith('tandem_http_request_duration_seconds_count{'))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

// A shared machine speeds up and slows down over a run, so the targets take turns for several rounds,
// each figure is the median of its rounds, and the ratio compares runs of the same round.
async function measureAll(targets: Target[]): Promise<Measurement[]> {
  for (const target of targets) await run(target, 2); // warm-up: JIT compilation is not measured
  const samples = targets.map(() => [] as Array<Awaited<ReturnType<typeof run>>>);
  for (let round = 0; round < rounds; round++) {
    // Every other round runs the targets in reverse, so none always goes first.
    const order = round % 2 === 0 ? [...targets.keys()] : [...targets.keys()].reverse();
    for (const index of order) samples[index]?.push(await run(targets[index] as Target, duration));
  }
  const ceilings = (samples[0] ?? []).map((result) => result.requests.average);
  const floors = (samples[0] ?? []).map((result) => result.serverCpuPerRequest);
  return targets.map((target, index) => {
    const results = samples[index] ?? [];
    const cpu = results.map((result) => result.serverCpuPerRequest);
    const hasCpu = cpu.every((value) => value !== null) && floors.every((value) => value !== null);
    return {
      name: target.name,
      requestsPerSecond: median(results.map((result) => result.requests.average)),
      roundsRequestsPerSecond: results.map((result) => Math.round(result.requests.average)),
      ratio: median(results.map((result, round) => result.requests.average / (ceilings[round] ?? 1))),
      serverCpuMicroseconds: hasCpu ? median(cpu as number[]) : null,
      serverCpuRatio: hasCpu ? median((cpu as number[]).map((value, round) => value / (floors[round] ?? 1))) : null,
      p99Ms: median(results.map((result) => result.latency.p99)),
      errors: results.reduce((sum, result) => sum + result.errors + result.timeouts, 0),
      non2xx: results.reduce((sum, result) => sum + result.non2xx, 0),
    };
  });
}

await fs.access('build/client/app-shell.html').catch(() => {
  throw new Error('No client build: run `npm run build` first.');
});

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tandem-bench-'));
const helloPort = await freePort();
const appPort = await freePort();
const metricsPort = options.metrics ? await freePort() : undefined;
const hello = await startProcess(
  'scripts/bench/hello-world.ts',
  { PORT: String(helloPort) },
  `http://127.0.0.1:${helloPort}/`,
);
const app = await startProcess(
  'src/server/main.ts',
  {
    HOST: '127.0.0.1',
    PORT: String(appPort),
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    // Production requires a mail server; the benchmark sends no mail.
    SMTP_URL: 'smtp://127.0.0.1:9',
    PUBLIC_URL: `http://127.0.0.1:${appPort}`,
    SESSION_SECRET: 'b'.repeat(48),
    ...(metricsPort !== undefined && { METRICS_PORT: String(metricsPort) }),
  },
  `http://127.0.0.1:${appPort}/api/ready`,
);

console.log(
  `autocannon: ${connections} connections, ${duration} s a run, median of ${rounds} rounds, loopback, ${os.cpus().length} cores, metrics ${metricsPort === undefined ? 'off' : 'on'}\n`,
);
let results: Measurement[] = [];
let requestsCounted: number | undefined;
try {
  results = await measureAll([
    { name: 'bare Fastify hello world', url: `http://127.0.0.1:${helloPort}/`, pid: hello.pid },
    { name: 'GET /api/health', url: `http://127.0.0.1:${appPort}/api/health`, pid: app.pid },
    {
      name: 'GET /about-us (prerendered page, br)',
      url: `http://127.0.0.1:${appPort}/about-us`,
      headers: { 'accept-encoding': 'br, gzip' },
      pid: app.pid,
    },
  ]);
  if (metricsPort !== undefined) requestsCounted = await countedRequests(metricsPort);
} finally {
  await stopProcess(app);
  await stopProcess(hello);
  await fs.rm(dataDir, { recursive: true, force: true });
}

console.log(
  '| target | req/s | p99 (ms) | ratio to hello world | server CPU µs a request | its ratio to hello world | errors | non-2xx |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
const orDash = (value: number | null, digits: number) => (value === null ? '–' : value.toFixed(digits));
for (const result of results) {
  console.log(
    `| ${result.name} | ${Math.round(result.requestsPerSecond)} | ${result.p99Ms} | ${result.ratio.toFixed(2)} | ${orDash(result.serverCpuMicroseconds, 1)} | ${orDash(result.serverCpuRatio, 2)} | ${result.errors} | ${result.non2xx} |`,
  );
}

console.log('\nreq/s by round:');
for (const result of results) console.log(`  ${result.name}: ${result.roundsRequestsPerSecond.join(', ')}`);

const ratio = results[1]?.ratio ?? 0;
// Every hook that runs on every request costs next to nothing when it has nothing to do (issue 36).
const RATIO_TARGET = 0.9;
console.log(`\n/api/health ÷ hello world = ${ratio.toFixed(2)} (target ≥ ${RATIO_TARGET.toFixed(2)})`);
if (ratio < RATIO_TARGET) process.exitCode = 1;
const cpuRatio = results[1]?.serverCpuRatio ?? null;
if (cpuRatio !== null) {
  console.log(
    `hello world's server CPU a request ÷ /api/health's = ${(1 / cpuRatio).toFixed(2)} (the same ratio, free of the load generator)`,
  );
}

if (requestsCounted !== undefined) console.log(`requests the server's metrics counted: ${requestsCounted}`);

const home = await measureInitialJavaScript('index.html');
if (home.gzippedBytes > 70 * 1024) process.exitCode = 1;
console.log(
  `home page initial JavaScript: ${(home.gzippedBytes / 1024).toFixed(1)} KB gzipped in ${home.files.length} files (target ≤ 70 KB)`,
);
