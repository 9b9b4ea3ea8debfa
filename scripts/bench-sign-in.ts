// `npm run bench:sign-in [-- --count 50]`: latency of POST /api/auth/sign-in against the real server
// (argon2id verification included), measured one sign-in after another, plus the bare hashing cost.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ARGON2_OPTIONS, hashPassword, verifyPassword } from '../src/server/kernels/identity/passwords';
import { DEMO_PASSWORD, demoAccounts } from '../src/server/seed/demo-accounts';
import { freePort } from '../src/server/testing/free-port';
import { startProcess, stopProcess } from './bench/server-process';

const { values: options } = parseArgs({ options: { count: { type: 'string', default: '50' } } });
const count = Number(options.count);

const percentile = (sorted: number[], fraction: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? 0;
const describe = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  const mean = samples.reduce((sum, value) => sum + value, 0) / samples.length;
  return `p50 ${percentile(sorted, 0.5).toFixed(1)} ms · p99 ${percentile(sorted, 0.99).toFixed(1)} ms · mean ${mean.toFixed(1)} ms · max ${sorted.at(-1)?.toFixed(1)} ms`;
};

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tandem-bench-sign-in-'));
const port = await freePort();
const server = await startProcess(
  'src/server/main.ts',
  {
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    CLIENT_DIR: path.join(dataDir, 'no-client'),
  },
  `http://127.0.0.1:${port}/api/ready`,
);

const company = demoAccounts.find((account) => account.role === 'company');
const requestSamples: number[] = [];
try {
  for (let attempt = 0; attempt < count + 3; attempt++) {
    const started = performance.now();
    const response = await fetch(`http://127.0.0.1:${port}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify({ email: company?.email, password: DEMO_PASSWORD }),
    });
    const elapsed = performance.now() - started;
    if (response.status !== 200) throw new Error(`Sign-in answered ${response.status}: ${await response.text()}`);
    // The first few warm the JIT and the database; they are not counted.
    if (attempt >= 3) requestSamples.push(elapsed);
  }
} finally {
  await stopProcess(server);
  await fs.rm(dataDir, { recursive: true, force: true });
}

const hash = await hashPassword('bench-password-for-timing');
const verifySamples: number[] = [];
for (let attempt = 0; attempt < count; attempt++) {
  const started = performance.now();
  await verifyPassword(hash, 'bench-password-for-timing');
  verifySamples.push(performance.now() - started);
}

console.log(
  `argon2id m=${ARGON2_OPTIONS.memoryCost} KiB, t=${ARGON2_OPTIONS.timeCost}, p=${ARGON2_OPTIONS.parallelism} · ${os.cpus().length} cores\n`,
);
console.log(`POST /api/auth/sign-in, ${count} sequential sign-ins: ${describe(requestSamples)}`);
console.log(`argon2id verify alone, ${count} times:            ${describe(verifySamples)}`);
