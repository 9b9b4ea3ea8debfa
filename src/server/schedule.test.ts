import { describe, expect, it } from 'vitest';
import type { AppContext } from './app-context';
import { loadConfig } from './config';
import type { JobName, JobQueue } from './platform/job-queue';
import { jobNames } from './platform/pg-boss-queue';
import { registerJobs, scheduleOf } from './schedule';

const silent = { info() {}, warn() {}, error() {} } as unknown as Parameters<typeof scheduleOf>[0]['logger'];
// Building the schedule calls no handler: the context's services are never touched here.
const context = {
  db: {},
  config: loadConfig({ NODE_ENV: 'test' }),
  mailer: {},
  files: {},
  jobs: {},
  taxIds: {},
  secret: 'schedule-test-secret',
} as unknown as Pick<AppContext, 'db' | 'config' | 'mailer' | 'files' | 'jobs' | 'taxIds' | 'secret'>;

function recordingQueue() {
  const worked: JobName[] = [];
  const scheduled: Array<{ name: JobName; cron: string }> = [];
  const jobs: Pick<JobQueue, 'work' | 'schedule'> = {
    work: async (name) => {
      worked.push(name);
    },
    schedule: async (name, cron) => {
      scheduled.push({ name, cron });
    },
  };
  return { jobs, worked, scheduled };
}

describe('the schedule', () => {
  it('has a worker for every job the queue knows, and nothing else', async () => {
    const { jobs, worked } = recordingQueue();
    await registerJobs(jobs, scheduleOf({ context, logger: silent }));
    expect([...worked].sort()).toEqual([...jobNames].sort());
  });

  // The figures of decisions 012–018; a change here is a change of when things run, for review to see.
  it('runs the periodic jobs on their crons (UTC), once per tick across the instances', async () => {
    const { jobs, scheduled } = recordingQueue();
    await registerJobs(jobs, scheduleOf({ context, logger: silent }));
    expect(Object.fromEntries(scheduled.map(({ name, cron }) => [name, cron]))).toEqual({
      'message-digest': '*/5 * * * *',
      'issue-invoices': '0 2 * * 0',
      'mark-overdue-invoices': '5 0 * * *',
      'auto-pay-invoices': '0 6 * * *',
      'apply-retention': '30 3 * * *',
      'sweep-stored-files': '17 * * * *',
      'start-due-assignments': '2 * * * *',
      'reveal-due-reviews': '7 * * * *',
      'send-job-alerts': '40 * * * *',
      'close-expired-jobs': '15 0 * * *',
      'approve-due-milestones': '23 * * * *',
      'make-earnings-available': '47 * * * *',
      'prepare-payout-run': '0 6 * * 1',
      'fetch-fx-rates': '30 16 * * *',
      'remind-expiring-tax-forms': '10 9 * * *',
      'remind-expiring-agreements': '20 9 * * *',
      'calendar.refresh-due-connections': '*/5 * * * *',
    });
    expect(scheduled).toHaveLength(17);
  });
});
