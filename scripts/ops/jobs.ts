// The job commands of `npm run ops` (scripts/ops.ts): the background jobs that failed with no retry left, and
// putting them back through pg-boss's own retry (platform/pg-boss-queue.ts).
import type { DatabaseHandle } from '../../src/server/db/client';
import {
  type FailedJob,
  findFailedJobs as findInQueue,
  retryFailedJobs,
} from '../../src/server/platform/pg-boss-queue';
import { OpsInputError } from './ops-input-error';

type Runner = Pick<DatabaseHandle, 'runSql'>;

const UNDEFINED_TABLE = '42P01';

// pg-boss makes its tables when a server first starts: before that there is no queue to read.
async function findFailedJobs(database: Runner, query: Parameters<typeof findInQueue>[1]): Promise<FailedJob[]> {
  try {
    return await findInQueue(database, query);
  } catch (error) {
    if ((error as { code?: string }).code !== UNDEFINED_TABLE) throw error;
    throw new OpsInputError('This database has no job queue yet: the server makes it when it first starts.');
  }
}

// An error message as long as a line of a terminal allows: the whole one is in the log and in pgboss.job.
const ERROR_LENGTH = 200;
const trimmed = (text: string) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > ERROR_LENGTH ? `${line.slice(0, ERROR_LENGTH - 1)}…` : line;
};

export async function listFailedJobs(
  database: Runner,
  { queue, limit = 20 }: { queue?: string; limit?: number } = {},
): Promise<FailedJob[]> {
  const jobs = await findFailedJobs(database, { queue, limit });
  return jobs.map((job) => ({ ...job, error: trimmed(job.error) }));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// One failed job by its id.
export async function retryJob(database: Runner, { id }: { id: string }): Promise<FailedJob> {
  if (!UUID.test(id)) throw new OpsInputError(`${id} is not a job id (a UUID, as \`ops jobs failed\` lists them).`);
  const [job] = await findFailedJobs(database, { ids: [id], limit: 1 });
  if (!job) {
    throw new OpsInputError(
      `No failed job has the id ${id}: it may have been retried already, or archived (a day after it failed).`,
    );
  }
  await retryFailedJobs(database, { name: job.name, ids: [job.id] });
  return job;
}

// Every failed job of one queue still in pgboss.job.
export async function retryQueue(database: Runner, { queue }: { queue: string }): Promise<number> {
  let retried = 0;
  // In pages: pg-boss retries a list of ids, and a queue may hold thousands after an outage.
  for (;;) {
    const jobs = await findFailedJobs(database, { queue, limit: 1000 });
    if (jobs.length === 0) return retried;
    const count = await retryFailedJobs(database, { name: queue, ids: jobs.map((job) => job.id) });
    retried += count;
    if (count === 0) return retried;
  }
}
