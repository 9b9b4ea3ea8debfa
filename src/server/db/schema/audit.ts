import { index, inet, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

// Append only: a trigger in the migration refuses UPDATE and DELETE.
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: uuid().primaryKey().defaultRandom(),
    // Null when nobody is signed in (a failed sign-in, say); the address tried is in details. Users are
    // never deleted (anonymised instead), so the reference holds.
    actorId: uuid().references(() => users.id, { onDelete: 'restrict' }),
    // The actor's address when the row was written, filled by a trigger: the trail reads the same after
    // the account changes its address or is anonymised.
    actorEmail: text(),
    action: text().notNull(),
    targetType: text(),
    targetId: text(),
    details: jsonb().notNull().default({}),
    ipAddress: inet(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The audit log screen lists newest first and filters by actor.
    index('audit_logs_created_at_idx').on(table.createdAt),
    index('audit_logs_actor_id_idx').on(table.actorId),
  ],
);
