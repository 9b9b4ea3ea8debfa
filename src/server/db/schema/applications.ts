import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
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
  applicationStatuses,
  assignmentStatuses,
  notificationTypes,
  REVIEW_RATING_MAX,
  REVIEW_RATING_MIN,
} from '~/shared/applications';
import { applicationSources } from '~/shared/job-reach';
import type { OfferedMilestone } from '~/shared/offered-milestones';
import { alertFrequencies, type SavedSearchFilters } from '~/shared/saved-searches';
import { SCORECARD_RATING_MAX, SCORECARD_RATING_MIN } from '~/shared/scorecards';
import type { ScreeningAnswer } from '~/shared/screening-questions';
import { users } from './auth';
import { companies } from './companies';
import { storedFiles } from './files';
import { engagementType, jobs } from './jobs';

export const applicationStatus = pgEnum('application_status', applicationStatuses);
export const applicationSource = pgEnum('application_source', applicationSources);

export interface ApplicationHistoryEntry {
  status: (typeof applicationStatus.enumValues)[number];
  at: string;
  by: string | null;
  // Why, when the move says more than its stage ("Declined the offer").
  note?: string;
  // The job's interview stage it reached (its name then), for a move into or within Interviewing.
  interview_stage?: string;
}

// An applicant's application to a job (docs/design.md §5 pipeline). The timestamps of the stages the
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
    // The job's company, copied by a trigger on insert (migration 0053; a job never changes company), so
    // the company-wide pipeline pages and counts read one index instead of every job's applications.
    // No foreign key of its own: the row goes with its job.
    companyId: uuid(),
    coverLetter: text().notNull(),
    // What the applicant proposed: a rate for an hourly job; for a fixed-price job a total, perhaps split
    // into milestones that add up to it (decision 035's offer, proposed from the other side).
    proposalRateCents: integer(),
    proposalPriceCents: integer(),
    proposalMilestones: jsonb().$type<OfferedMilestone[]>(),
    // The job's screening questions as they were asked, each with the applicant's answer.
    screeningAnswers: jsonb().$type<ScreeningAnswer[]>().notNull().default([]),
    status: applicationStatus().notNull().default('submitted'),
    // Which of the job's interview stages it is in (shared/interview-stages.ts): set while it is in
    // Interviewing on a job that has stages, null otherwise.
    interviewStageId: uuid(),
    history: jsonb().$type<ApplicationHistoryEntry[]>().notNull().default([]),
    offeredAt: timestamp({ withTimezone: true }),
    hiredAt: timestamp({ withTimezone: true }),
    // The offer the company made (while offered, and kept after): rate, hours and start.
    offerRateCents: integer(),
    offerWeeklyHours: integer(),
    offerStartDate: date({ mode: 'string' }),
    // Said to the applicant in neutral words when the company rejects the application.
    rejectionReason: text(),
    // Where the applicant came from (shared/job-reach.ts), and the member whose referral link brought them.
    source: applicationSource().notNull().default('tandem'),
    referrerId: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('applications_job_applicant_unique').on(table.jobId, table.applicantId),
    index('applications_job_status_idx').on(table.jobId, table.status),
    index('applications_applicant_id_idx').on(table.applicantId),
    // A member's referrals, and their account's removal.
    index('applications_referrer_idx').on(table.referrerId).where(sql`${table.referrerId} is not null`),
    // A job's pipeline pages newest first: its top rows read from the index in order, not sorted.
    index('applications_job_created_idx').on(
      table.jobId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // The company's applications newest first, carrying the stage, job and time its stage counts read
    // (so they count from the index alone): written in the migration that adds company_id (0053), as
    // drizzle cannot declare INCLUDE. That migration also gives jobs jobs_company_seen_idx, the company's
    // jobs with their applications_seen_at, which those counts join to tell what is new.
    check('applications_proposal_rate_positive', sql`${table.proposalRateCents} > 0`),
    check('applications_proposal_price_positive', sql`${table.proposalPriceCents} > 0`),
    check(
      'applications_one_proposal_kind',
      sql`${table.proposalRateCents} is null or (${table.proposalPriceCents} is null and ${table.proposalMilestones} is null)`,
    ),
    check(
      'applications_milestones_have_price',
      sql`${table.proposalMilestones} is null or ${table.proposalPriceCents} is not null`,
    ),
    check('applications_offer_rate_positive', sql`${table.offerRateCents} > 0`),
    check('applications_offer_hours_range', sql`${table.offerWeeklyHours} between 1 and 60`),
  ],
);

