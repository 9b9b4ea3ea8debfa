import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  invoiceItemKinds,
  invoiceStatuses,
  paymentMethodKinds,
  paymentStatuses,
  timesheetStatuses,
} from '~/shared/billing';
import { milestoneStatuses } from '~/shared/milestones';
import { assignments } from './applications';
import { users } from './auth';
import { companies } from './companies';
import { storedFiles } from './files';

// Work and billing (decision 013). Money is integer cents; time is whole minutes.

// Every change of an assignment's rate or weekly hours, from the day it takes effect. The first row is
// the hire's own terms; assignments.rate_cents and weekly_hours mirror the row in effect today.
// pay_rate_cents is what the talent is owed an hour (the margin is the difference, plus the fee).
export const assignmentTerms = pgTable(
  'assignment_terms',
  {
    id: uuid().primaryKey().defaultRandom(),
    assignmentId: uuid()
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    rateCents: integer().notNull(),
    payRateCents: integer().notNull(),
    weeklyHours: integer().notNull(),
    effectiveDate: date({ mode: 'string' }).notNull(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('assignment_terms_effective_unique').on(table.assignmentId, table.effectiveDate),
    check('assignment_terms_rate_positive', sql`${table.rateCents} > 0 and ${table.payRateCents} >= 0`),
    check('assignment_terms_weekly_hours_range', sql`${table.weeklyHours} between 1 and 60`),
  ],
);

export const timesheetStatus = pgEnum('timesheet_status', timesheetStatuses);

// One week (Sunday first) of one assignment. Approved weeks are locked and owe talent pay; the invoice
// run bills each approved week once (invoice_id).
export const timesheets = pgTable(
  'timesheets',
  {
    id: uuid().primaryKey().defaultRandom(),
    assignmentId: uuid()
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    // The assignment's company and role, copied by a trigger on insert (migration 0059; an assignment
    // never changes company or role), so the company's weeks page in the list's order from one index
    // instead of joining and sorting every week of every assignment. No foreign key: the row goes with
    // its assignment.
    companyId: uuid(),
    role: text(),
    // The talent's name, copied on insert and kept by a trigger on users (migration 0061), so billing's
    // Unbilled work (newest week, then by name) is read in order from one index instead of looking up
    // every week's talent to sort them.
    applicantName: text(),
    weekStart: date({ mode: 'string' }).notNull(),
    status: timesheetStatus().notNull().default('open'),
    submittedAt: timestamp({ withTimezone: true }),
    approvedAt: timestamp({ withTimezone: true }),
    approvedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    overWeeklyHoursApproved: boolean().notNull().default(false),
    returnComment: text(),
    talentPayCents: integer(),
    invoiceId: uuid().references((): AnyPgColumn => invoices.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('timesheets_assignment_week_unique').on(table.assignmentId, table.weekStart),
    index('timesheets_status_idx').on(table.status, table.weekStart),
    // The company's weeks in the list's order (newest week, role, id); the status rides along for the
    // status filter and the counts.
    index('timesheets_company_week_idx').on(
      table.companyId,
      table.weekStart.desc().nullsFirst(),
      table.role,
      table.id,
      table.status,
    ),
    // The invoice run reads approved weeks not yet billed.
    index('timesheets_unbilled_idx')
      .on(table.weekStart)
      .where(sql`${table.status} = 'approved' and ${table.invoiceId} is null`),
    // The company's unbilled work, newest week first (billing's Unbilled work page and its count).
    index('timesheets_company_unbilled_idx')
      .on(table.companyId, table.weekStart.desc().nullsFirst(), table.applicantName, table.id)
      .where(sql`${table.status} = 'approved' and ${table.invoiceId} is null`),
    check('timesheets_week_starts_sunday', sql`extract(dow from ${table.weekStart}) = 0`),
  ],
);

// The minutes worked on one day of a timesheet (entered by hand or added by the clock).
export const timeEntries = pgTable(
  'time_entries',
  {
    timesheetId: uuid()
      .notNull()
      .references(() => timesheets.id, { onDelete: 'cascade' }),
    workDate: date({ mode: 'string' }).notNull(),
    minutes: integer().notNull(),
    // What the talent did that day, in their words, for the company reviewing the week.
    note: text(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.timesheetId, table.workDate] }),
    check('time_entries_minutes_range', sql`${table.minutes} between 0 and 1440`),
    check('time_entries_note_length', sql`char_length(${table.note}) between 1 and 500`),
  ],
);

