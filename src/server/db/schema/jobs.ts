import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { InterviewStage } from '~/shared/interview-stages';
import { engagementTypes, jobStatuses, jobVisibilities, WEEKLY_HOURS_MAX, WEEKLY_HOURS_MIN } from '~/shared/jobs';
import type { ScreeningQuestion } from '~/shared/screening-questions';
import { users } from './auth';
import { companies } from './companies';

// PostgreSQL's full-text document type (drizzle has none).
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const jobStatus = pgEnum('job_status', jobStatuses);
export const engagementType = pgEnum('engagement_type', engagementTypes);
export const jobVisibility = pgEnum('job_visibility', jobVisibilities);

// A company's job post (docs/spec/portal-and-public-site.md §3 "Job (as sent)");
// its state machine is docs/design.md §5.
export const jobs = pgTable(
  'jobs',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    createdById: uuid().references(() => users.id, { onDelete: 'set null' }),
    title: text().notNull(),
    description: text().notNull(),
    engagementType: engagementType().notNull().default('hourly'),
    // Money is integer cents; hourly jobs have min and max, fixed jobs a total.
    budgetMinCents: integer(),
    budgetMaxCents: integer(),
    budgetTotalCents: integer(),
    weeklyHours: integer().notNull().default(20),
    // How many people the job hires: the job is filled once that many are hired.
    openings: integer().notNull().default(1),
    startDate: date({ mode: 'string' }),
    // The last day it takes applications (the JobPosting's validThrough, decision 058): set from the form, or
    // the platform's default validity when the job is made; past it, the job leaves the board and closes.
    closesOn: date({ mode: 'string' }),
    // Where applicants may live: ISO 3166-1 countries ("DE") or ISO 3166-2 regions ("US-CA").
    applicantLocations: text().array().notNull().default(sql`'{}'::text[]`),
    skillTags: text().array().notNull().default(sql`'{}'::text[]`),
    // The tags lower-cased, for Find Jobs' skill filter: an overlap (&&) the GIN index answers
    // (jobs_skill_keys, migration 0010).
    skillKeys: text().array().generatedAlwaysAs(sql`jobs_skill_keys(skill_tags)`),
    // What the list's search box matches: the title and the tags, lower-cased, kept by the database
    // (jobs_search_text, migration 0007) so a search is a plain LIKE over one column.
    searchText: text().generatedAlwaysAs(sql`jobs_search_text(title, skill_tags)`),
    // Find Jobs' full-text search: title and skills weigh more than the description (jobs_document,
    // migration 0009).
    document: tsvector().generatedAlwaysAs(sql`jobs_document(title, skill_tags, description)`),
    timezone: text().notNull().default('UTC+00:00'),
    requiredCerts: text().array().notNull().default(sql`'{}'::text[]`),
    visibility: jobVisibility().notNull().default('public'),
    ccEmail: text(),
    status: jobStatus().notNull().default('draft'),
    // First publication: the launch date, and where time-to-hire starts.
    publishedAt: timestamp({ withTimezone: true }),
    closedAt: timestamp({ withTimezone: true }),
    archivedAt: timestamp({ withTimezone: true }),
    // When the company last looked at the job's applications: later ones count as new.
    applicationsSeenAt: timestamp({ withTimezone: true }),
    // What each interviewer rates on a scorecard (1–4); null: the default criteria (shared/hiring-team.ts).
    scorecardCriteria: text().array(),
    // What applicants answer as they apply (shared/screening-questions.ts), in the order asked.
    screeningQuestions: jsonb().$type<ScreeningQuestion[]>().notNull().default([]),
    // The steps Interviewing is split into on this job (shared/interview-stages.ts), in order.
    interviewStages: jsonb().$type<InterviewStage[]>().notNull().default([]),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The company's job list filters by status (and counts by it, index only) and sorts by launch date:
    // without a search, its page is read from the launch-date index in order.
    index('jobs_company_status_idx').on(table.companyId, table.status),
    index('jobs_company_launch_idx').on(
      table.companyId,
      sql`(coalesce(${table.publishedAt}, ${table.createdAt})) desc`,
      table.id.desc().nullsFirst(),
    ),
    // The administrators' Job Management lists every company's jobs by launch date, and searches titles.
    index('jobs_launch_idx').on(
      sql`(coalesce(${table.publishedAt}, ${table.createdAt})) desc`,
      table.id.desc().nullsFirst(),
    ),
    index('jobs_title_trgm_idx').using('gin', table.title.op('gin_trgm_ops')),
    index('jobs_skill_tags_idx').using('gin', table.skillTags),
    // Only Find Jobs searches the document and the skill keys, and it lists open jobs only: the closed,
    // paused, draft and archived ones stay out of these indexes rather than being read and thrown away.
    index('jobs_open_document_idx').using('gin', table.document).where(sql`${table.status} = 'open'`),
    index('jobs_open_skill_keys_idx').using('gin', table.skillKeys).where(sql`${table.status} = 'open'`),
    // Find Jobs lists open jobs, newest first.
    index('jobs_open_published_idx').on(table.publishedAt.desc(), table.id).where(sql`${table.status} = 'open'`),
    // The unfiltered board walks jobs_open_posted_idx (its own order, with INCLUDE): migration 0055.
    check(
      'jobs_budget_range',
      sql`${table.budgetMinCents} >= 0 and ${table.budgetMaxCents} >= 0 and ${table.budgetTotalCents} >= 0 and ${table.budgetMinCents} <= ${table.budgetMaxCents}`,
    ),
    check('jobs_openings_range', sql`${table.openings} between 1 and 100`),
    check(
      'jobs_weekly_hours_range',
      sql`${table.weeklyHours} between ${sql.raw(String(WEEKLY_HOURS_MIN))} and ${sql.raw(String(WEEKLY_HOURS_MAX))}`,
    ),
  ],
);

// The members assigned to a job: they get its notifications, fill its scorecards and can be @mentioned in its
// notes (docs/decisions/032). A job without a team notifies every member who may read the pipeline.
export const jobHiringTeam = pgTable(
  'job_hiring_team',
  {
    jobId: uuid()
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.jobId, table.userId] }),
    // A member's jobs, and the foreign key (a removed member leaves every team).
    index('job_hiring_team_user_id_idx').on(table.userId),
  ],
);

// A member's own link to one of the company's jobs: applications that arrive through it are credited to them.
export const jobReferralLinks = pgTable(
  'job_referral_links',
  {
    id: uuid().primaryKey().defaultRandom(),
    jobId: uuid()
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The link's ?ref= value: short, random, not the member's id.
    code: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('job_referral_links_code_unique').on(table.code),
    uniqueIndex('job_referral_links_job_user_unique').on(table.jobId, table.userId),
    index('job_referral_links_user_idx').on(table.userId),
  ],
);
