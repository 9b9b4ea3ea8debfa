import type { Database } from '../db/client';
import type { JobQueue } from '../platform/job-queue';
import { issueInvoices } from './issue-invoices';
import { markOverdueInvoices } from './mark-overdue-invoices';

// Sunday 02:00 UTC: the week that ended at Saturday midnight, once its late approvals are in.
export const ISSUE_INVOICES_CRON = '0 2 * * 0';
// Every day just after midnight UTC: what fell due yesterday and is not paid is overdue today.
export const MARK_OVERDUE_INVOICES_CRON = '5 0 * * *';

// The invoice run and the overdue sweep on the queue: once a tick across all instances, retried on
// failure (both are idempotent).
export async function startBillingJobs({ db, jobs }: { db: Database; jobs: JobQueue }): Promise<void> {
  await jobs.work('issue-invoices', async ({ periodStart }) => {
    await issueInvoices({ db, periodStart });
  });
  await jobs.work('mark-overdue-invoices', async () => {
    await markOverdueInvoices({ db });
  });
  await jobs.schedule('issue-invoices', ISSUE_INVOICES_CRON);
  await jobs.schedule('mark-overdue-invoices', MARK_OVERDUE_INVOICES_CRON);
}
