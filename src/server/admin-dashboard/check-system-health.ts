import type { StatsFs } from 'node:fs';
import { statfs } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { formatCount, type HealthCheck, type HealthCheckName, type SystemHealth } from '~/shared/admin-dashboard';
import type { Database } from '../db/client';
import { integerColumn } from '../db/row-columns';
import { selectRows } from '../db/select-rows';
import type { ResponseTally } from './response-tally';

// System Health: real checks, each with what it found. The percentage is the share of
// the configured checks that pass; Redis without REDIS_URL is "not configured", not a failure.

const CHECK_TIMEOUT_MS = 2_000;
const SLOW_DATABASE_MS = 500;
// Jobs waiting past their start by this long are a backlog.
const QUEUE_OVERDUE_LIMIT = 100;
const ERROR_RATE_LIMIT_PERCENT = 1;
const DISK_FREE_MIN_PERCENT = 10;

interface HealthProbes {
  db: Database;
  redis?: { ping(): Promise<unknown> };
  tally: ResponseTally;
  dataDir: string;
}

type Outcome = Pick<HealthCheck, 'status' | 'detail'>;

const labels: Record<HealthCheckName, string> = {
  database: 'Database',
  redis: 'Redis',
  queue: 'Job queue',
  error_rate: 'Error rate (last hour)',
  disk: 'Disk space',
};

async function timed<Result>(work: () => Promise<Result>): Promise<{ result: Result; ms: number }> {
  const started = performance.now();
  const result = await work();
  return { result, ms: Math.round(performance.now() - started) };
}

async function withinTimeout(check: () => Promise<Outcome>): Promise<Outcome> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      check(),
      new Promise<Outcome>((done) => {
        timer = setTimeout(
          () => done({ status: 'fail', detail: `No answer within ${CHECK_TIMEOUT_MS / 1000} seconds.` }),
          CHECK_TIMEOUT_MS,
        );
      }),
    ]);
  } catch (error) {
    return { status: 'fail', detail: `The check failed: ${(error as Error).message}` };
  } finally {
    clearTimeout(timer);
  }
}

async function checkDatabase(db: Database): Promise<Outcome> {
  const { ms } = await timed(() => db.execute(sql`select 1`));
  return ms < SLOW_DATABASE_MS
    ? { status: 'pass', detail: `Answered in ${ms} ms.` }
    : { status: 'fail', detail: `Slow: answered in ${ms} ms (more than ${SLOW_DATABASE_MS} ms).` };
}

async function checkRedis(redis: HealthProbes['redis']): Promise<Outcome> {
  if (!redis) return { status: 'not_configured', detail: 'Not configured (REDIS_URL is not set).' };
  const { ms } = await timed(() => redis.ping());
  return { status: 'pass', detail: `Answered PING in ${ms} ms.` };
}

// pg-boss keeps its jobs in the same database: waiting ones (created or retry) by the partial index it
// keeps for them, and the ones that failed for good in the last hour.
async function checkQueue(db: Database): Promise<Outcome> {
  const resultRows = await selectRows(
    db,
    z.object({ waiting: integerColumn, overdue: integerColumn, failed: integerColumn }),
    sql`select
          (count(*) filter (where state < 'active'))::int as waiting,
          (count(*) filter (where state < 'active' and start_after < now() - interval '5 minutes'))::int as overdue,
          (count(*) filter (where state = 'failed' and completed_on > now() - interval '1 hour'))::int as failed
        from pgboss.job
        where state < 'active' or (state = 'failed' and completed_on > now() - interval '1 hour')`,
  );
  const { waiting = 0, overdue = 0, failed = 0 } = resultRows[0] ?? {};
  const detail = `${formatCount(waiting)} waiting, ${formatCount(overdue)} overdue by 5 minutes, ${formatCount(failed)} failed in the last hour.`;
  const isHealthy = overdue < QUEUE_OVERDUE_LIMIT && failed === 0;
  return { status: isHealthy ? 'pass' : 'fail', detail };
}

export const errorRatePercent = ({ total, errors }: { total: number; errors: number }) =>
  total === 0 ? 0 : Math.round((errors / total) * 1000) / 10;

async function checkErrorRate(tally: ResponseTally): Promise<Outcome> {
  const counts = await tally.lastHour();
  const percent = errorRatePercent(counts);
  const detail = `${percent}% server errors: ${formatCount(counts.errors)} of ${formatCount(counts.total)} answers.`;
  return { status: percent < ERROR_RATE_LIMIT_PERCENT ? 'pass' : 'fail', detail };
}

// The file system under DATA_DIR (the embedded database and uploads); the nearest folder that exists.
async function statNearest(path: string): Promise<StatsFs> {
  try {
    return await statfs(path);
  } catch (error) {
    const parent = dirname(path);
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || parent === path) throw error;
    return statNearest(parent);
  }
}

const gigabytes = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(1)} GB`;

async function checkDisk(dataDir: string): Promise<Outcome> {
  const stats = await statNearest(resolve(dataDir));
  const free = stats.bavail * stats.bsize;
  const size = stats.blocks * stats.bsize;
  const percent = size === 0 ? 0 : Math.round((free / size) * 100);
  const detail = `${gigabytes(free)} free of ${gigabytes(size)} (${percent}%).`;
  return { status: percent >= DISK_FREE_MIN_PERCENT ? 'pass' : 'fail', detail };
}

export async function checkSystemHealth({ db, redis, tally, dataDir }: HealthProbes): Promise<SystemHealth> {
  const outcomes: [HealthCheckName, Promise<Outcome>][] = [
    ['database', withinTimeout(() => checkDatabase(db))],
    ['redis', withinTimeout(() => checkRedis(redis))],
    ['queue', withinTimeout(() => checkQueue(db))],
    ['error_rate', withinTimeout(() => checkErrorRate(tally))],
    ['disk', withinTimeout(() => checkDisk(dataDir))],
  ];
  const checks: HealthCheck[] = await Promise.all(
    outcomes.map(async ([name, outcome]) => ({ name, label: labels[name], ...(await outcome) })),
  );
  const counted = checks.filter((check) => check.status !== 'not_configured');
  const passing = counted.filter((check) => check.status === 'pass').length;
  return { percent: counted.length === 0 ? 100 : Math.round((passing / counted.length) * 100), checks };
}
