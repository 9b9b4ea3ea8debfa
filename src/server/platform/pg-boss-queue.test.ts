import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { createTestDatabase } from '../testing/test-database';
import type { JobQueue } from './job-queue';
import { startPgBossQueue } from './pg-boss-queue';

const quiet = { error: () => undefined, warn: () => undefined };

async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs = 15_000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting for the job queue');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// The queue on pg-boss: real workers on PGlite and on PostgreSQL; jobs done once even
// with two instances, retried with backoff, named by a key, and bound to the sender's transaction.
describe('the pg-boss job queue', () => {
  let database: DatabaseHandle & { url?: string };
  // The second instance: its own connection pool on PostgreSQL, the same handle on PGlite.
  let otherDatabase: DatabaseHandle;
  const queues: JobQueue[] = [];

  async function startQueue(on: DatabaseHandle = database) {
    const queue = await startPgBossQueue({
      database: on,
      logger: quiet,
      pollingIntervalSeconds: 0.5,
      retryDelaySeconds: 1,
    });
    queues.push(queue);
    return queue;
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    otherDatabase = database.url ? await openDatabase({ url: database.url, poolSize: 4 }) : database;
  });
  afterAll(async () => {
    for (const queue of queues) await queue.stop();
    if (otherDatabase !== database) await otherDatabase.close();
    await database.close();
  });

  it('creates its schema beside our migrations and runs a job sent to it', async () => {
    const queue = await startQueue();
    const done: string[] = [];
    await queue.work('send-email', async ({ outboxId }) => {
      done.push(outboxId);
    });
    await queue.send('send-email', { outboxId: 'first' });
    await waitUntil(() => done.includes('first'));
    const tables = (await database.db.execute(
      sql`select count(*)::int as "count" from information_schema.tables where table_schema = 'pgboss'`,
    )) as unknown as { rows: Array<{ count: number }> };
    expect(tables.rows[0]?.count).toBeGreaterThan(0);
    await queue.stop();
  });

  it('does each job once with two instances working the same queue', async () => {
    const first = await startQueue();
    const second = await startQueue(otherDatabase);
    const runs = new Map<string, number>();
    const handler = async ({ notificationId }: { notificationId: string }) => {
      runs.set(notificationId, (runs.get(notificationId) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 5));
    };
    await first.work('notification-email', handler);
    await second.work('notification-email', handler);
    const ids = Array.from({ length: 40 }, (_, index) => `n${index}`);
    await Promise.all(
      ids.map((id, index) => (index % 2 ? first : second).send('notification-email', { notificationId: id })),
    );
    await waitUntil(() => runs.size === ids.length);
    // A late duplicate would show up after the last job; give the pollers a turn.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    await first.stop();
    await second.stop();
  });

  it('keeps one job per key, sent twice or by two instances', async () => {
    const first = await startQueue();
    const second = await startQueue(otherDatabase);
    const later = new Date(Date.now() + 60_000);
    const reminder = { meetingId: 'm1', sequence: 1, lead: '15m' } as const;
    await first.send('meeting-reminder', reminder, { singletonKey: 'm1:1:15m', startAfter: later });
    await second.send('meeting-reminder', reminder, { singletonKey: 'm1:1:15m', startAfter: later });
    await first.send('meeting-reminder', { ...reminder, sequence: 2 }, { singletonKey: 'm1:2:15m', startAfter: later });
    const waiting = (await database.db.execute(
      sql`select count(*)::int as "count" from pgboss.job where name = 'meeting-reminder' and state = 'created'`,
    )) as unknown as { rows: Array<{ count: number }> };
    expect(waiting.rows[0]?.count).toBe(2);
    await first.stop();
    await second.stop();
  });

  it('sends a job in a transaction only when it commits', async () => {
    const queue = await startQueue();
    const done: string[] = [];
    await queue.work('send-email', async ({ outboxId }) => {
      done.push(outboxId);
    });
    await database.db
      .transaction(async (tx) => {
        await queue.send('send-email', { outboxId: 'rolled-back' }, { transaction: tx });
        tx.rollback();
      })
      .catch(() => undefined);
    await database.db.transaction(async (tx) => {
      await queue.send('send-email', { outboxId: 'committed' }, { transaction: tx });
    });
    await waitUntil(() => done.includes('committed'));
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(done).toEqual(['committed']);
    await queue.stop();
  });

  it('retries a failing job with backoff until it succeeds', async () => {
    const queue = await startQueue();
    const attempts: number[] = [];
    await queue.work('message-digest', async () => {
      attempts.push(Date.now());
      if (attempts.length < 3) throw new Error('the mail server is away');
    });
    await queue.send('message-digest', {});
    await waitUntil(() => attempts.length === 3, 20_000);
    const [first = 0, second = 0, third = 0] = attempts;
    // One second, then about two: each wait longer than the one before.
    expect(second - first).toBeGreaterThanOrEqual(900);
    expect(third - second).toBeGreaterThan(second - first);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(attempts).toHaveLength(3);
    await queue.stop();
  }, 30_000);

  it('tells a failure that will be retried from one with no retry left', async () => {
    const failures: Array<[string, boolean]> = [];
    const queue = await startPgBossQueue({
      database,
      logger: quiet,
      pollingIntervalSeconds: 0.5,
      retryDelaySeconds: 1,
      retryLimit: 1,
      onJobFailed: (name, isFinal) => failures.push([name, isFinal]),
    });
    queues.push(queue);
    await queue.work('mark-overdue-invoices', async () => {
      throw new Error('the database is read-only');
    });
    await queue.send('mark-overdue-invoices', {});
    await waitUntil(() => failures.length === 2, 20_000);
    expect(failures).toEqual([
      ['mark-overdue-invoices', false],
      ['mark-overdue-invoices', true],
    ]);
    await waitUntil(async () => {
      const jobs = (await database.db.execute(
        sql`select state from pgboss.job where name = 'mark-overdue-invoices'`,
      )) as unknown as { rows: Array<{ state: string }> };
      return jobs.rows.map((job) => job.state).join() === 'failed';
    });
    await queue.stop();
  }, 30_000);

  it('lets a handler outlive stop() without an error, leaving its job to be retried', async () => {
    const queue = await startPgBossQueue({
      database,
      logger: quiet,
      pollingIntervalSeconds: 0.5,
      stopTimeoutSeconds: 1,
    });
    const unhandled: unknown[] = [];
    const recordUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', recordUnhandled);
    try {
      let release = () => {};
      let started = false;
      await queue.work('send-email', async () => {
        started = true;
        await new Promise<void>((resolve) => {
          release = resolve;
        });
      });
      await queue.send('send-email', { outboxId: 'outlives-stop' });
      await waitUntil(() => started);
      await queue.stop();
      // pg-boss now completes the job on a stopped queue: the moment that once rejected unhandled.
      release();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(unhandled).toEqual([]);
      const jobs = (await database.db.execute(
        sql`select state from pgboss.job where name = 'send-email' and data->>'outboxId' = 'outlives-stop'`,
      )) as unknown as { rows: Array<{ state: string }> };
      expect(jobs.rows.map((job) => job.state)).toEqual(['retry']);
    } finally {
      process.off('unhandledRejection', recordUnhandled);
    }
  });

  it('keeps a cron schedule in the database, shared by every instance', async () => {
    const queue = await startQueue();
    await queue.schedule('message-digest', '*/15 * * * *');
    await queue.schedule('message-digest', '*/15 * * * *');
    const schedules = (await database.db.execute(sql`select name, cron from pgboss.schedule`)) as unknown as {
      rows: Array<{ name: string; cron: string }>;
    };
    expect(schedules.rows).toEqual([{ name: 'message-digest', cron: '*/15 * * * *' }]);
    await queue.stop();
  });
});
