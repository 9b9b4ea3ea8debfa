import { sql } from 'drizzle-orm';
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
    // The company the actor was a member of when the row was written, filled by a trigger (migration
    // 0039): the company's log (its settings) keeps a member's rows after they leave. No foreign key: the
    // log is append-only, and outlives a deleted company.
    companyId: uuid(),
    action: text().notNull(),
    targetType: text(),
    targetId: text(),
    details: jsonb().notNull().default({}),
    ipAddress: inet(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // The Audit Logs screen reads newest first in keyset pages over millions of rows (audit/find-audit-logs.ts):
  // every filter it offers walks one of these btree indexes in (created_at, id) order.
  (table) => [
    index('audit_logs_created_at_id_idx').on(table.createdAt, table.id),
    // Action type "system": the few rows nobody signed in wrote.
    index('audit_logs_system_created_at_idx').on(table.createdAt, table.id).where(sql`${table.actorId} is null`),
    // An actor's rows, and the foreign key.
    index('audit_logs_actor_id_created_at_idx').on(table.actorId, table.createdAt, table.id),
    // A company's rows in its settings.
    index('audit_logs_company_id_created_at_idx').on(table.companyId, table.createdAt, table.id),
    // Search: the actions whose words match, an exact email, an exact target id or type.
    index('audit_logs_action_created_at_idx').on(table.action, table.createdAt, table.id),
    index('audit_logs_actor_email_created_at_idx').on(sql`lower(${table.actorEmail})`, table.createdAt, table.id),
    index('audit_logs_target_id_created_at_idx').on(table.targetId, table.createdAt, table.id),
    index('audit_logs_target_type_created_at_idx').on(table.targetType, table.createdAt, table.id),
  ],
);
