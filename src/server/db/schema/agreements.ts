import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgEnum, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { agreementKinds, agreementParties, agreementStatuses, signatureKinds } from '~/shared/agreements';
import { applications, assignments } from './applications';
import { users } from './auth';
import { companies } from './companies';
import { storedFiles } from './files';
import { jobs } from './jobs';

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

export const agreementStatus = pgEnum('agreement_status', agreementStatuses);
export const agreementParty = pgEnum('agreement_party', agreementParties);
export const signatureKind = pgEnum('signature_kind', signatureKinds);

// How a company's hires sign (decision 056): the set an offer attaches unless the person offering changes it,
// whether the company countersigns, whether work waits for the signatures, and the terms its templates' merge
// fields take. No row: Tandem's defaults.
export const agreementSettings = pgTable('agreement_settings', {
  companyId: uuid()
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  // Template references (`tandem-<kind>` or a company template's id) an offer starts with.
  defaultTemplates: text().array().notNull().default(sql`'{}'::text[]`),
  countersign: boolean().notNull().default(true),
  workWaitsForSignatures: boolean().notNull().default(true),
  governingLaw: text().notNull().default(''),
  noticePeriod: text().notNull().default(''),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

// One agreement a hire signs, made from a template version with its merge fields filled in when it was sent.
// Its title and text never change (a trigger refuses it); neither does its sealed PDF once set. A status moves
// awaiting_talent → awaiting_company (when the company countersigns) → completed, or ends declined or voided;
// one past expires_at can no longer be signed. Erasure keeps it (legal hold, decision 056).
export const agreements = pgTable(
  'agreements',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    applicantId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    applicationId: uuid().references(() => applications.id, { onDelete: 'set null' }),
    // Set when the offer is accepted: the assignment or fixed-price contract that waits for it.
    assignmentId: uuid().references(() => assignments.id, { onDelete: 'set null' }),
    kind: agreementKind().notNull(),
    // Tandem's default (null) or the company's template, and the version the text came from.
    templateId: uuid().references(() => agreementTemplates.id, { onDelete: 'set null' }),
    templateVersion: integer().notNull(),
    title: text().notNull(),
    body: text().notNull(),
    countersign: boolean().notNull(),
    blocksWork: boolean().notNull(),
    status: agreementStatus().notNull().default('awaiting_talent'),
    sentById: uuid().references(() => users.id, { onDelete: 'set null' }),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    remindedAt: timestamp({ withTimezone: true }),
    declineReason: text(),
    endedAt: timestamp({ withTimezone: true }),
    endedById: uuid().references(() => users.id, { onDelete: 'set null' }),
    completedAt: timestamp({ withTimezone: true }),
    sealedFileId: uuid().references(() => storedFiles.id, { onDelete: 'restrict' }),
    sealedSha256: text(),
  },
  (table) => [
    index('agreements_company_idx').on(table.companyId, table.sentAt),
    index('agreements_applicant_idx').on(table.applicantId, table.sentAt),
    index('agreements_application_idx').on(table.applicationId),
    index('agreements_assignment_idx').on(table.assignmentId),
    index('agreements_template_idx').on(table.templateId),
    index('agreements_sent_by_idx').on(table.sentById),
    index('agreements_ended_by_idx').on(table.endedById),
    index('agreements_sealed_file_idx').on(table.sealedFileId),
    index('agreements_sent_at_idx').on(table.sentAt),
  ],
);

// Each party's signature, as it was made: who, how (typed name or drawn), their consent to sign
// electronically, and what proved it was them. Never changed (a trigger refuses it).
export const agreementSignatures = pgTable(
  'agreement_signatures',
  {
    agreementId: uuid()
      .notNull()
      .references(() => agreements.id, { onDelete: 'cascade' }),
    party: agreementParty().notNull(),
    signerId: uuid().references(() => users.id, { onDelete: 'set null' }),
    signerName: text().notNull(),
    signerEmail: text().notNull(),
    signerTitle: text().notNull().default(''),
    kind: signatureKind().notNull(),
    // The typed name, or the drawing as a PNG data URL.
    typedName: text(),
    drawing: text(),
    consentedAt: timestamp({ withTimezone: true }).notNull(),
    identityCheck: text().notNull(),
    ipAddress: text().notNull().default(''),
    userAgent: text().notNull().default(''),
    signedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.agreementId, table.party] }),
    index('agreement_signatures_signer_idx').on(table.signerId),
  ],
);

// A job's own set of agreements (decision 056): what its offers start with instead of the company's default set.
export const jobAgreementSets = pgTable('job_agreement_sets', {
  jobId: uuid()
    .primaryKey()
    .references(() => jobs.id, { onDelete: 'cascade' }),
  templates: text().array().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
