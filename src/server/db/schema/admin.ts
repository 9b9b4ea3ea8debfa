import { sql } from 'drizzle-orm';
import { date, index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  abuseReportStatuses,
  abuseReportTargets,
  accountManagerStatuses,
  privacyRequestKinds,
  privacyRequestStatuses,
} from '~/shared/admin';
import { users } from './auth';

export const abuseReportTarget = pgEnum('abuse_report_target', abuseReportTargets);
export const abuseReportStatus = pgEnum('abuse_report_status', abuseReportStatuses);

// A user's report of a profile, job or message; the admin dashboard counts the open ones.
export const abuseReports = pgTable(
  'abuse_reports',
  {
    id: uuid().primaryKey().defaultRandom(),
    reporterId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    targetType: abuseReportTarget().notNull(),
    targetId: uuid().notNull(),
    reason: text().notNull(),
    status: abuseReportStatus().notNull().default('open'),
    resolvedById: uuid().references(() => users.id, { onDelete: 'restrict' }),
    resolvedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('abuse_reports_open_idx').on(table.createdAt).where(sql`${table.status} = 'open'`),
    // One open report per person and thing: a second click does not count twice.
    uniqueIndex('abuse_reports_one_open_per_reporter')
      .on(table.reporterId, table.targetType, table.targetId)
      .where(sql`${table.status} = 'open'`),
  ],
);

export const accountManagerStatus = pgEnum('account_manager_status', accountManagerStatuses);

// What Account Manager Management shows beyond the user row
// (docs/spec/admin-billing-and-content.md §3 "Account manager").
export const accountManagerProfiles = pgTable('account_manager_profiles', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  status: accountManagerStatus().notNull().default('active'),
  specialties: text().array().notNull().default(sql`'{}'::text[]`),
  bio: text().notNull().default(''),
  joinDate: date({ mode: 'string' }).notNull().default(sql`current_date`),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

// Personal API tokens (System Settings → API access): shown once, stored hashed, revocable.
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    // SHA-256 of the token; the first characters are kept to tell tokens apart in the list.
    tokenHash: text().notNull(),
    tokenPrefix: text().notNull(),
    lastUsedAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('api_tokens_token_hash_unique').on(table.tokenHash),
    index('api_tokens_user_id_idx').on(table.userId),
  ],
);

export const privacyRequestKind = pgEnum('privacy_request_kind', privacyRequestKinds);
export const privacyRequestStatus = pgEnum('privacy_request_status', privacyRequestStatuses);

// GDPR requests: answered within one month (due_at), the admin sees the pending ones first.
export const privacyRequests = pgTable(
  'privacy_requests',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    kind: privacyRequestKind().notNull(),
    status: privacyRequestStatus().notNull().default('pending'),
    reason: text(),
    dueAt: timestamp({ withTimezone: true }).notNull(),
    processedById: uuid().references(() => users.id, { onDelete: 'restrict' }),
    processedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('privacy_requests_pending_idx').on(table.dueAt).where(sql`${table.status} = 'pending'`),
    index('privacy_requests_user_id_idx').on(table.userId),
    // The administrators' queue in its order (find-privacy-requests.ts): pending by due date, then processed.
    index('privacy_requests_queue_idx').on(
      sql`(${table.status} = 'pending') desc`,
      sql`(case when ${table.status} = 'pending' then ${table.dueAt} end)`,
      table.processedAt.desc().nullsFirst(),
      table.id,
    ),
    uniqueIndex('privacy_requests_one_pending_per_kind')
      .on(table.userId, table.kind)
      .where(sql`${table.status} = 'pending'`),
  ],
);
