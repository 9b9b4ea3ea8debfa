// `npm run bench:start -- [--runs n]`: start to ready on a migrated database, as production
// starts an instance (scripts/drill/instance.ts: the built server, NODE_ENV=production). The first start makes
// an embedded database in a scratch DATA_DIR; each measured start after it finds the database migrated. Reads the instance's own log: the time to "started: ready for requests" and each start-up step.
// Fails (exit 1) when the median is over the goal of the performance issue: 5 s.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freePort } from '../src/server/testing/free-port';
import { listen, startSmtpServer } from '../src/server/testing/smtp-test-server';
import { type Child, spawnNode, stopChild, waitUntilAnswering } from './bench/child-processes';
import { ensureBuild, repositoryRoot } from './drill/deployment';
import { INSTANCE_COMMAND, PRODUCTION_ENVIRONMENT, READINESS_PATH } from './drill/instance';

const GOAL_MS = 5_000;
const { values } = parseArgs({
  options: { runs: { type: 'string', default: '5' } },
});
const runs = Number(values.runs);

interface LogLine {
  msg?: string;
  ms?: number;
  loadMs?: number;
  startToReadyMs?: number;
}

const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)] ?? 0;

// Production refuses to start without a mail server: one here, that keeps what it is sent.
const mail = startSmtpServer(0);
const smtpUrl = `smtp://127.0.0.1:${await listen(mail.server)}`;

async function startOnce(dataDir: string, logFile: string, timeoutMs: number) {
  const port = await freePort();
  await fs.writeFile(logFile, '');
  const [, ...args] = INSTANCE_COMMAND;
  const child: Child = spawnNode('server', args, {
    env: {
      ...PRODUCTION_ENVIRONMENT,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SMTP_URL: smtpUrl,
      SESSION_SECRET: randomBytes(32).toString('base64url'),
      LOG_LEVEL: 'info',
    },
    logFile,
    cwd: repositoryRoot,
  });
  try {
    await waitUntilAnswering(child, `http://127.0.0.1:${port}${READINESS_PATH}`, { status: 200, timeoutMs });
  } catch (error) {
    console.error((await fs.readFile(logFile, 'utf8')).split('\n').slice(-5).join('\n'));
    throw error;
  } finally {
    await stopChild(child, 15_000);
  }
  const lines = (await fs.readFile(logFile, 'utf8'))
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);
  const ready = lines.find((line) => line.startToReadyMs !== undefined)?.startToReadyMs;
  if (ready === undefined) throw new Error(`the server logged no "started: ready for requests" (${logFile})`);
  const steps = lines
    .map((line) => [line.msg ?? '', line.ms ?? line.loadMs] as const)
    .filter((step): step is readonly [string, number] => step[1] !== undefined);
  return { ready, steps };
}

ensureBuild();
const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'tandem-bench-start-'));
try {
  const dataDir = path.join(scratch, 'data');
  const logFile = path.join(scratch, 'server.log');
  const first = await startOnce(dataDir, logFile, 300_000);
  console.log(`First start (a new embedded database, migrated): ready in ${(first.ready / 1000).toFixed(1)} s`);
  const readies: number[] = [];
  const stepTimes = new Map<string, number[]>();
  for (let run = 0; run < runs; run += 1) {
    const { ready, steps } = await startOnce(dataDir, logFile, 120_000);
    readies.push(ready);
    for (const [step, ms] of steps) stepTimes.set(step, [...(stepTimes.get(step) ?? []), ms]);
  }
  console.log(`\nStart to ready on a migrated database, ${runs} starts (the process's own clock, from its start):`);
  console.log(
    `  min ${Math.min(...readies)} ms, median ${median(readies)} ms, max ${Math.max(...readies)} ms (goal ≤ ${GOAL_MS} ms)`,
  );
  console.log('\nMedian of each start-up step:');
  for (const [step, times] of stepTimes) console.log(`  ${String(median(times)).padStart(6)} ms  ${step}`);
  if (median(readies) > GOAL_MS) {
    console.log(`\nOver the goal: the median start to ready is above ${GOAL_MS} ms.`);
    process.exitCode = 1;
  }
} finally {
  mail.server.close();
  await fs.rm(scratch, { recursive: true, force: true });
}
