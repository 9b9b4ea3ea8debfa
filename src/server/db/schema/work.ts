import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
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
import { timesheetStatuses } from '~/shared/billing';
import { assignments } from './applications';
import { users } from './auth';
import { invoices } from './billing';

// Work's tables (decision 013): terms, timesheets, their days, the clock. Time is whole minutes, money integer cents.

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
