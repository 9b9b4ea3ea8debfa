import { boolean, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { notificationType } from './applications';
import { users } from './auth';

// Which kinds of notification a person also wants by email. A missing row means the default (on).
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: notificationType().notNull(),
    email: boolean().notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.type] })],
);
