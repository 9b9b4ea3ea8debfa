import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  bankCodeTypes,
  ledgerAccounts,
  ledgerTransactionKinds,
  payoutExceptions,
  payoutMethodKinds,
  payoutRunStatuses,
  runLineStatuses,
} from '~/shared/payouts';
import { users } from './auth';

// Paying the talent (docs/decisions/036). Money is an integer count of its currency's minor unit: the
// `_cents` columns are cents of USD, EUR or GBP, whole dong of VND (decision 049; issue 55).

export const ledgerAccount = pgEnum('ledger_account', ledgerAccounts);
export const ledgerTransactionKind = pgEnum('ledger_transaction_kind', ledgerTransactionKinds);

// One event that moved money, posted once: `key` names what made it ('work:<timesheet id>',
// 'payment:<payment id>', 'payout-sent:<payout id>' …), so a retry, a second instance or the sweep that
// posts what was missed inserts nothing twice. What it refers to is kept as plain ids, not foreign keys:
// the ledger is append only and outlives the rows it speaks of.
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: uuid().primaryKey().defaultRandom(),
    key: text().notNull(),
    kind: ledgerTransactionKind().notNull(),
    occurredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    companyId: uuid(),
    applicantId: uuid(),
    invoiceId: uuid(),
    paymentId: uuid(),
    timesheetId: uuid(),
    milestoneId: uuid(),
    payoutId: uuid(),
  },
  (table) => [
    uniqueIndex('ledger_transactions_key_unique').on(table.key),
    index('ledger_transactions_invoice_idx').on(table.invoiceId),
    index('ledger_transactions_payout_idx').on(table.payoutId),
    index('ledger_transactions_applicant_idx').on(table.applicantId, table.occurredAt),
  ],
);

// The lines of a transaction: debits positive, credits negative, summing to zero per transaction (a
// deferred trigger checks it at commit; migration 0049). A talent's lines name the talent and the earning
// they belong to (an approved week's timesheet or a released milestone), so each earning's state is the
// sum of its lines. Append only: balances are sums, never a column changed in place.
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    transactionId: uuid()
      .notNull()
      .references(() => ledgerTransactions.id),
    account: ledgerAccount().notNull(),
    amountCents: bigint({ mode: 'number' }).notNull(),
    // Each currency balances on its own (decision 051). Left empty, the database writes the currency of
    // the company the line or its transaction names (migration 0076): a company's money is all in its
    // billing currency. A conversion's lines name theirs.
    currency: text().notNull().default(''),
    applicantId: uuid(),
    companyId: uuid(),
    timesheetId: uuid(),
    milestoneId: uuid(),
  },
  (table) => [
    index('ledger_entries_transaction_idx').on(table.transactionId),
    index('ledger_entries_talent_idx')
      .on(table.applicantId, table.account)
      .where(sql`${table.applicantId} is not null`),
    index('ledger_entries_timesheet_idx').on(table.timesheetId).where(sql`${table.timesheetId} is not null`),
    index('ledger_entries_milestone_idx').on(table.milestoneId).where(sql`${table.milestoneId} is not null`),
    check('ledger_entries_not_zero', sql`${table.amountCents} <> 0`),
    check('ledger_entries_currency_code', sql`${table.currency} ~ '^[A-Z]{3}$'`),
  ],
);

export const payoutMethodKind = pgEnum('payout_method_kind', payoutMethodKinds);
export const bankCodeType = pgEnum('bank_code_type', bankCodeTypes);

// Where a talent's payouts go, apart from their profile. The account number is kept whole for the bank
// file only; every answer shows `label`, masked. A method is paid from usable_from (72 hours after it
// was added); a Stripe account only once onboarded.
export const payoutMethods = pgTable(
  'payout_methods',
  {
    id: uuid().primaryKey().defaultRandom(),
    applicantId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: payoutMethodKind().notNull(),
    label: text().notNull(),
    holderName: text(),
    bankName: text(),
    accountNumber: text(),
    bankCodeType: bankCodeType(),
    bankCode: text(),
    email: text(),
    stripeAccountId: text(),
    // What the talent is paid in through this method (payoutCurrencies); earnings in other currencies are
    // converted at the rate locked when the run is approved.
    currency: text().notNull().default('USD'),
    onboardedAt: timestamp({ withTimezone: true }),
    isDefault: boolean().notNull().default(false),
    usableFrom: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('payout_methods_applicant_idx').on(table.applicantId),
    uniqueIndex('payout_methods_one_default')
      .on(table.applicantId)
      .where(sql`${table.isDefault} and ${table.removedAt} is null`),
    uniqueIndex('payout_methods_one_stripe')
      .on(table.applicantId)
      .where(sql`${table.kind} = 'stripe_connect' and ${table.removedAt} is null`),
  ],
);

