import { index, inet, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { contactSources } from '~/shared/contact';
import { users } from './auth';

// Which public form a message came from: the home page's or the Contact page's.
export const contactSource = pgEnum('contact_source', contactSources);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    email: text().notNull(),
    company: text(),
    subject: text(),
    message: text().notNull(),
    source: contactSource().notNull(),
    ipAddress: inet(),
    userAgent: text(),
    handledAt: timestamp({ withTimezone: true }),
    handledById: uuid().references(() => users.id, { onDelete: 'set null' }),
    // The administrator who answers it; nobody until one is chosen.
    assignedToId: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // The inbox lists newest first, unhandled ones by default; "Assigned to me" filters by assignee.
  (table) => [
    index('contact_messages_created_at_idx').on(table.createdAt),
    index('contact_messages_handled_at_idx').on(table.handledAt),
    index('contact_messages_assigned_to_id_idx').on(table.assignedToId),
  ],
);

// The answers administrators sent from the inbox, each one emailed to the sender (the email itself is
// in email_outbox; this keeps what was written, by whom and when, for the message's history).
export const contactMessageReplies = pgTable(
  'contact_message_replies',
  {
    id: uuid().primaryKey().defaultRandom(),
    contactMessageId: uuid()
      .notNull()
      .references(() => contactMessages.id, { onDelete: 'cascade' }),
    body: text().notNull(),
    sentById: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // A message's replies, oldest first, in its detail.
  (table) => [index('contact_message_replies_message_idx').on(table.contactMessageId, table.createdAt)],
);
