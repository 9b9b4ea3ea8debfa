import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Database, DatabaseHandle } from '../db/client';
import { selectRows } from '../db/select-rows';
import type { JobData, JobName, JobQueue, SendOptions } from './job-queue';
import type { WaitingJobs } from './metrics';

interface PgBossQueueOptions {
  database: Pick<DatabaseHandle, 'runSql'>;
  logger: Pick<Logger, 'error' | 'warn'>;
  // How often each worker asks for work when it found none (pg-boss polls; 0.5 s at the least).
  pollingIntervalSeconds?: number;
  // Off: this instance only sends and schedules; another instance (or a test, by hand) does the work.
  isWorking?: boolean;
  // The first retry waits this long to twice as long, each later one twice as long again (defaults in
  // jobTimings).
  retryDelaySeconds?: number;
  // How many retries a failed job gets (defaults in jobTimings).
  retryLimit?: number;
  // stop() waits this long for running handlers; pg-boss then fails their jobs, to be retried.
  stopTimeoutSeconds?: number;
  // An email-sized job still running after this long is taken as lost (its worker died) and retried.
  quickExpireSeconds?: number;
  // How often an instance looks for lost jobs (and archives old ones); once per interval across instances.
  maintenanceIntervalSeconds?: number;
  // A handler here failed (metrics); final when pg-boss has no retry left for the job.
  onJobFailed?: (name: JobName, isFinal: boolean) => void;
}

// Every queue exists from the start: a send inside a transaction cannot create one (on PGlite it
// would wait for the very transaction it runs in). The type makes a new job name fail here until listed.
// A quick job (an email, a notification's email, a reminder) takes well under a second; a run (invoices,
// retention, a digest of everyone's messages) may take minutes.
type JobKind = 'quick' | 'run';
const everyJob: Record<JobName, JobKind> = {
  'send-email': 'quick',
  'notification-email': 'quick',
  'meeting-reminder': 'quick',
  'message-digest': 'run',
  'issue-invoices': 'run',
  'mark-overdue-invoices': 'run',
  'auto-pay-invoices': 'run',
  'apply-retention': 'run',
  'sweep-stored-files': 'run',
  'start-due-assignments': 'run',
  // Up to CV_TEXT_LIMITS.timeoutMs (20 s) in a worker thread: longer than a quick job's expiry.
  'extract-cv-text': 'run',
  'reveal-due-reviews': 'run',
  'send-job-alerts': 'run',
  'close-expired-jobs': 'run',
  'approve-due-milestones': 'run',
  'make-earnings-available': 'run',
  'prepare-payout-run': 'run',
  'send-payout-transfers': 'run',
  'fetch-fx-rates': 'run',
  'remind-expiring-tax-forms': 'run',
  'remind-expiring-agreements': 'run',
  // One POST, with a timeout (10 s) under a quick job's expiry.
  'deliver-webhook': 'quick',
  // A few requests of at most 10 s each to a person's calendar server: longer than a quick job's expiry.
  'calendar.refresh-connection': 'run',
  'calendar.refresh-due-connections': 'run',
  'calendar.write-meeting-copies': 'run',
};
// Every job name at run time (JobName is a type only); schedule.test.ts holds the schedule to it.
export const jobNames = Object.keys(everyJob) as JobName[];

// When a worker dies (kill -9, a lost machine), pg-boss has no way to know but time: its jobs stay active
// until they expire, the next maintenance turns them into retries, and a worker fetches them after the
// retry delay. For a quick job all of it is bounded by quickJobRetryBoundSeconds (decision 018: under a
// minute); retries of failures stretch over ~20 to ~40 minutes of a mail server's outage (5 s to 640 s,
// doubling, eight times), as a run's six retries from 15 s do.
const jobTimings = {
  quick: { expireSeconds: 20, retryDelaySeconds: 5, retryLimit: 8, batchSize: 5 },
  run: { expireSeconds: 5 * 60, retryDelaySeconds: 15, retryLimit: 6, batchSize: 20 },
  maintenanceIntervalSeconds: 10,
  pollingIntervalSeconds: 2,
};

// The longest a lost quick job waits before a worker takes it again: its expiry, then up to two
// maintenance intervals (two instances each run it on their own clock, once per interval across them),
// the longest first retry delay (pg-boss draws it between one and two delays), and a poll.
export function quickJobRetryBoundSeconds({
  expireSeconds = jobTimings.quick.expireSeconds,
  maintenanceIntervalSeconds = jobTimings.maintenanceIntervalSeconds,
  retryDelaySeconds = jobTimings.quick.retryDelaySeconds,
  pollingIntervalSeconds = jobTimings.pollingIntervalSeconds,
} = {}): number {
  return expireSeconds + 2 * maintenanceIntervalSeconds + 2 * retryDelaySeconds + pollingIntervalSeconds;
}
// Completed jobs are kept this long, and with them the ids that make a repeated send a no-op.
const KEEP_COMPLETED_SECONDS = 24 * 60 * 60;

