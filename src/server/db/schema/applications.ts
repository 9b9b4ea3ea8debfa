import { index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { applicationStatuses } from '~/shared/applications';
import { users } from './auth';
import { jobs } from './jobs';

export const applicationStatus = pgEnum('application_status', applicationStatuses);

export interface ApplicationHistoryEntry {
  status: (typeof applicationStatus.enumValues)[number];
  at: string;
  by: string | null;
}

// An applicant's application to a job (DESIGN.md §5 pipeline). The timestamps of the stages the
// company's figures need (offers, hires) are kept as columns; the full trail is in history.
export const applications = pgTable(
  'applications',
  {
    id: uuid().primaryKey().defaultRandom(),
    jobId: uuid()
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    applicantId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    coverLetter: text().notNull(),
    proposalRateCents: integer(),
    status: applicationStatus().notNull().default('submitted'),
    history: jsonb().$type<ApplicationHistoryEntry[]>().notNull().default([]),
    offeredAt: timestamp({ withTimezone: true }),
    hiredAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('applications_job_applicant_unique').on(table.jobId, table.applicantId),
    index('applications_job_status_idx').on(table.jobId, table.status),
    index('applications_applicant_id_idx').on(table.applicantId),
  ],
);