// A shift on the clock: open while clocked_out_at is null; on a break while break_started_at is set.
export const clockSessions = pgTable(
  'clock_sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    assignmentId: uuid()
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    clockedInAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    clockedOutAt: timestamp({ withTimezone: true }),
    breakStartedAt: timestamp({ withTimezone: true }),
    breakMinutes: integer().notNull().default(0),
  },
  (table) => [
    // One open shift per assignment.
    uniqueIndex('clock_sessions_open_unique').on(table.assignmentId).where(sql`${table.clockedOutAt} is null`),
    index('clock_sessions_assignment_idx').on(table.assignmentId, table.clockedInAt),
  ],
);

// A company's billing settings: tax rate, payment terms and auto-pay.
export const billingProfiles = pgTable(
  'billing_profiles',
  {
    companyId: uuid()
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    taxRateBasisPoints: integer().notNull().default(0),
    paymentTermsDays: smallint().notNull().default(14),
    autoPay: boolean().notNull().default(false),
    defaultPaymentMethodId: uuid(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('billing_profiles_tax_range', sql`${table.taxRateBasisPoints} between 0 and 10000`),
    check('billing_profiles_terms_range', sql`${table.paymentTermsDays} between 0 and 120`),
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
    periodStart: date({ mode: 'string' }).notNull(),
    periodEnd: date({ mode: 'string' }).notNull(),
    issueDate: date({ mode: 'string' }).notNull(),
    dueDate: date({ mode: 'string' }).notNull(),
    status: invoiceStatus().notNull().default('pending'),
    subtotalCents: integer().notNull(),
    feeBasisPoints: integer().notNull(),
    feeCents: integer().notNull(),
    taxBasisPoints: integer().notNull(),
    taxCents: integer().notNull(),
    totalCents: integer().notNull(),
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
      .on(table.companyId, table.periodStart)
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
    check('invoices_paid_has_time', sql`(${table.status} = 'paid') = (${table.paidAt} is not null)`),
  ],
);

export const invoiceItemKind = pgEnum('invoice_item_kind', invoiceItemKinds);

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
    // Hours (two decimals) for work; 1 for the fee and tax.
    quantity: numeric({ precision: 10, scale: 2, mode: 'number' }).notNull(),
    rateCents: integer().notNull(),
    amountCents: integer().notNull(),
    // Work items: the assignment and the minutes billed, exact.
    assignmentId: uuid().references(() => assignments.id, { onDelete: 'set null' }),
    minutes: integer(),
  },
  (table) => [uniqueIndex('invoice_items_position_unique').on(table.invoiceId, table.position)],
);

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

export const milestoneStatus = pgEnum('milestone_status', milestoneStatuses);

