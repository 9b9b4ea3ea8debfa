import { sql } from 'drizzle-orm';
import {
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
import { milestoneStatuses } from '~/shared/milestones';
import type { TaxCategory } from '~/shared/tax';
import { assignments } from './applications';
import { users } from './auth';
import { storedFiles } from './files';

// Fixed-price contracts (decision 035): milestones, their files, proposals of change. Money is integer cents.

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
    // The tax rule fixed with them (decision 053), which the release invoices and refunds name.
    taxCategory: text().$type<TaxCategory>(),
    taxName: text(),
    taxNote: text(),
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
