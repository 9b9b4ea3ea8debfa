import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// The admin's System Settings (docs/spec/admin-billing-and-content.md §9), one row per setting.
// Reference data: the defaults are inserted by a migration.
export const platformSettings = pgTable('platform_settings', {
  key: text().primaryKey(),
  value: jsonb().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
