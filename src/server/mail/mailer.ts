import { eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { Database } from '../db/client';
import { emailOutbox } from '../db/schema';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: EmailMessage): Promise<void>;
}

// Every message is kept in the outbox. With SMTP_URL it is then sent through nodemailer; without,
// it is written to the log so a developer can follow its links (and tests read the outbox).
export function createMailer({
  db,
  smtpUrl,
  from,
  logger,
}: {
  db: Database;
  smtpUrl?: string;
  from: string;
  logger: Pick<Logger, 'info' | 'error'>;
}): Mailer {
  const transport: Transporter | undefined = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;
  return {
    async send(message) {
      const [row] = await db
        .insert(emailOutbox)
        .values({ toAddress: message.to, subject: message.subject, text: message.text })
        .returning({ id: emailOutbox.id });
      if (!row) return;
      if (!transport) {
        logger.info(
          { to: message.to, subject: message.subject, text: message.text },
          'email kept in the outbox (no SMTP_URL)',
        );
        return;
      }
      try {
        await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
        await db.update(emailOutbox).set({ sentAt: new Date() }).where(eq(emailOutbox.id, row.id));
      } catch (error) {
        logger.error({ err: error, to: message.to }, 'sending email failed');
        await db
          .update(emailOutbox)
          .set({ error: String(error) })
          .where(eq(emailOutbox.id, row.id));
      }
    },
  };
}
