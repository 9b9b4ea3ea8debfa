import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { creditNoteReasons, paymentMethodKinds, paymentStatuses } from '~/shared/billing';
import type { TaxCategory } from '~/shared/tax';
import { users } from './auth';
import { invoiceItemKind, invoices, taxCategoryList } from './billing';
import { companies } from './companies';
import { milestones } from './fixed-price';

// Payments: saved methods and the charges of invoices and milestones. Money is integer cents.

export const paymentMethodKind = pgEnum('payment_method_kind', paymentMethodKinds);

// A company's saved payment method, masked: the provider holds the details behind provider_ref.
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    kind: paymentMethodKind().notNull(),
    label: text().notNull(),
    last4: text(),
    provider: text().notNull(),
    providerRef: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp({ withTimezone: true }),
  },
  (table) => [index('payment_methods_company_idx').on(table.companyId)],
);

export const paymentStatus = pgEnum('payment_status', paymentStatuses);

// A charge of one invoice. The idempotency key makes a retried request return the first payment; at
// most one payment per invoice is pending or completed at a time (the invoice lock, in the database).
export const payments = pgTable(
  'payments',
  {
    id: uuid().primaryKey().defaultRandom(),
    // What it pays: an invoice, or a milestone's funding into escrow (exactly one).
    invoiceId: uuid().references(() => invoices.id, { onDelete: 'cascade' }),
    milestoneId: uuid().references((): AnyPgColumn => milestones.id, { onDelete: 'cascade' }),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    paymentMethodId: uuid().references(() => paymentMethods.id, { onDelete: 'set null' }),
    methodLabel: text().notNull(),
    amountCents: integer().notNull(),
    // The company's billing currency when it was made, written by the database at insert (migration 0076).
    currency: text().notNull().default('USD'),
    status: paymentStatus().notNull().default('pending'),
    idempotencyKey: text().notNull(),
    // SHA-256 of what was asked with the key (the invoice and the method): the same key with another
    // request is refused, not answered with the first one's result. Null for payments made before it.
    requestHash: text(),
    provider: text().notNull(),
    providerRef: text(),
    failureMessage: text(),
    // Who asked (null for auto-pay).
    requestedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp({ withTimezone: true }),
    refundedAt: timestamp({ withTimezone: true }),
    // What went back of it, in cents (decision 048): the whole amount, or a settled dispute's share of a
    // milestone's funding charge. refunded_at is set when the whole amount went back.
    refundedCents: integer().notNull().default(0),
  },
  (table) => [
    uniqueIndex('payments_idempotency_unique').on(table.companyId, table.idempotencyKey),
    uniqueIndex('payments_one_live_per_invoice')
      .on(table.invoiceId)
      .where(sql`${table.status} in ('pending', 'completed') and ${table.refundedAt} is null`),
    uniqueIndex('payments_one_live_per_milestone')
      .on(table.milestoneId)
      .where(sql`${table.status} in ('pending', 'completed') and ${table.refundedAt} is null`),
    check('payments_refunded_range', sql`${table.refundedCents} between 0 and ${table.amountCents}`),
    check('payments_pays_one_thing', sql`(${table.invoiceId} is null) <> (${table.milestoneId} is null)`),
    index('payments_company_created_idx').on(table.companyId, table.createdAt),
    // Payment Management lists every payment newest first, or those of one status; its search reaches
    // payments through the invoice or milestone it found.
    index('payments_created_idx').on(table.createdAt, table.id),
    // refunded_at is a key too: the completed filter (not refunded) reads the index alone.
    index('payments_status_created_idx').on(table.status, table.createdAt, table.id, table.refundedAt),
    index('payments_invoice_idx').on(table.invoiceId),
    index('payments_milestone_idx').on(table.milestoneId),
    uniqueIndex('payments_provider_ref_unique').on(table.provider, table.providerRef),
  ],
);

