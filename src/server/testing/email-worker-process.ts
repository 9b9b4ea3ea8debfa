// A send-email worker in a process of its own, for the test that kills one with SIGKILL in the middle
// of a batch (mail/lost-email-worker.test.ts). Its database is DATABASE_URL, else the embedded one in
// DATA_DIR; its mail server SMTP_URL; its queue's timings JOB_TIMINGS (startPgBossQueue's options, JSON).
// It prints "sending <outbox id>" as it starts each message.
import { openDatabase } from '../db/client';
import { createOutboxSender } from '../mail/mailer';
import { startPgBossQueue } from '../platform/pg-boss-queue';

const quiet = { info: () => undefined, error: () => undefined, warn: () => undefined };
const database = await openDatabase(
  process.env.DATABASE_URL ? { url: process.env.DATABASE_URL, poolSize: 2 } : { dataDir: process.env.DATA_DIR },
);
const queue = await startPgBossQueue({ database, logger: quiet, ...JSON.parse(process.env.JOB_TIMINGS ?? '{}') });
const send = createOutboxSender({
  db: database.db,
  smtpUrl: process.env.SMTP_URL,
  from: 'Tandem <no-reply@test>',
  logger: quiet,
});
await queue.work('send-email', async (job) => {
  process.stdout.write(`sending ${job.outboxId}\n`);
  await send(job);
});
