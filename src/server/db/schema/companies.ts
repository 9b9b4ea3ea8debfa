import { sql } from 'drizzle-orm';
import { bigint, index, pgEnum, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companyMemberRoles } from '~/shared/companies';
import { userStatus, users } from './auth';

export const companies = pgTable(
  'companies',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    contactEmail: text().notNull(),
    website: text(),
    status: userStatus().notNull().default('active'),
    accountManagerId: uuid().references(() => users.id, { onDelete: 'set null' }),
    // An admin's Delete: the company is suspended and hidden from every list, its records kept
    // (invoices for 7 years).
    deletedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // The admin's company list filters by account manager.
  (table) => [
    index('companies_account_manager_id_idx').on(table.accountManagerId),
    // The job board leaves out the jobs of the few companies that are not active (job-visibility.ts).
    index('companies_inactive_idx').on(table.id).where(sql`${table.status} <> 'active'`),
    // Company Management lists the companies not deleted, newest first, by status.
    index('companies_admin_list_idx').on(table.status, table.createdAt).where(sql`${table.deletedAt} is null`),
    // Its search box finds any part of a name or contact address (ILIKE '%…%') through trigrams.
    index('companies_name_trgm_idx').using('gin', table.name.op('gin_trgm_ops')),
    index('companies_contact_email_trgm_idx').using('gin', table.contactEmail.op('gin_trgm_ops')),
  ],
);

// How many companies (not deleted) have each status, kept by a trigger on companies (migration 0027):
// Company Management's total without a search is read here instead of counted over every company.
export const companyStatusCounts = pgTable('company_status_counts', {
  status: userStatus().primaryKey(),
  total: bigint({ mode: 'number' }).notNull().default(0),
});

export const companyMemberRole = pgEnum('company_member_role', companyMemberRoles);

export const companyMembers = pgTable(
  'company_members',
  {
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: companyMemberRole().notNull().default('member'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.userId] }),
    // Every signed-in company request looks its company up by user.
    index('company_members_user_id_idx').on(table.userId),
  ],
);
