import { sql } from 'drizzle-orm';
import { check, index, pgEnum, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { REVIEW_STARS_MAX, REVIEW_STARS_MIN, reviewSides } from '~/shared/reviews';
import { assignments } from './applications';
import { users } from './auth';
import { companies } from './companies';

export const reviewSide = pgEnum('review_side', reviewSides);

// A review after an assignment ended (shared/reviews.ts): one per side per assignment. The applicant and
// company are the assignment's, copied so the profile and rating queries read one table.
export const reviews = pgTable(
  'reviews',
  {
    id: uuid().primaryKey().defaultRandom(),
    assignmentId: uuid()
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    side: reviewSide().notNull(),
    applicantId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    // The person who wrote it (the talent, or a member of the company); an erased author's row stays,
    // anonymised, so the link does too.
    authorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    rating: smallint().notNull(),
    comment: text().notNull(),
    // Set when the second side writes, or by the reveal job once the window closed (reveal-due-reviews.ts);
    // reads also show a review whose window closed before the job ran.
    revealedAt: timestamp({ withTimezone: true }),
    // An administrator hid it after a report: it no longer shows or counts.
    hiddenAt: timestamp({ withTimezone: true }),
    hiddenById: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('reviews_assignment_side_unique').on(table.assignmentId, table.side),
    // A talent's received reviews on their profile sheet, newest first; the rating recomputed from them.
    index('reviews_applicant_side_created_idx').on(table.applicantId, table.side, table.createdAt.desc()),
    // The company's received reviews and rating.
    index('reviews_company_side_idx').on(table.companyId, table.side),
    // The reveal job finds the reviews still waiting.
    index('reviews_unrevealed_idx').on(table.assignmentId).where(sql`${table.revealedAt} is null`),
    // Erasure and export find a person's own reviews.
    index('reviews_author_idx').on(table.authorId),
    check(
      'reviews_rating_range',
      sql`${table.rating} between ${sql.raw(String(REVIEW_STARS_MIN))} and ${sql.raw(String(REVIEW_STARS_MAX))}`,
    ),
  ],
);
