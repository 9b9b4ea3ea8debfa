import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  inet,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { oneTimeTokenPurposes, userStatuses } from '~/shared/auth';
import { oidcProviders } from '~/shared/oidc';
import { roles } from '~/shared/permissions';

export const userRole = pgEnum('user_role', roles);
export const userStatus = pgEnum('user_status', userStatuses);

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    // Stored lower-cased (users type emails in any case); unique.
    email: text().notNull(),
    name: text().notNull(),
    role: userRole().notNull(),
    status: userStatus().notNull().default('active'),
    // Null for accounts that only sign in through an identity provider.
    passwordHash: text(),
    emailVerifiedAt: timestamp({ withTimezone: true }),
    totpSecret: text(),
    // A secret shown during enrolment, kept until the first code confirms it.
    totpPendingSecret: text(),
    totpEnabledAt: timestamp({ withTimezone: true }),
    // The RFC 6238 time step of the last code accepted: a code works once, even within its window.
    totpLastTimeStep: integer(),
    // Demo accounts only (seeded outside production): skip the second factor whatever the setting says.
    twoFactorExempt: boolean().notNull().default(false),
    lastSignInAt: timestamp({ withTimezone: true }),
    // The IANA time zone the person chose in Settings (docs/decisions/022): meetings, their emails and
    // calendar files show their times in it. An applicant's lives in their profile instead (where
    // companies read it and Talent Search filters by it), so it is always null here for them.
    timeZone: text(),
    // When the person agreed to the Terms of Service and Privacy Policy: at registration, or at a sign-up
    // through an identity provider. Null for accounts made otherwise (staff, administrators, older accounts).
    termsAcceptedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Sign-in looks the stored (lower-cased) address up as it is; the second index keeps addresses
    // unique in any case, whatever wrote the row.
    uniqueIndex('users_email_unique').on(table.email),
    uniqueIndex('users_email_lower_unique').on(sql`lower(${table.email})`),
    // Users by role (and, within it, newest first: Applicant Management's order, and the admin
    // dashboard's counts of a role's sign-ups by creation time, index only).
    index('users_role_created_at_idx').on(table.role, table.createdAt),
    // Searches leave out the few suspended users by a short list of ids (talent search).
    index('users_inactive_idx').on(table.id).where(sql`${table.status} <> 'active'`),
    // Searching conversations by a person's name (ILIKE '%…%') finds the people through trigrams, once,
    // rather than reading the name of every conversation's person in turn.
    index('users_name_trgm_idx').using('gin', table.name.op('gin_trgm_ops')),
    // Applicant Management's search matches a name or an email (ILIKE '%…%'): with both in trigram indexes the
    // planner ORs two index scans instead of reading a million users (0.7 s a search).
    index('users_email_trgm_idx').using('gin', table.email.op('gin_trgm_ops')),
    // One place per person for their zone (docs/decisions/022).
    check('users_time_zone_not_applicant', sql`${table.role} <> 'applicant' or ${table.timeZone} is null`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // SHA-256 of the cookie's random token: a leaked table signs no one in.
    tokenHash: text().notNull(),
    ipAddress: inet(),
    userAgent: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('sessions_token_hash_unique').on(table.tokenHash),
    // "sign out of other sessions" and the sessions list filter by user.
    index('sessions_user_id_idx').on(table.userId),
  ],
);

export const oauthProvider = pgEnum('oauth_provider', oidcProviders);

export const oauthAccounts = pgTable(
  'oauth_accounts',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: oauthProvider().notNull(),
    // The provider's stable id for the person ("sub").
    subject: text().notNull(),
    email: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('oauth_accounts_provider_subject_unique').on(table.provider, table.subject),
    index('oauth_accounts_user_id_idx').on(table.userId),
  ],
);

export const oneTimeTokenPurpose = pgEnum('one_time_token_purpose', oneTimeTokenPurposes);

// Links sent by email: single use, expiring, stored hashed.
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: oneTimeTokenPurpose().notNull(),
    tokenHash: text().notNull(),
    // The address being confirmed (verification and email change).
    email: text(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('one_time_tokens_token_hash_unique').on(table.tokenHash),
    index('one_time_tokens_user_purpose_idx').on(table.userId, table.purpose),
  ],
);

export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('recovery_codes_user_id_idx').on(table.userId)],
);
