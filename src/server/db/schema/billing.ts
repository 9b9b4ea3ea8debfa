import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { invoiceItemKinds, invoiceItemUnits, invoiceStatuses } from '~/shared/billing';
import { type TaxCategory, taxCategories } from '~/shared/tax';
import { assignments } from './applications';
import { users } from './auth';
import { companies } from './companies';
import { milestones } from './fixed-price';

export const taxCategoryList = sql.raw(`(${taxCategories.map((category) => `'${category}'`).join(', ')})`);

// Invoices (decision 013): billing profiles, numbering, invoices and their items. Money is integer cents.

// A company's billing settings: who it is on an invoice (legal name, address, tax id: the company's to
// write), its tax rate and payment terms (an administrator's), and auto-pay.
export const billingProfiles = pgTable(
  'billing_profiles',
  {
    companyId: uuid()
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    // Empty: the invoice names the company by its name and prints no address or tax id.
    legalName: text().notNull().default(''),
    addressLine1: text().notNull().default(''),
    addressLine2: text().notNull().default(''),
    city: text().notNull().default(''),
    region: text().notNull().default(''),
    postalCode: text().notNull().default(''),
    // ISO 3166-1 alpha-2, or empty.
    country: text().notNull().default(''),
    taxId: text().notNull().default(''),
    // The sales tax of a seller with no VAT or GST (decision 053); a VAT or GST rate comes from tax_rates.
    taxRateBasisPoints: integer().notNull().default(0),
    // VIES's word on the VAT number when it was saved (decision 053): '' not asked (no VIES configured, or
    // not an EU number), 'valid', or 'unavailable' (VIES did not answer; the number's check digits hold).
    vatCheck: text().$type<'' | 'valid' | 'unavailable'>().notNull().default(''),
    vatCheckedAt: timestamp({ withTimezone: true }),
    // The company wants each invoice and credit note email to carry its EN 16931 e-invoice too.
    emailEInvoice: boolean().notNull().default(false),
    paymentTermsDays: smallint().notNull().default(14),
    autoPay: boolean().notNull().default(false),
    defaultPaymentMethodId: uuid(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('billing_profiles_tax_range', sql`${table.taxRateBasisPoints} between 0 and 10000`),
    check('billing_profiles_terms_range', sql`${table.paymentTermsDays} between 0 and 120`),
    check('billing_profiles_vat_check_known', sql`${table.vatCheck} in ('', 'valid', 'unavailable')`),
  ],
);

// The VAT and GST rates administrators maintain (decision 053): a country's rate from a day on. An invoice
// charges its seller's country's rate in effect on its issue day; a rate that has taken effect is never
// changed, a new one is added from a later day.
export const taxRates = pgTable(
  'tax_rates',
  {
    id: uuid().primaryKey().defaultRandom(),
    country: text().notNull(),
    name: text().notNull(),
    rateBasisPoints: integer().notNull(),
    effectiveFrom: date({ mode: 'string' }).notNull(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('tax_rates_country_day_unique').on(table.country, table.effectiveFrom),
    check('tax_rates_country_code', sql`${table.country} ~ '^[A-Z]{2}$'`),
    check('tax_rates_name_known', sql`${table.name} in ('VAT', 'GST')`),
    check('tax_rates_range', sql`${table.rateBasisPoints} between 0 and 10000`),
  ],
);

// Gapless invoice numbers: the issuing transaction takes the next number of its year under this row's lock.
export const invoiceCounters = pgTable('invoice_counters', {
  year: integer().primaryKey(),
  lastNumber: integer().notNull(),
});

export const invoiceStatus = pgEnum('invoice_status', invoiceStatuses);

// One invoice per company per billing period (a week, Sunday first). Totals are stored with the items
// and always equal their sum (checked here and by the tests).
export const invoices = pgTable(
  'invoices',
  {
    id: uuid().primaryKey().defaultRandom(),
    invoiceNumber: text().notNull(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    // The buyer as named when the invoice was issued: an issued invoice never changes, so renaming the
    // company later leaves it as it was. Written by the database at insert (migration 0070).
    billedToName: text().notNull().default(''),
    // The rest of both parties as they were at issue (decision 044), written by the same trigger: the
    // buyer's address (lines joined by newlines) and tax id from its billing profile, the seller's from the
    // platform's invoice_seller setting.
    billedToAddress: text().notNull().default(''),
    billedToCountry: text().notNull().default(''),
    billedToTaxId: text().notNull().default(''),
    sellerName: text().notNull().default(''),
    sellerAddress: text().notNull().default(''),
    sellerTaxId: text().notNull().default(''),
    sellerCountry: text().notNull().default(''),
    // Both parties' electronic addresses as issued, which their e-invoice names (issue 56): the company's
    // contact email and the seller's billing email from System Settings.
    billedToEmail: text().notNull().default(''),
    sellerEmail: text().notNull().default(''),
    // The days the invoice covers: the first and last day of the work it bills (decision 047). Invoices
    // issued before that decision kept their run's week, as issued.
    periodStart: date({ mode: 'string' }).notNull(),
    periodEnd: date({ mode: 'string' }).notNull(),
    // The invoice run that issued it (a Sunday): one invoice per company and run. Null for a milestone's.
    billingWeek: date({ mode: 'string' }),
    issueDate: date({ mode: 'string' }).notNull(),
    dueDate: date({ mode: 'string' }).notNull(),
    status: invoiceStatus().notNull().default('pending'),
    subtotalCents: integer().notNull(),
    feeBasisPoints: integer().notNull(),
    feeCents: integer().notNull(),
    taxBasisPoints: integer().notNull(),
    taxCents: integer().notNull(),
    // The tax rule the invoice was issued under (decision 053): its category, what it calls the tax (VAT,
    // GST, Tax) and the legal wording it prints.
    taxCategory: text().$type<TaxCategory>().notNull().default('sales_tax'),
    taxName: text().notNull().default('Tax'),
    taxNote: text().notNull().default(''),
    totalCents: integer().notNull(),
    // The company's billing currency when it was made, written by the database at insert (migration 0076).
    currency: text().notNull().default('USD'),
    paidAt: timestamp({ withTimezone: true }),
    // A milestone's release (decision 035): its own invoice, paid at release by the funding charge.
    milestoneId: uuid().references((): AnyPgColumn => milestones.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('invoices_number_unique').on(table.invoiceNumber),
    // A second run of the same period issues nothing twice.
    uniqueIndex('invoices_company_period_unique')
      .on(table.companyId, table.billingWeek)
      .where(sql`${table.milestoneId} is null`),
    // A milestone is released once: a second approval finds its invoice.
    uniqueIndex('invoices_milestone_unique').on(table.milestoneId),
    index('invoices_company_issue_idx').on(table.companyId, table.issueDate),
    // The overdue sweep and auto-pay read open invoices by due date.
    index('invoices_open_due_idx').on(table.dueDate).where(sql`${table.status} <> 'paid'`),
    // Payment Management's search finds any part of an invoice number (ILIKE '%…%') through trigrams.
    index('invoices_number_trgm_idx').using('gin', table.invoiceNumber.op('gin_trgm_ops')),
    check(
      'invoices_total_is_sum',
      sql`${table.totalCents} = ${table.subtotalCents} + ${table.feeCents} + ${table.taxCents}`,
    ),
    check('invoices_tax_category_known', sql`${table.taxCategory} in ${taxCategoryList}`),
    check('invoices_paid_has_time', sql`(${table.status} = 'paid') = (${table.paidAt} is not null)`),
  ],
);

export const invoiceItemKind = pgEnum('invoice_item_kind', invoiceItemKinds);
export const invoiceItemUnit = pgEnum('invoice_item_unit', invoiceItemUnits);

export const invoiceItems = pgTable(
  'invoice_items',
  {
    id: uuid().primaryKey().defaultRandom(),
    invoiceId: uuid()
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: smallint().notNull(),
    kind: invoiceItemKind().notNull(),
    description: text().notNull(),
    // In the unit: minutes for work (decision 047; hours with two decimals before it); 1 for the rest.
    quantity: numeric({ precision: 10, scale: 2, mode: 'number' }).notNull(),
    unit: invoiceItemUnit().notNull(),
    rateCents: integer().notNull(),
    amountCents: integer().notNull(),
    // Work items: the assignment and the minutes billed, exact.
    assignmentId: uuid().references(() => assignments.id, { onDelete: 'set null' }),
    minutes: integer(),
    // A work item's first and last day worked (null before decision 047, and for the rest).
    workStart: date({ mode: 'string' }),
    workEnd: date({ mode: 'string' }),
  },
  (table) => [uniqueIndex('invoice_items_position_unique').on(table.invoiceId, table.position)],
);
