import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companySizes } from '~/shared/companies';
import { companyRoles } from '~/shared/permissions';
import { userStatus, users } from './auth';

export const companySize = pgEnum('company_size', companySizes);

export const companies = pgTable(
  'companies',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    contactEmail: text().notNull(),
    website: text(),
    // The public profile beside each of its jobs on the job board (/jobs/:id): what the company does, how
    // many people work there (companySizes) and where it is based. Empty until the company writes them.
    about: text().notNull().default(''),
    size: companySize(),
    location: text().notNull().default(''),
    status: userStatus().notNull().default('active'),
    accountManagerId: uuid().references(() => users.id, { onDelete: 'set null' }),
    // An admin's Delete: the company is suspended and hidden from every list, its records kept
    // (invoices for 7 years).
    deletedAt: timestamp({ withTimezone: true }),
    // The stars talent gave the company after work (tenths), and how many: revealed, not hidden reviews
    // only (reviews/recompute-ratings.ts).
    ratingTenths: smallint(),
    reviewCount: integer().notNull().default(0),
    // What the company is billed in (billingCurrencies): its jobs, offers, rates, timesheets, invoices,
    // payments and escrow. Fixed once it has posted a job, so every amount of a company is in this one
    // currency; issued documents copy it (decision 051).
    billingCurrency: text().notNull().default('USD'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // The admin's company list filters by account manager.
  (table) => [
    index('companies_account_manager_id_idx').on(table.accountManagerId),
    // A manager's companies (not deleted) from the index alone: Account Manager Management sums each
    // manager's ~500 companies' figures on every page.
    index('companies_managed_idx').on(table.accountManagerId, table.id).where(sql`${table.deletedAt} is null`),
    // The job board leaves out the jobs of the few companies that are not active (job-visibility.ts).
    index('companies_inactive_idx').on(table.id).where(sql`${table.status} <> 'active'`),
    // Company Management lists the companies not deleted, newest first, by status.
    index('companies_admin_list_idx').on(table.status, table.createdAt).where(sql`${table.deletedAt} is null`),
    // Its search box finds any part of a name or contact address (ILIKE '%…%') through trigrams.
    // Lists across companies (Job Management) leave out the few deleted ones by a hashed NOT IN.
    index('companies_deleted_idx').on(table.id).where(sql`${table.deletedAt} is not null`),
    index('companies_name_trgm_idx').using('gin', table.name.op('gin_trgm_ops')),
    index('companies_contact_email_trgm_idx').using('gin', table.contactEmail.op('gin_trgm_ops')),
    check('companies_rating_range', sql`${table.ratingTenths} between 10 and 50`),
  ],
);

// How many companies (not deleted) have each status, kept by a trigger on companies (migration 0027):
// Company Management's total without a search is read here instead of counted over every company.
export const companyStatusCounts = pgTable('company_status_counts', {
  status: userStatus().primaryKey(),
  total: bigint({ mode: 'number' }).notNull().default(0),
});

// A member's role in their company (shared/permissions.ts holds what each may do).
export const companyMemberRole = pgEnum('company_member_role', companyRoles);

export const companyMembers = pgTable(
  'company_members',
  {
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: companyMemberRole().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.userId] }),
    // One company per person (docs/decisions/032); every signed-in company request looks it up by user.
    uniqueIndex('company_members_user_id_unique').on(table.userId),
    // Settings → Team lists a company's members by role.
    index('company_members_company_role_idx').on(table.companyId, table.role),
  ],
);

// An invitation to join a company's team (Settings → Team): single-use, for one address, for 7 days.
export const companyInvitations = pgTable(
  'company_invitations',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    // Lowercase; only an account whose verified address is this one accepts.
    email: text().notNull(),
    role: companyMemberRole().notNull(),
    // The link's secret, hashed as every token is; resending replaces it.
    tokenHash: text().notNull(),
    invitedById: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    acceptedAt: timestamp({ withTimezone: true }),
    acceptedById: uuid().references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('company_invitations_token_hash_unique').on(table.tokenHash),
    // One open invitation per address and company: inviting again resends it.
    uniqueIndex('company_invitations_open_email_unique')
      .on(table.companyId, table.email)
      .where(sql`${table.acceptedAt} is null and ${table.revokedAt} is null`),
    index('company_invitations_company_created_idx').on(table.companyId, table.createdAt),
    index('company_invitations_invited_by_idx').on(table.invitedById),
    index('company_invitations_accepted_by_idx').on(table.acceptedById),
  ],
);