// A job named by a key gets an id made from it: pg-boss inserts with ON CONFLICT DO NOTHING on
// (name, id), so the second send of one key, from any instance or transaction, adds nothing.
function jobIdOf(name: JobName, key: string): string {
  const hex = createHash('sha256').update(`${name}\n${key}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

// pg-boss's numbered placeholders as Drizzle parameters, so its insert runs in a caller's transaction.
function boundSql(text: string, values: unknown[]): SQL {
  const chunks: SQL[] = [];
  let position = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(text.slice(position, match.index)));
    chunks.push(sql`${values[Number(match[1]) - 1] ?? null}`);
    position = match.index + match[0].length;
  }
  chunks.push(sql.raw(text.slice(position)));
  return sql.join(chunks);
}

function transactionDb(transaction: Database): PgBoss.Db {
  return {
    executeSql: async (text, values) => {
      return { rows: await selectRows(transaction, z.unknown(), boundSql(text, values ?? [])) };
    },
  };
}

// The JobQueue on pg-boss, in the app's own database: over its pg pool on PostgreSQL, through the
// embedded database's handle on PGlite. pg-boss creates (or migrates) its schema "pgboss" at start;
// its cron ticks and maintenance are locked in the database, so they run once across instances.
const DEADLOCK = '40P01';
const SETUP_ATTEMPTS = 5;

async function retryOnDeadlock(setUp: () => Promise<void>) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await setUp();
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== DEADLOCK || attempt >= SETUP_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt + Math.random() * 200));
    }
  }
}

export async function startPgBossQueue({
  database,
  logger,
  pollingIntervalSeconds = jobTimings.pollingIntervalSeconds,
  isWorking = true,
  retryDelaySeconds,
  retryLimit,
  stopTimeoutSeconds = 10,
  quickExpireSeconds = jobTimings.quick.expireSeconds,
  maintenanceIntervalSeconds = jobTimings.maintenanceIntervalSeconds,
  onJobFailed,
}: PgBossQueueOptions): Promise<JobQueue> {
  const inFlight = new Set<Promise<unknown>>();
  let isStopped = false;
  const db: PgBoss.Db = {
    executeSql: (text, values) => {
      // pg-boss may still complete a job its worker fetched before stop(). Neither a rejection nor an empty
      // result is safe there (pg-boss reads rows[0].count unguarded), so a late query is never answered:
      // the job stays active and is retried after expiry, and handlers are idempotent.
      if (isStopped) return new Promise<never>(() => {});
      const running = database.runSql(text, values);
      inFlight.add(running);
      const forget = () => inFlight.delete(running);
      running.then(forget, forget);
      return running;
    },
  };
  const boss = new PgBoss({
    db,
    schedule: isWorking,
    supervise: isWorking,
    pollingIntervalSeconds,
    maintenanceIntervalSeconds,
    archiveCompletedAfterSeconds: KEEP_COMPLETED_SECONDS,
  });
  boss.on('error', (error) => {
    if (!isStopped) logger.error({ err: error }, 'job queue error');
  });
  // Given with every job, not only when its queue is created: a queue keeps the options it was created with.
  const optionsOf = (name: JobName) => {
    const kind = jobTimings[everyJob[name]];
    return {
      retryLimit: retryLimit ?? kind.retryLimit,
      retryDelay: retryDelaySeconds ?? kind.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: everyJob[name] === 'quick' ? quickExpireSeconds : kind.expireSeconds,
    };
  };
  // Instances starting together on one database can deadlock in pg-boss's own setup (seen with two:
  // "deadlock detected" in createQueue); the loser of a deadlock simply tries again.
  await retryOnDeadlock(async () => {
    await boss.start();
    for (const name of Object.keys(everyJob) as JobName[]) await boss.createQueue(name, { name, ...optionsOf(name) });
  });
  const workerIds = new Map<JobName, string[]>();

  return {
    async send<N extends JobName>(name: N, data: JobData[N], options: SendOptions = {}) {
      const { startAfter, singletonKey, transaction } = options;
      await boss.send(name, data, {
        ...optionsOf(name),
        ...(startAfter ? { startAfter } : {}),
        ...(singletonKey ? { singletonKey, id: jobIdOf(name, singletonKey) } : {}),
        ...(transaction ? { db: transactionDb(transaction) } : {}),
      });
      // A worker here need not wait for its next poll (a job in a transaction is not visible yet).
      if (!transaction && !startAfter) {
        for (const id of workerIds.get(name) ?? []) boss.notifyWorker(id);
      }
    },
    async work<N extends JobName>(name: N, handler: (data: JobData[N]) => Promise<void>) {
      if (!isWorking) return;
      let workerId = '';
      // A batch's jobs expire together, counted from its fetch: a quick batch is small enough to finish
      // well within its expiry even on a slow mail server.
      const { batchSize } = jobTimings[everyJob[name]];
      // With its metadata: a failure with no retry left is told apart from one that will be retried.
      workerId = await boss.work<JobData[N]>(name, { batchSize, includeMetadata: true }, async (jobs) => {
        for (const job of jobs) {
          try {
            await handler(job.data);
          } catch (error) {
            const isFinal = job.retryCount >= job.retryLimit;
            logger.warn(
              { err: error, job: name, jobId: job.id, retryCount: job.retryCount },
              isFinal ? 'job failed with no retry left' : 'job failed; pg-boss retries it with backoff',
            );
            onJobFailed?.(name, isFinal);
            // Fails this job alone; pg-boss then completes the batch's jobs still active.
            await boss.fail(name, job.id, { message: String(error) });
          }
        }
        // A full batch suggests more waiting: fetch again at once rather than after the polling pause.
        if (jobs.length === batchSize) boss.notifyWorker(workerId);
      });
      workerIds.set(name, [...(workerIds.get(name) ?? []), workerId]);
    },
    async schedule(name, cron) {
      await boss.schedule(name, cron, {}, optionsOf(name));
    },
    async stop() {
      if (isStopped) return;
      // Waits for handlers running here (their jobs would otherwise fail and be retried), then for
      // pg-boss's own queries, so none reaches a database that is closing.
      await boss.stop({ graceful: true, timeout: stopTimeoutSeconds * 1000, close: false });
      isStopped = true;
      await Promise.allSettled([...inFlight]);
    },
  };
}

// The queues' backlog for the metrics, in one query on pg-boss's fetch index (job_i5: name and start_after
// of jobs not yet active), so its cost follows the backlog, not the day's finished jobs. A job scheduled
// for later waits from the moment it is due; every queue is listed, an empty one with zeros.
export async function findWaitingJobs(database: Pick<DatabaseHandle, 'runSql'>): Promise<WaitingJobs[]> {
  const { rows } = await database.runSql(
    `select name, count(*)::int as waiting, extract(epoch from now() - min(start_after))::float8 as oldest
       from pgboss.job where state < 'active' and start_after <= now() group by name`,
    [],
  );
  const byName = new Map(rows.map((row) => [String(row.name), row]));
  return jobNames.map((queue) => {
    const row = byName.get(queue);
    return { queue, waiting: Number(row?.waiting ?? 0), oldestWaitingSeconds: Math.max(Number(row?.oldest ?? 0), 0) };
  });
}

export interface FailedJob {
  id: string;
  name: string;
  failedAt: Date | null;
  retryCount: number;
  error: string;
}

// Jobs failed with no retry left, newest first, for the operator command (scripts/ops): still in pgboss.job
// for a day after failing (then pg-boss archives them, and a retry can no longer reach them).
export async function findFailedJobs(
  database: Pick<DatabaseHandle, 'runSql'>,
  { queue, limit, ids }: { queue?: string; limit: number; ids?: string[] },
): Promise<FailedJob[]> {
  const { rows } = await database.runSql(
    `select id::text as id, name, completed_on as failed_at, retry_count,
            coalesce(output->>'message', output::text, '') as error
       from pgboss.job
      where state = 'failed' and ($1::text is null or name = $1) and ($2::uuid[] is null or id = any($2::uuid[]))
      order by completed_on desc nulls last limit $3`,
    [queue ?? null, ids ?? null, limit],
  );
  return rows.map((row) => ({
    id: String(row.id),
    name: String(row.name),
    failedAt: row.failed_at ? new Date(String(row.failed_at)) : null,
    retryCount: Number(row.retry_count),
    error: String(row.error),
  }));
}

// Failed jobs of one queue put back to be retried, through pg-boss's own retry (it gives each one more
// retry); the workers of any running instance take them. Returns how many it put back.
export async function retryFailedJobs(
  database: Pick<DatabaseHandle, 'runSql'>,
  { name, ids }: { name: string; ids: string[] },
): Promise<number> {
  if (ids.length === 0) return 0;
  // Not started: retry is one statement through the given connection, no schedule, no maintenance.
  const boss = new PgBoss({ db: { executeSql: (text, values) => database.runSql(text, values) } });
  // Its types say void; pg-boss answers { affected } (manager.js mapCommandResponse).
  const result = (await boss.retry(name, ids)) as unknown as { affected?: number } | undefined;
  return result?.affected ?? 0;
}
