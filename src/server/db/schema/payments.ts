import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { paymentMethodKinds, paymentStatuses } from '~/shared/billing';
import { users } from './auth';
import { invoices } from './billing';
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
  },
  (table) => [
    uniqueIndex('payments_idempotency_unique').on(table.companyId, table.idempotencyKey),
    uniqueIndex('payments_one_live_per_invoice')
      .on(table.invoiceId)
      .where(sql`${table.status} in ('pending', 'completed') and ${table.refundedAt} is null`),
    uniqueIndex('payments_one_live_per_milestone')
      .on(table.milestoneId)
      .where(sql`${table.status} in ('pending', 'completed') and ${table.refundedAt} is null`),
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