// One milestone of a fixed-price assignment (decision 035). Escrow is these money columns, not a
// balance: funded_cents is what its funding charged for the work (the fee and tax charged with it are
// fixed beside it), released_cents went to the talent, refunded_cents back to the company; what is held
// is the rest. Every move is a conditional update on the status, so a move happens once.
export const milestones = pgTable(
  'milestones',
  {
    id: uuid().primaryKey().defaultRandom(),
    assignmentId: uuid()
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    position: smallint().notNull(),
    title: text().notNull(),
    description: text().notNull(),
    amountCents: integer().notNull(),
    dueDate: date({ mode: 'string' }).notNull(),
    status: milestoneStatus().notNull().default('unfunded'),
    // The charge, fixed when funding begins (a retry of the same funding charges the same).
    feeBasisPoints: integer(),
    feeCents: integer(),
    taxBasisPoints: integer(),
    taxCents: integer(),
    fundedCents: integer().notNull().default(0),
    releasedCents: integer().notNull().default(0),
    refundedCents: integer().notNull().default(0),
    fundedAt: timestamp({ withTimezone: true }),
    submittedAt: timestamp({ withTimezone: true }),
    submissionMessage: text(),
    changesComment: text(),
    // When the company was told an unanswered submission is about to approve itself.
    approvalRemindedAt: timestamp({ withTimezone: true }),
    approvedAt: timestamp({ withTimezone: true }),
    approvedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    // A dispute of submitted work: why, which side, who; and an administrator's settlement of it.
    disputeReason: text(),
    disputedBySide: text().$type<'company' | 'applicant'>(),
    disputedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    disputedAt: timestamp({ withTimezone: true }),
    settledAt: timestamp({ withTimezone: true }),
    settledBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    settlementNote: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The administrators' Disputes list.
    index('milestones_disputed_idx').on(table.disputedAt).where(sql`${table.disputedAt} is not null`),
    check(
      'milestones_dispute_whole',
      sql`(${table.disputedAt} is null) = (${table.disputeReason} is null and ${table.disputedBySide} is null)
          and (${table.disputedBySide} is null or ${table.disputedBySide} in ('company', 'applicant'))`,
    ),
    uniqueIndex('milestones_assignment_position_unique').on(table.assignmentId, table.position),
    // The automatic approval reads submissions by age.
    index('milestones_submitted_idx').on(table.submittedAt).where(sql`${table.status} = 'submitted'`),
    // Payment Management's search finds any part of a milestone's title through trigrams.
    index('milestones_title_trgm_idx').using('gin', table.title.op('gin_trgm_ops')),
    check('milestones_amount_positive', sql`${table.amountCents} > 0`),
    check(
      'milestones_money_adds_up',
      sql`${table.releasedCents} >= 0 and ${table.refundedCents} >= 0 and ${table.releasedCents} + ${table.refundedCents} <= ${table.fundedCents}`,
    ),
    check(
      'milestones_funded_whole',
      sql`${table.fundedCents} = case when ${table.status} in ('unfunded', 'cancelled') then 0 else ${table.amountCents} end`,
    ),
    check(
      'milestones_settled_money',
      sql`case ${table.status}
            when 'approved' then ${table.releasedCents} = ${table.fundedCents}
            when 'refunded' then ${table.refundedCents} = ${table.fundedCents}
            when 'settled' then ${table.releasedCents} + ${table.refundedCents} = ${table.fundedCents}
            else ${table.releasedCents} = 0 and ${table.refundedCents} = 0
          end`,
    ),
  ],
);

// The files handed in with a milestone's work: uploaded first (submitted_at null, the talent's alone),
// handed in by the submission that follows. The stored file is linked when its row is written.
export const milestoneFiles = pgTable(
  'milestone_files',
  {
    id: uuid().primaryKey().defaultRandom(),
    milestoneId: uuid()
      .notNull()
      .references(() => milestones.id, { onDelete: 'cascade' }),
    fileId: uuid()
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    contentType: text().notNull(),
    byteSize: integer().notNull(),
    submittedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('milestone_files_milestone_idx').on(table.milestoneId, table.createdAt),
    uniqueIndex('milestone_files_file_unique').on(table.fileId),
  ],
);

// A change to a fixed-price contract's unfunded milestones, proposed by one side and answered by the other
// (decision 035): the milestones as they would be (an id names the one it changes; none, a new one) and the
// unfunded ones it removes. One waits at a time per contract.
export interface ProposedMilestone {
  id: string | null;
  title: string;
  description: string;
  amount_cents: number;
  due_date: string;
}
export const milestoneProposals = pgTable(
  'milestone_proposals',
  {
    id: uuid().primaryKey().defaultRandom(),
    assignmentId: uuid()
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    proposedBySide: text().$type<'company' | 'applicant'>().notNull(),
    proposedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    milestones: jsonb().$type<ProposedMilestone[]>().notNull(),
    removedIds: jsonb().$type<string[]>().notNull().default([]),
    status: text().$type<'pending' | 'accepted' | 'declined' | 'withdrawn'>().notNull().default('pending'),
    answeredAt: timestamp({ withTimezone: true }),
    answeredBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('milestone_proposals_one_pending').on(table.assignmentId).where(sql`${table.status} = 'pending'`),
    check('milestone_proposals_side', sql`${table.proposedBySide} in ('company', 'applicant')`),
    check('milestone_proposals_status', sql`${table.status} in ('pending', 'accepted', 'declined', 'withdrawn')`),
  ],
);
