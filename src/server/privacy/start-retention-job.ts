import type { Database } from '../db/client';
import type { JobQueue } from '../platform/job-queue';
import { applyRetention } from './apply-retention';
import type { AccountDirectories } from './complete-erasure';

// Every day at 03:30 UTC, away from the invoice run (Sunday 02:00) and the overdue sweep (00:05).
export const APPLY_RETENTION_CRON = '30 3 * * *';

// The retention policy on the queue: once a day across all instances, retried on failure (idempotent).
export async function startRetentionJob({
  db,
  jobs,
  directories,
}: {
  db: Database;
  jobs: JobQueue;
  directories: AccountDirectories;
}): Promise<void> {
  await jobs.work('apply-retention', async () => {
    await applyRetention({ db, directories });
  });
  await jobs.schedule('apply-retention', APPLY_RETENTION_CRON);
}
