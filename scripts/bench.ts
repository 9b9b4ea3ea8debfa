// `npm run bench [-- --duration 10 --connections 50]`: throughput and p99 latency of /api/health and a
// prerendered page, next to a bare Fastify hello world measured in the same run on the same machine,
// plus the home page's initial JavaScript. Needs `npm run build` first (npm start does it).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { freePort } from '../src/server/testing/free-port';
import { startProcess, stopProcess } from './bench/server-process';
import { measureInitialJavaScript } from './initial-js';

const { values: options } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '3' },
  },
});
const duration = Number(options.duration);
const connections = Number(options.connections);
const rounds = Number(options.rounds);

interface Measurement {
  name: string;
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

interface Target {
  name: string;
  url: string;
  headers?: Record<string, string>;
}

async function run(target: Target, seconds: number) {
  return autocannon({ url: target.url, connections, duration: seconds, headers: target.headers ?? {} });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

// Two cores run both the load generator and the server, so single runs are noisy: the targets take
// turns for several rounds and each figure is the median of its rounds.
async function measureAll(targets: Target[]): Promise<Measurement[]> {
  for (const target of targets) await run(target, 2); // warm-up: JIT compilation is not measured
  const samples = targets.map(() => [] as Array<Awaited<ReturnType<typeof run>>>);
  for (let round = 0; round < rounds; round++) {
    for (const [index, target] of targets.entries()) samples[index]?.push(await run(target, duration));
  }
  return targets.map((target, index) => {
    const results = samples[index] ?? [];
    return {
      name: target.name,
      requestsPerSecond: median(results.map((result) => result.requests.average)),
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
    SESSION_SECRET: 'b'.repeat(48),
  },
  `http://127.0.0.1:${appPort}/api/ready`,
);

console.log(
  `autocannon: ${connections} connections, ${duration} s a run, median of ${rounds} rounds, loopback, ${os.cpus().length} cores\n`,
);
let results: Measurement[] = [];
try {
  results = await measureAll([
    { name: 'bare Fastify hello world', url: `http://127.0.0.1:${helloPort}/` },
    { name: 'GET /api/health', url: `http://127.0.0.1:${appPort}/api/health` },
    {
      name: 'GET /about-us (prerendered page, br)',
      url: `http://127.0.0.1:${appPort}/about-us`,
      headers: { 'accept-encoding': 'br, gzip' },
    },
  ]);
} finally {
  await stopProcess(app);
  await stopProcess(hello);
  await fs.rm(dataDir, { recursive: true, force: true });
}

const ceiling = results[0]?.requestsPerSecond ?? 1;
console.log('| target | req/s | p99 (ms) | ratio to hello world | errors | non-2xx |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const result of results) {
  console.log(
    `| ${result.name} | ${Math.round(result.requestsPerSecond)} | ${result.p99Ms} | ${(result.requestsPerSecond / ceiling).toFixed(2)} | ${result.errors} | ${result.non2xx} |`,
  );
}

const health = results[1];
const ratio = health ? health.requestsPerSecond / ceiling : 0;
console.log(`\n/api/health ÷ hello world = ${ratio.toFixed(2)} (target ≥ 0.80)`);

const home = await measureInitialJavaScript('index.html');
console.log(
  `home page initial JavaScript: ${(home.gzippedBytes / 1024).toFixed(1)} KB gzipped in ${home.files.length} files (target ≤ 100 KB)`,
);
