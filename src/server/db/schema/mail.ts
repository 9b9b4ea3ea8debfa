import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// A file an email carries, as the outbox keeps it until it is sent.
export interface EmailAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
}

// Every email the platform sends. Without SMTP_URL it stays here (and in the log) for developers and tests.
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid().primaryKey().defaultRandom(),
    toAddress: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    // The HTML part, kept as it was sent, as the text is (mail/templates/). Null on rows from before it.
    html: text(),
    // Where the reader's answer goes (Reply-To): the administrator who wrote a reply from the contact
    // inbox. Null for the platform's own emails, whose From address takes no answers.
    replyTo: text(),
    // A calendar invitation (iTIP, RFC 5546: an iCalendar with METHOD:REQUEST or CANCEL) sent with the
    // email as RFC 6047 says, so the reader's calendar adds, moves or removes the event. Null: none.
    calendar: text(),
    // The one-click unsubscribe address of a bulk email (a job alert), sent as List-Unsubscribe with
    // List-Unsubscribe-Post (RFC 8058). Null: the email is not one a person subscribes to.
    listUnsubscribeUrl: text(),
    // Files sent with the email (an invoice's e-invoice, issue 56), their content base64. Null: none.
    attachments: jsonb().$type<EmailAttachment[]>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
    error: text(),
  },
  // Tests and support look mail up by recipient.
  (table) => [index('email_outbox_to_address_idx').on(table.toAddress)],
);