// Credit notes (decision 048): the document of money given back to a company, numbered like invoices
// (CN-2026-000001, gapless per year under this row's lock) and never changed once issued.
export const creditNoteCounters = pgTable('credit_note_counters', {
  year: integer().primaryKey(),
  lastNumber: integer().notNull(),
});

export const creditNoteReason = pgEnum('credit_note_reason', creditNoteReasons);

// What was credited, with the parties as the credited invoice named them when it was issued (decision 044):
// copied at issue by `partiesOfCreditedInvoice`, so renaming the company or a later change of the invoice's
// parties changes no issued credit note. A milestone's refunded share that was never invoiced credits the
// milestone's funding payment instead of an invoice (invoice_id null).
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: uuid().primaryKey().defaultRandom(),
    creditNoteNumber: text().notNull(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    // The refund's own name: one credit note per refund, however often the refund is asked or reported.
    refundKey: text().notNull(),
    reason: creditNoteReason().notNull(),
    invoiceId: uuid().references(() => invoices.id, { onDelete: 'set null' }),
    // The payment whose money went back (an invoice's payment, or a milestone's funding charge).
    paymentId: uuid()
      .notNull()
      .references((): AnyPgColumn => payments.id, { onDelete: 'cascade' }),
    milestoneId: uuid().references((): AnyPgColumn => milestones.id, { onDelete: 'set null' }),
    // The parties as issued: { billedToName, … } — every party column the credited invoice carries.
    parties: jsonb().$type<Record<string, string | null>>().notNull(),
    issueDate: date({ mode: 'string' }).notNull(),
    issuedAt: timestamp({ withTimezone: true }).notNull(),
    // What is credited, split as it was charged: work (or the milestone), the platform fee, the tax.
    subtotalCents: integer().notNull(),
    feeCents: integer().notNull(),
    taxCents: integer().notNull(),
    totalCents: integer().notNull(),
    // The tax rule of what it credits (its invoice's, or the funding's), as that was issued (decision 053).
    taxCategory: text().$type<TaxCategory>().notNull().default('sales_tax'),
    taxName: text().notNull().default('Tax'),
    taxBasisPoints: integer().notNull().default(0),
    taxNote: text().notNull().default(''),
    // The company's billing currency when it was made, written by the database at insert (migration 0076).
    currency: text().notNull().default('USD'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('credit_notes_tax_category_known', sql`${table.taxCategory} in ${taxCategoryList}`),
    uniqueIndex('credit_notes_number_unique').on(table.creditNoteNumber),
    uniqueIndex('credit_notes_refund_key_unique').on(table.refundKey),
    // A company's list of credit notes, newest first, and Monthly Revenue's month of them.
    index('credit_notes_company_issue_idx').on(table.companyId, table.issueDate),
    index('credit_notes_issue_idx').on(table.issueDate),
    // An invoice's and a payment's refunds are read from them.
    index('credit_notes_invoice_idx').on(table.invoiceId),
    index('credit_notes_payment_idx').on(table.paymentId),
    index('credit_notes_milestone_idx').on(table.milestoneId),
    check(
      'credit_notes_total_is_sum',
      sql`${table.totalCents} = ${table.subtotalCents} + ${table.feeCents} + ${table.taxCents}`,
    ),
    check(
      'credit_notes_amounts_positive',
      sql`${table.subtotalCents} >= 0 and ${table.feeCents} >= 0 and ${table.taxCents} >= 0 and ${table.totalCents} > 0`,
    ),
  ],
);

export const creditNoteItems = pgTable(
  'credit_note_items',
  {
    id: uuid().primaryKey().defaultRandom(),
    creditNoteId: uuid()
      .notNull()
      .references(() => creditNotes.id, { onDelete: 'cascade' }),
    position: smallint().notNull(),
    kind: invoiceItemKind().notNull(),
    description: text().notNull(),
    amountCents: integer().notNull(),
  },
  (table) => [uniqueIndex('credit_note_items_position_unique').on(table.creditNoteId, table.position)],
);