// The files an applicant attached to their application (shared/proposal-files.ts), linked to their stored file
// in the apply's transaction.
export const applicationFiles = pgTable(
  'application_files',
  {
    id: uuid().primaryKey().defaultRandom(),
    applicationId: uuid()
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    fileId: uuid()
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    contentType: text().notNull(),
    byteSize: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('application_files_application_idx').on(table.applicationId, table.createdAt),
    uniqueIndex('application_files_file_unique').on(table.fileId),
  ],
);

// A reviewer's private notes on an application; only the company's members see them.
export const applicationNotes = pgTable(
  'application_notes',
  {
    id: uuid().primaryKey().defaultRandom(),
    applicationId: uuid()
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    authorId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('application_notes_application_idx').on(table.applicationId, table.createdAt)],
);

// One interviewer's scorecard for one stage of an application: each of the job's criteria rated 1–4 with a
// note, and an overall note. The application's summary averages them.
export const scorecards = pgTable(
  'scorecards',
  {
    id: uuid().primaryKey().defaultRandom(),
    applicationId: uuid()
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    stage: applicationStatus().notNull(),
    authorId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // [{ criterion, rating, note }] in the job's criteria order.
    ratings: jsonb().$type<Array<{ criterion: string; rating: number; note: string }>>().notNull(),
    overallRating: smallint().notNull(),
    note: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One per interviewer per stage: filling it again edits it.
    uniqueIndex('scorecards_application_stage_author_unique').on(table.applicationId, table.stage, table.authorId),
    index('scorecards_author_id_idx').on(table.authorId),
    check(
      'scorecards_overall_rating_range',
      sql`${table.overallRating} between ${sql.raw(String(SCORECARD_RATING_MIN))} and ${sql.raw(String(SCORECARD_RATING_MAX))}`,
    ),
  ],
);

// One 1–5 rating per reviewer per application.
export const applicationRatings = pgTable(
  'application_ratings',
  {
    applicationId: uuid()
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    reviewerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.applicationId, table.reviewerId] }),
    check(
      'application_ratings_range',
      sql`${table.rating} between ${sql.raw(String(REVIEW_RATING_MIN))} and ${sql.raw(String(REVIEW_RATING_MAX))}`,
    ),
  ],
);

// Jobs an applicant keeps for later (the Find Jobs heart).
export const savedJobs = pgTable(
  'saved_jobs',
  {
    applicantId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    jobId: uuid()
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.applicantId, table.jobId] }),
    index('saved_jobs_applicant_created_idx').on(table.applicantId, table.createdAt.desc()),
  ],
);

// An applicant's saved search: Find Jobs' filters under a name, and its job alerts (shared/saved-searches.ts).
// The alert job (job-board/send-job-alerts.ts) claims a due row in a transaction and moves it on with the
// email, so an alert goes out once whichever instance or retry runs it.
export const alertFrequency = pgEnum('alert_frequency', alertFrequencies);
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: uuid().primaryKey().defaultRandom(),
    applicantId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    // The filters and sort as savedSearchFiltersSchema writes them (snake_case, skills as a list).
    filters: jsonb().$type<SavedSearchFilters>().notNull(),
    frequency: alertFrequency().notNull(),
    // The capability in the alert's unsubscribe link: unguessable, and it stops this search's emails only.
    unsubscribeToken: text().notNull(),
    // Jobs published after this are new to the search: the last alert's moment, or the saving's.
    alertedUpTo: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastAlertedAt: timestamp({ withTimezone: true }),
    // When the next alert is due; null when the search is not emailed.
    nextAlertAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The applicant's list, last saved first; names are unique per applicant whatever their case.
    index('saved_searches_applicant_created_idx').on(table.applicantId, table.createdAt.desc()),
    uniqueIndex('saved_searches_applicant_name_unique').on(table.applicantId, sql`lower(${table.name})`),
    uniqueIndex('saved_searches_unsubscribe_token_unique').on(table.unsubscribeToken),
    // The alert job reads the due searches only.
    index('saved_searches_next_alert_idx').on(table.nextAlertAt).where(sql`${table.nextAlertAt} is not null`),
  ],
);

