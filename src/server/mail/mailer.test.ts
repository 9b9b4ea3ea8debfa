import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { emailOutbox } from '../db/schema';
import type { JobQueue } from '../platform/job-queue';
import { startPgBossQueue } from '../platform/pg-boss-queue';
import { listen, startSmtpServer } from '../testing/smtp-test-server';
import { createTestDatabase } from '../testing/test-database';
import { createMailer, createOutboxSender } from './mailer';
import { composeEmail, paragraph } from './templates/compose-email';

const quiet = { info: () => undefined, error: () => undefined, warn: () => undefined };

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 15_000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting for the outbox');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// Outgoing email on the queue: the outbox row first, then a send-email job that records sent_at, or the
// error and a retry with backoff; a job for a row already sent does nothing.
describe('the mailer', () => {
  let database: DatabaseHandle;
  let queue: JobQueue;
  const smtp = startSmtpServer(2);

  beforeAll(async () => {
    database = await createTestDatabase();
    const port = await listen(smtp.server);
    queue = await startPgBossQueue({ database, logger: quiet, pollingIntervalSeconds: 0.5, retryDelaySeconds: 1 });
    await queue.work(
      'send-email',
      createOutboxSender({
        db: database.db,
        smtpUrl: `smtp://127.0.0.1:${port}`,
        from: 'Tandem <no-reply@test>',
        logger: quiet,
      }),
    );
  });
  afterAll(async () => {
    await queue.stop();
    smtp.server.close();
    await database.close();
  });

  it('keeps the message, records the failures, retries with backoff and records the send', async () => {
    const mailer = createMailer({ db: database.db, jobs: queue });
    await mailer.send('ada@example.test', composeEmail({ subject: 'Welcome', blocks: [paragraph`Hello Ada`] }));
    const outbox = () => database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'ada@example.test'));

    await waitUntil(async () => (await outbox())[0]?.error?.includes('451') === true);
    await waitUntil(async () => (await outbox())[0]?.sentAt != null, 20_000);
    const [row] = await outbox();
    expect(row?.error).toBeNull();
    expect(row?.text).toBe('Hello Ada');
    expect(row?.html).toContain('<p style="margin:0 0 16px">Hello Ada</p>');
    expect(smtp.received.filter((line) => line === 'Hello Ada')).toHaveLength(3);
    // Each attempt carried both parts, marked as sent by a program (RFC 3834).
    expect(smtp.received.filter((line) => line === 'Auto-Submitted: auto-generated')).toHaveLength(3);
    expect(smtp.received.filter((line) => /^Content-Type: multipart\/alternative;/.test(line))).toHaveLength(3);
    expect(smtp.received.filter((line) => /^Content-Type: text\/plain; charset=utf-8/.test(line))).toHaveLength(3);
    expect(smtp.received.filter((line) => /^Content-Type: text\/html; charset=utf-8/.test(line))).toHaveLength(3);

    // Another job for the same row (a retry after a lost acknowledgement) sends nothing again.
    await queue.send('send-email', { outboxId: row?.id ?? '' });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(smtp.received.filter((line) => line === 'Hello Ada')).toHaveLength(3);
  }, 30_000);

  it('sends Reply-To when the email names who answers it', async () => {
    // A mail server of its own that refuses nothing, and the sender called directly: the queue's worker and
    // its retries belong to the test above.
    const direct = startSmtpServer(0);
    const port = await listen(direct.server);
    try {
      const mailer = createMailer({ db: database.db, jobs: { send: async () => undefined } });
      const email = composeEmail({ subject: 'Re: Pricing', blocks: [paragraph`Happy to help.`] });
      await mailer.send('lee@example.test', email, { replyTo: 'ada@tandem.test' });
      const [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'lee@example.test'));
      expect(row?.replyTo).toBe('ada@tandem.test');
      const sender = createOutboxSender({
        db: database.db,
        smtpUrl: `smtp://127.0.0.1:${port}`,
        from: 'Tandem <no-reply@test>',
        logger: quiet,
      });
      await sender({ outboxId: row?.id ?? '' });
      expect(direct.received).toContain('Reply-To: ada@tandem.test');
      expect(direct.received).toContain('From: Tandem <no-reply@test>');
    } finally {
      direct.server.close();
    }
  });

  it('queues nothing when the caller’s transaction rolls back', async () => {
    const mailer = createMailer({ db: database.db, jobs: queue });
    await database.db
      .transaction(async (tx) => {
        await mailer.send('bob@example.test', composeEmail({ subject: 'Never', blocks: [paragraph`Never sent`] }), {
          transaction: tx,
        });
        tx.rollback();
      })
      .catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'bob@example.test'))).toEqual(
      [],
    );
    expect(smtp.received).not.toContain('Never sent');
  });
});
