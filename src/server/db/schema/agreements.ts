import { index, integer, pgEnum, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { agreementKinds } from '~/shared/agreements';
import { users } from './auth';
import { companies } from './companies';

export const agreementKind = pgEnum('agreement_kind', agreementKinds);

// A company's own agreement template (issue 57, decision 056): its kind and, in its versions, every text it
// has had. The current version is the highest; a version is never changed, so an agreement made from one keeps
// its words. Archived templates are offered no more but stay for the agreements made from them.
export const agreementTemplates = pgTable(
  'agreement_templates',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    kind: agreementKind().notNull(),
    currentVersion: integer().notNull().default(1),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    archivedAt: timestamp({ withTimezone: true }),
  },
  (table) => [index('agreement_templates_company_idx').on(table.companyId, table.createdAt)],
);

export const agreementTemplateVersions = pgTable(
  'agreement_template_versions',
  {
    templateId: uuid()
      .notNull()
      .references(() => agreementTemplates.id, { onDelete: 'cascade' }),
    version: integer().notNull(),
    name: text().notNull(),
    body: text().notNull(),
    createdById: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.templateId, table.version] }),
    index('agreement_template_versions_created_by_idx').on(table.createdById),
  ],
);
