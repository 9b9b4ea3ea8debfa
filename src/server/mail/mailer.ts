import { eq } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { Database } from '../db/client';
import { type EmailAttachment, emailOutbox } from '../db/schema';
import type { JobQueue } from '../platform/job-queue';
import type { RenderedEmail } from './templates/compose-email';

export interface Mailer {
  // Keeps the email in the outbox and queues its sending. Given a transaction, both happen in it: the
  // email goes out only if the transaction commits. The email is a rendered template (templates/): no
  // feature writes its own subject or wording. `replyTo` names the person a reader's answer reaches (a reply
  // an administrator wrote); without it answers go to the From address. `calendar` is an iTIP invitation
  // (an iCalendar with METHOD, meetings/build-meeting-calendar.ts) that goes with the email.
  send(to: string, email: RenderedEmail, options?: SendOptions): Promise<void>;
}

interface SendOptions {
  transaction?: Database;
  replyTo?: string;
  calendar?: string;
  attachments?: EmailAttachment[];
}

// The iTIP method an invitation states in its own METHOD line: the MIME part must say the same.
export function calendarMethodOf(calendar: string): string {
  const method = /^METHOD:([A-Z-]+)\r?$/m.exec(calendar)?.[1];
  if (!method) throw new Error('A calendar sent with an email must state its METHOD (RFC 5546).');
  return method;
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
    async send(to, { subject, text, html, listUnsubscribeUrl }, { transaction, replyTo, calendar, attachments } = {}) {
      if (calendar) calendarMethodOf(calendar);
      const [row] = await (transaction ?? db)
        .insert(emailOutbox)
        .values({
          toAddress: to,
          subject,
          text,
          html,
          replyTo: replyTo ?? null,
          calendar: calendar ?? null,
          listUnsubscribeUrl: listUnsubscribeUrl ?? null,
          attachments: attachments && attachments.length > 0 ? attachments : null,
        })
        .returning({ id: emailOutbox.id });
      if (row) await jobs.send('send-email', { outboxId: row.id }, { transaction });
    },
  };
}

const SMTP_TIMEOUT_MS = 10_000;

// Loaded with the first message sent through SMTP: most processes (tests, development) send none.
let nodemailerModule: Promise<typeof import('nodemailer')> | undefined;
function loadNodemailer() {
  nodemailerModule ??= import('nodemailer');
  return nodemailerModule;
}

// The send-email job. With SMTP_URL it sends the text and HTML parts (and a calendar invitation) through
// nodemailer and records sent_at (or the error, then throws so the job is retried); without, it writes the
// message to the log so a developer can follow its links (tests read the outbox). A row already sent is left alone: a job may run twice.
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
  let transport: Promise<Transporter> | undefined;
  const transportTo = (url: string) => {
    // A mail server that stops answering fails the message in seconds, not nodemailer's minutes: a
    // send-email job still running after 20 s is taken as lost and sent again (platform/pg-boss-queue.ts).
    transport ??= loadNodemailer().then(({ createTransport }) =>
      createTransport({
        url,
        connectionTimeout: SMTP_TIMEOUT_MS,
        greetingTimeout: SMTP_TIMEOUT_MS,
        socketTimeout: SMTP_TIMEOUT_MS,
      }),
    );
    return transport;
  };
  return async ({ outboxId }) => {
    const [message] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, outboxId));
    if (!message || message.sentAt) return;
    if (!smtpUrl) {
      logger.info(
        { to: message.toAddress, subject: message.subject, text: message.text },
        'email kept in the outbox (no SMTP_URL)',
      );
      return;
    }
    const smtp = await transportTo(smtpUrl);
    try {
      await smtp.sendMail({
        from,
        to: message.toAddress,
        subject: message.subject,
        text: message.text,
        // Rows queued before the HTML part existed go out as text alone.
        ...(message.html && { html: message.html }),
        ...(message.replyTo && { replyTo: message.replyTo }),
        // RFC 6047: the invitation as a text/calendar alternative with its method, which calendar-aware
        // clients (Gmail, Outlook, Apple Mail) act on, and as an invite.ics attachment for the others.
        ...(message.calendar && {
          icalEvent: { method: calendarMethodOf(message.calendar), filename: 'invite.ics', content: message.calendar },
        }),
        // RFC 3834: mail sent by a program, so vacation responders and other robots do not answer it.
        // RFC 8058: an email one subscribed to names the address a mail provider's Unsubscribe button posts
        // to (List-Unsubscribe, written <…> by nodemailer's list option) and says that one POST is enough.
        ...(message.listUnsubscribeUrl && { list: { unsubscribe: message.listUnsubscribeUrl } }),
        ...(message.attachments && {
          attachments: message.attachments.map((file) => ({
            filename: file.filename,
            contentType: file.contentType,
            content: Buffer.from(file.contentBase64, 'base64'),
          })),
        }),
        headers: {
          'Auto-Submitted': 'auto-generated',
          ...(message.listUnsubscribeUrl && { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }),
        },
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
