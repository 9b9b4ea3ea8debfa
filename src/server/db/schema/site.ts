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
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // The inbox lists newest first, unhandled ones by default.
  (table) => [
    index('contact_messages_created_at_idx').on(table.createdAt),
    index('contact_messages_handled_at_idx').on(table.handledAt),
  ],
);