// An applicant a company invited to one of its private jobs: they alone see it in Find Jobs.
export const jobInvitations = pgTable(
  'job_invitations',
  {
    jobId: uuid()
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    applicantId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    invitedById: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.jobId, table.applicantId] }),
    index('job_invitations_applicant_idx').on(table.applicantId),
  ],
);

// A fixed-price offer's milestones (decision 035), written with the move to offered and copied into the
// assignment's milestones when the applicant accepts. Their amounts add up to the offer's total (checked
// where the offer is made: a check constraint cannot sum rows).
export const offerMilestones = pgTable(
  'offer_milestones',
  {
    applicationId: uuid()
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    position: smallint().notNull(),
    title: text().notNull(),
    description: text().notNull(),
    amountCents: integer().notNull(),
    dueDate: date({ mode: 'string' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.applicationId, table.position] }),
    check('offer_milestones_amount_positive', sql`${table.amountCents} > 0`),
  ],
);

export const assignmentStatus = pgEnum('assignment_status', assignmentStatuses);

// A hire at work: made when an applicant accepts an offer; billing builds on it (docs/design.md §5).
export const assignments = pgTable(
  'assignments',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    applicantId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    jobId: uuid().references(() => jobs.id, { onDelete: 'set null' }),
    applicationId: uuid().references(() => applications.id, { onDelete: 'set null' }),
    role: text().notNull(),
    // Paid by the hour (rate, weekly hours, timesheets) or at a fixed price (milestones: decision 035).
    engagementType: engagementType().notNull().default('hourly'),
    // The hourly terms in effect today; none for a fixed price.
    rateCents: integer(),
    weeklyHours: integer(),
    startDate: date({ mode: 'string' }).notNull(),
    // Set when the company or an administrator ends it: the last day worked, and why.
    endDate: date({ mode: 'string' }),
    endReason: text(),
    // When it was ended (the end date may be an earlier day): the review window runs 14 days from here.
    endedAt: timestamp({ withTimezone: true }),
    status: assignmentStatus().notNull().default('pending'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('assignments_application_unique').on(table.applicationId),
    index('assignments_company_status_idx').on(table.companyId, table.status),
    // The assignment lists' order (newest start first): the company's page and the administrators' page
    // are walked from these in order.
    index('assignments_company_start_idx').on(
      table.companyId,
      table.startDate.desc().nullsFirst(),
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('assignments_start_idx').on(
      table.startDate.desc().nullsFirst(),
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('assignments_applicant_idx').on(table.applicantId),
    check('assignments_rate_positive', sql`${table.rateCents} > 0`),
    check('assignments_weekly_hours_range', sql`${table.weeklyHours} between 1 and 60`),
    check(
      'assignments_hourly_terms',
      sql`(${table.engagementType} = 'hourly') = (${table.rateCents} is not null and ${table.weeklyHours} is not null)`,
    ),
    check('assignments_ends_after_start', sql`${table.endDate} is null or ${table.endDate} >= ${table.startDate}`),
  ],
);

export const notificationType = pgEnum('notification_type', notificationTypes);

// What a person is told happened (a stage change, a new application); the popover reads these.
export const notifications = pgTable(
  'notifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: notificationType().notNull(),
    title: text().notNull(),
    body: text().notNull(),
    // The page of the thing itself, a path inside the app.
    link: text(),
    readAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    // When the email job decided this one (sent it, or not as the person's preferences say): a job that
    // runs twice finds it set and does nothing.
    emailHandledAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    // A person's notifications a page at a time, newest first, ties by id, read from the index in order;
    // it also carries read_at (INCLUDE, written in the migration) so the list's total and unread count
    // are one pass over the index alone.
    index('notifications_user_created_id_idx').on(
      table.userId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('notifications_user_unread_idx').on(table.userId).where(sql`${table.readAt} is null`),
    // An instance that starts (or reconnects its LISTEN) queues the emails of those still undecided.
    index('notifications_email_pending_idx').on(table.createdAt).where(sql`${table.emailHandledAt} is null`),
  ],
);
