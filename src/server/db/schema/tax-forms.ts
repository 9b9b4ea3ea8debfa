import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { taxFormKinds, usTinTypes, w9Classifications } from '~/shared/tax-forms';
import { users } from './auth';
import { storedFiles } from './files';

export const taxFormKind = pgEnum('tax_form_kind', taxFormKinds);
export const taxFormStatus = pgEnum('tax_form_status', ['active', 'superseded']);
export const w9Classification = pgEnum('w9_classification', w9Classifications);
export const usTinType = pgEnum('us_tin_type', usTinTypes);

// A talent's W-9 or W-8BEN (issue 56), as signed: never changed afterwards, only superseded by the next one.
// The numbers are sealed with AES-256-GCM under a key from outside the database (platform/tax-id-cipher.ts);
// each sealed value names its key, so `npm run tax:rotate-key` re-seals the rows of an old key. Beside each,
// its last four for the screens. The filled IRS PDF holds the whole number: it is the document.
export const taxForms = pgTable(
  'tax_forms',
  {
    id: uuid().primaryKey().defaultRandom(),
    // Users are anonymised, never deleted; an erasure deletes their forms itself.
    applicantId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: taxFormKind().notNull(),
    status: taxFormStatus().notNull().default('active'),
    legalName: text().notNull(),
    businessName: text(),
    taxClassification: w9Classification(),
    llcClassification: text(),
    otherClassification: text(),
    hasForeignPartners: boolean().notNull().default(false),
    exemptPayeeCode: text(),
    fatcaCode: text(),
    citizenshipCountry: text(),
    addressStreet: text().notNull(),
    addressCity: text().notNull(),
    // Null on a W-9, which has no country line.
    addressCountry: text(),
    mailingStreet: text(),
    mailingCity: text(),
    mailingCountry: text(),
    usTinType: usTinType(),
    usTinSealed: text(),
    usTinLast4: text(),
    foreignTinSealed: text(),
    foreignTinLast4: text(),
    foreignTinNotRequiredReason: text(),
    dateOfBirth: date({ mode: 'string' }),
    treatyCountry: text(),
    treatyArticle: text(),
    treatyRate: text(),
    treatyIncomeType: text(),
    treatyConditions: text(),
    signatureName: text().notNull(),
    // The server's clock when the talent signed, having ticked the consent to sign electronically.
    signedAt: timestamp({ withTimezone: true }).notNull(),
    electronicConsentAt: timestamp({ withTimezone: true }).notNull(),
    signedFromIp: text(),
    // A W-8BEN stops being valid at the start of the fourth calendar year after signing; null for a W-9.
    expiresAt: timestamp({ withTimezone: true }),
    // The expiry reminder went out (once a form).
    remindedAt: timestamp({ withTimezone: true }),
    supersededAt: timestamp({ withTimezone: true }),
    pdfFileId: uuid().references(() => storedFiles.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One form in force per talent: the payout gate and the screens read it.
    uniqueIndex('tax_forms_one_active').on(table.applicantId).where(sql`${table.status} = 'active'`),
    // A talent's history, and the foreign key.
    index('tax_forms_applicant_idx').on(table.applicantId, table.signedAt),
    // The daily reminder looks for W-8BENs in force nearing their end.
    index('tax_forms_expiring_idx')
      .on(table.expiresAt)
      .where(sql`${table.status} = 'active' and ${table.remindedAt} is null`),
    index('tax_forms_pdf_file_idx').on(table.pdfFileId),
  ],
);

export const adminGrantName = pgEnum('admin_grant_name', ['tax_data_reader']);

// Powers an administrator holds beyond the role's (shared/permissions.ts): given and taken by another
// administrator, each change audited. `tax_data_reader` reveals tax identification numbers and downloads
// tax forms.
export const adminGrants = pgTable(
  'admin_grants',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    grant: adminGrantName().notNull(),
    grantedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    grantedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.grant] }),
    index('admin_grants_granted_by_idx').on(table.grantedBy),
  ],
);

export const necFormStatus = pgEnum('nec_form_status', ['issued', 'superseded']);

// A Form 1099-NEC as issued (decision 055): the year's dollars paid from the ledger, the payer and the recipient
// as they were, and the recipient's copy B in the file store. Never changed (migration 0081 refuses it) but to be
// superseded by a corrected form; the whole TIN stays on the W-9 it names, sealed, and the row keeps its last four.
export const necForms = pgTable(
  'nec_forms',
  {
    id: uuid().primaryKey().defaultRandom(),
    applicantId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taxYear: integer().notNull(),
    taxFormId: uuid()
      .notNull()
      .references(() => taxForms.id, { onDelete: 'cascade' }),
    status: necFormStatus().notNull().default('issued'),
    corrected: boolean().notNull().default(false),
    recipientName: text().notNull(),
    recipientBusinessName: text(),
    recipientStreet: text().notNull(),
    recipientCityLine: text().notNull(),
    recipientTinType: usTinType().notNull(),
    recipientTinLast4: text().notNull(),
    payerName: text().notNull(),
    payerAddress: text().notNull(),
    payerEin: text().notNull(),
    payerPhone: text().notNull(),
    box1Cents: bigint({ mode: 'number' }).notNull(),
    pdfFileId: uuid().references(() => storedFiles.id, { onDelete: 'set null' }),
    issuedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    issuedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    supersededAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    // One form in force per talent and year; a correction supersedes it in the same transaction.
    uniqueIndex('nec_forms_one_issued').on(table.applicantId, table.taxYear).where(sql`${table.status} = 'issued'`),
    index('nec_forms_year_idx').on(table.taxYear, table.status),
    index('nec_forms_tax_form_idx').on(table.taxFormId),
    index('nec_forms_pdf_file_idx').on(table.pdfFileId),
    index('nec_forms_issued_by_idx').on(table.issuedBy),
    check('nec_forms_box1_positive', sql`${table.box1Cents} > 0`),
  ],
);
