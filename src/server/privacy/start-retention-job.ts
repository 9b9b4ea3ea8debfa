import type { Database } from '../db/client';
import type { FileStore } from '../platform/file-store';
import type { JobQueue } from '../platform/job-queue';
import { applyRetention } from './apply-retention';

// Every day at 03:30 UTC, away from the invoice run (Sunday 02:00) and the overdue sweep (00:05).
export const APPLY_RETENTION_CRON = '30 3 * * *';

// The retention policy on the queue: once a day across all instances, retried on failure (idempotent).
export async function startRetentionJob({
  db,
  jobs,
  files,
}: {
  db: Database;
  jobs: JobQueue;
  files: FileStore;
}): Promise<void> {
  await jobs.work('apply-retention', async () => {
    await applyRetention({ db, files });
  });
  await jobs.schedule('apply-retention', APPLY_RETENTION_CRON);
}
