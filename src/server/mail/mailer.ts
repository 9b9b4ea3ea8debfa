import { eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { Database } from '../db/client';
import { emailOutbox } from '../db/schema';
import type { JobQueue } from '../platform/job-queue';
import type { RenderedEmail } from './templates/compose-email';

export interface Mailer {
  // Keeps the email in the outbox and queues its sending. Given a transaction, both happen in it: the
  // email goes out only if the transaction commits. The email is a rendered template (templates/): no
  // feature writes its own subject or wording. `replyTo` names the person a reader's answer reaches (a reply
  // an administrator wrote); without it answers go to the From address.
  send(to: string, email: RenderedEmail, options?: { transaction?: Database; replyTo?: string }): Promise<void>;
}

// A mailer whose every message joins the transaction, for helpers that send without taking one (the
// confirmation link of a registration).
export function mailerInTransaction(mailer: Mailer, transaction: Database): Mailer {
  return { send: (to, email, options) => mailer.send(to, email, { transaction, ...options }) };
}

// Every message is kept in the outbox, then sent by a send-email job (retried with backoff when the
// SMTP server fails), so a slow or absent mail server never holds up a request.
export function createMailer({ db, jobs }: { db: Database; jobs: Pick<JobQueue, 'send'> }): Mailer {
  return {
    async send(to, { subject, text, html }, { transaction, replyTo } = {}) {
      const [row] = await (transaction ?? db)
        .insert(emailOutbox)
        .values({ toAddress: to, subject, text, html, replyTo: replyTo ?? null })
        .returning({ id: emailOutbox.id });
      if (row) await jobs.send('send-email', { outboxId: row.id }, { transaction });
    },
  };
}

const SMTP_TIMEOUT_MS = 10_000;

// The send-email job. With SMTP_URL it sends the text and HTML parts through nodemailer and records sent_at (or the error,
// then throws so the job is retried); without, it writes the message to the log so a developer can
// follow its links (tests read the outbox). A row already sent is left alone: a job may run twice.
export function createOutboxSender({
  db,
  smtpUrl,
  from,
  logger,
}: {
  db: Database;
  smtpUrl?: string;
  from: string;
  logger: Pick<Logger, 'info' | 'error'>;
}): (job: { outboxId: string }) => Promise<void> {
  // A mail server that stops answering fails the message in seconds, not nodemailer's minutes: a
  // send-email job still running after 20 s is taken as lost and sent again (platform/pg-boss-queue.ts).
  const transport: Transporter | undefined = smtpUrl
    ? nodemailer.createTransport({
        url: smtpUrl,
        connectionTimeout: SMTP_TIMEOUT_MS,
        greetingTimeout: SMTP_TIMEOUT_MS,
        socketTimeout: SMTP_TIMEOUT_MS,
      })
    : undefined;
  return async ({ outboxId }) => {
    const [message] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, outboxId));
    if (!message || message.sentAt) return;
    if (!transport) {
      logger.info(
        { to: message.toAddress, subject: message.subject, text: message.text },
        'email kept in the outbox (no SMTP_URL)',
      );
      return;
    }
    try {
      await transport.sendMail({
        from,
        to: message.toAddress,
        subject: message.subject,
        text: message.text,
        // Rows queued before the HTML part existed go out as text alone.
        ...(message.html && { html: message.html }),
        ...(message.replyTo && { replyTo: message.replyTo }),
        // RFC 3834: mail sent by a program, so vacation responders and other robots do not answer it.
        headers: { 'Auto-Submitted': 'auto-generated' },
      });
    } catch (error) {
      logger.error({ err: error, to: message.toAddress }, 'sending email failed');
      await db
        .update(emailOutbox)
        .set({ error: String(error) })
        .where(eq(emailOutbox.id, outboxId));
      throw error;
    }
    await db.update(emailOutbox).set({ sentAt: new Date(), error: null }).where(eq(emailOutbox.id, outboxId));
  };
}