// An administrator's hold on a talent's payouts, with why; released with why. At most one in force.
export const payoutHolds = pgTable(
  'payout_holds',
  {
    id: uuid().primaryKey().defaultRandom(),
    applicantId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text().notNull(),
    placedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    placedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    releasedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    releasedAt: timestamp({ withTimezone: true }),
    releaseReason: text(),
  },
  (table) => [uniqueIndex('payout_holds_one_in_force').on(table.applicantId).where(sql`${table.releasedAt} is null`)],
);

export const payoutRunStatus = pgEnum('payout_run_status', payoutRunStatuses);

// A run, for the day it was prepared. At most one is a draft at a time (the partial unique index): two
// instances or administrators preparing at once make one run, and a run approved makes room for the next.
export const payoutRuns = pgTable(
  'payout_runs',
  {
    id: uuid().primaryKey().defaultRandom(),
    scheduledFor: date({ mode: 'string' }).notNull(),
    status: payoutRunStatus().notNull().default('draft'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    approvedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    approvedAt: timestamp({ withTimezone: true }),
    completedAt: timestamp({ withTimezone: true }),
    // When an administrator reminded the run's talents who cannot be paid yet to add or finish a payout
    // method: once a run, so a click twice does not write to them twice.
    remindedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('payout_runs_one_draft').on(table.status).where(sql`${table.status} = 'draft'`),
    index('payout_runs_day_idx').on(table.scheduledFor),
  ],
);

export const runLineStatus = pgEnum('payout_line_status', runLineStatuses);
export const payoutException = pgEnum('payout_exception', payoutExceptions);
export const payoutProvider = pgEnum('payout_provider', ['stripe', 'bank_file']);

// A run's line for one talent: a payout (planned, then sent, paid or failed; cancelled when the balance
// fell below it before approval) or an exception (not paid, and why). One line per talent per run.
export const payouts = pgTable(
  'payouts',
  {
    id: uuid().primaryKey().defaultRandom(),
    runId: uuid()
      .notNull()
      .references(() => payoutRuns.id, { onDelete: 'cascade' }),
    applicantId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    methodId: uuid().references(() => payoutMethods.id, { onDelete: 'set null' }),
    // In the payout currency: the sum of its parts' amounts (payout_parts).
    amountCents: integer().notNull(),
    currency: text().notNull().default('USD'),
    status: runLineStatus().notNull(),
    exception: payoutException(),
    provider: payoutProvider(),
    methodLabel: text(),
    reference: text(),
    failureReason: text(),
    // The parties as they were when the payout was made (decision 044), written by the database at insert
    // (migration 0073): its statement reads these, so renaming the talent or Tandem's seller afterwards
    // changes no statement.
    paidToName: text().notNull().default(''),
    paidToEmail: text().notNull().default(''),
    payerName: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
    paidAt: timestamp({ withTimezone: true }),
    failedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('payouts_run_talent_unique').on(table.runId, table.applicantId),
    index('payouts_run_status_idx').on(table.runId, table.status),
    index('payouts_applicant_idx').on(table.applicantId, table.createdAt),
    check('payouts_amount_not_negative', sql`${table.amountCents} >= 0`),
    check('payouts_exception_has_reason', sql`(${table.status} = 'exception') = (${table.exception} is not null)`),
  ],
);

// What a payout is made of: the talent's available balance in one currency, and what it becomes in the
// payout's currency (decision 051). A part in the payout's own currency has no rate; a converted one records
// the rate used, its day and source, and the FX margin kept, so the statement recomputes the amount
// exactly. Written when the run is prepared and rewritten at approval, when the rate is locked.
export const payoutParts = pgTable(
  'payout_parts',
  {
    id: uuid().primaryKey().defaultRandom(),
    payoutId: uuid()
      .notNull()
      .references(() => payouts.id, { onDelete: 'cascade' }),
    sourceCurrency: text().notNull(),
    sourceCents: bigint({ mode: 'number' }).notNull(),
    amountCents: bigint({ mode: 'number' }).notNull(),
    marginCents: bigint({ mode: 'number' }).notNull().default(0),
    marginBasisPoints: integer().notNull().default(0),
    // Unbounded, so a rate of ten significant digits after leading zeros is kept as used, digit for digit.
    rate: numeric({ mode: 'string' }),
    rateDate: date({ mode: 'string' }),
    rateSource: text(),
  },
  (table) => [
    uniqueIndex('payout_parts_payout_currency_unique').on(table.payoutId, table.sourceCurrency),
    check(
      'payout_parts_not_negative',
      sql`${table.sourceCents} >= 0 and ${table.amountCents} >= 0 and ${table.marginCents} >= 0`,
    ),
    check('payout_parts_rate_recorded', sql`(${table.rate} is null) = (${table.rateDate} is null)`),
  ],
);
