import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  gradingMethods,
  PASS_RATE_MAX,
  PASS_RATE_MIN,
  POINTS_MAX,
  POINTS_MIN,
  questionTypes,
  TIME_LIMIT_MAX,
  TIME_LIMIT_MIN,
  testAttemptStatuses,
  testTypes,
} from '~/shared/assessments';
import { applications } from './applications';
import { users } from './auth';
import { companies } from './companies';
import { storedFiles } from './files';
import { jobs } from './jobs';

// drizzle's jsonb column parses again a value the driver has already parsed, so a stored JSON string
// such as "404" came back as the number 404; this one keeps what the driver read.
const jsonbValue = customType<{ data: unknown; driverData: unknown }>({
  dataType: () => 'jsonb',
  toDriver: (value) => JSON.stringify(value),
  fromDriver: (value) => value,
});

// A constant written into a CHECK constraint (DDL takes no parameters).
const literal = (value: number) => sql.raw(String(value));

export const testType = pgEnum('test_type', testTypes);
export const questionType = pgEnum('question_type', questionTypes);
export const testAttemptStatus = pgEnum('test_attempt_status', testAttemptStatuses);
export const gradingMethod = pgEnum('grading_method', gradingMethods);
export const attemptCloser = pgEnum('attempt_closer', ['candidate', 'deadline']);

// A skills test a company builds (docs/spec/portal-and-public-site.md §3 "Test"); is_active false while it is a draft.
export const tests = pgTable(
  'tests',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    createdById: uuid().references(() => users.id, { onDelete: 'set null' }),
    name: text().notNull(),
    description: text().notNull().default(''),
    type: testType().notNull(),
    timeLimitMinutes: integer().notNull().default(60),
    passRate: integer().notNull().default(70),
    isActive: boolean().notNull().default(false),
    isPublic: boolean().notNull().default(false),
    archivedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('tests_company_updated_at_idx').on(table.companyId, table.updatedAt),
    // The administrators' Test Management lists every test newest first, and searches names.
    index('tests_created_idx').on(table.createdAt, table.id),
    index('tests_name_trgm_idx').using('gin', table.name.op('gin_trgm_ops')),
    check(
      'tests_pass_rate_range',
      sql`${table.passRate} between ${literal(PASS_RATE_MIN)} and ${literal(PASS_RATE_MAX)}`,
    ),
    check(
      'tests_time_limit_range',
      sql`${table.timeLimitMinutes} between ${literal(TIME_LIMIT_MIN)} and ${literal(TIME_LIMIT_MAX)}`,
    ),
  ],
);

export const questions = pgTable(
  'questions',
  {
    id: uuid().primaryKey().defaultRandom(),
    testId: uuid()
      .notNull()
      .references(() => tests.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    type: questionType().notNull(),
    text: text().notNull(),
    // Choice types only, blanks removed.
    options: text().array().notNull().default(sql`'{}'::text[]`),
    points: integer().notNull().default(1),
    useAi: boolean().notNull().default(false),
    rubric: text(),
    // Per-type settings (scale bounds and labels, star count, grid rows and columns).
    settings: jsonb().notNull().default({}),
    // What a correct answer is, for the types graded automatically; null otherwise.
    answerKey: jsonbValue(),
  },
  (table) => [
    uniqueIndex('questions_test_id_position_unique').on(table.testId, table.position),
    check('questions_position_range', sql`${table.position} >= 0`),
    check('questions_points_range', sql`${table.points} between ${literal(POINTS_MIN)} and ${literal(POINTS_MAX)}`),
  ],
);

// The tests a job requires of its applicants.
export const jobTests = pgTable(
  'job_tests',
  {
    jobId: uuid()
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    testId: uuid()
      .notNull()
      .references(() => tests.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.jobId, table.testId] }), index('job_tests_test_id_idx').on(table.testId)],
);

// One candidate's go at a test: assigned → started → submitted → graded (docs/design.md §5). An attempt is
// one assignment; a retake is a new attempt the company assigns.
export const testAttempts = pgTable(
  'test_attempts',
  {
    id: uuid().primaryKey().defaultRandom(),
    testId: uuid()
      .notNull()
      .references(() => tests.id, { onDelete: 'restrict' }),
    applicantId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The job whose application asked for the test, when there is one.
    jobId: uuid().references(() => jobs.id, { onDelete: 'set null' }),
    applicationId: uuid().references(() => applications.id, { onDelete: 'set null' }),
    // The company member who assigned it; null when applying assigned it.
    assignedById: uuid().references(() => users.id, { onDelete: 'set null' }),
    status: testAttemptStatus().notNull().default('assigned'),
    // Unused since answers have their own rows (test_answers); kept for the rows written before.
    answers: jsonb().notNull().default({}),
    // The questions as they were when the candidate started: later edits of the test do not move them.
    questions: jsonbValue(),
    // Percent 0–100, once graded.
    score: integer(),
    passed: boolean(),
    pointsEarned: numeric({ precision: 8, scale: 2, mode: 'number' }),
    pointsPossible: integer(),
    // Answers still waiting for a person (or the text grader).
    pendingReviews: integer().notNull().default(0),
    closedBy: attemptCloser(),
    // Focus losses and pastes, with the browser's and the server's times (shown to the company).
    integrityEvents: jsonb().notNull().default([]),
    // Counted for every event reported, also past the timeline's cap (INTEGRITY_EVENTS_MAX).
    focusLosses: integer().notNull().default(0),
    pastes: integer().notNull().default(0),
    // Events reported once the timeline was full: counted above, not listed.
    integrityEventsDropped: integer().notNull().default(0),
    assignedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp({ withTimezone: true }),
    deadlineAt: timestamp({ withTimezone: true }),
    submittedAt: timestamp({ withTimezone: true }),
    gradedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('test_attempts_test_id_idx').on(table.testId),
    index('test_attempts_job_id_idx').on(table.jobId),
    index('test_attempts_applicant_id_idx').on(table.applicantId),
    // An application's tests (My Applications, the pipeline).
    index('test_attempts_application_id_idx').on(table.applicationId),
    // One unfinished assignment of a test per applicant: applying twice or assigning twice reuses it.
    uniqueIndex('test_attempts_open_unique')
      .on(table.testId, table.applicantId)
      .where(sql`${table.status} in ('assigned', 'started')`),
    // The sweep: started attempts past their deadline, submitted ones still being graded.
    index('test_attempts_open_deadline_idx')
      .on(table.deadlineAt)
      .where(sql`${table.status} in ('started', 'submitted')`),
    check('test_attempts_score_range', sql`${table.score} between 0 and 100`),
  ],
);

// One answer of an attempt, saved as it is given, and its grade once graded.
export const testAnswers = pgTable(
  'test_answers',
  {
    attemptId: uuid()
      .notNull()
      .references(() => testAttempts.id, { onDelete: 'cascade' }),
    // The id of the question in the attempt's snapshot.
    questionId: text().notNull(),
    answer: jsonbValue(),
    // A file-upload answer's file in the file store (the answer carries its id too).
    fileId: uuid().references(() => storedFiles.id, { onDelete: 'set null' }),
    answeredAt: timestamp({ withTimezone: true }),
    method: gradingMethod(),
    // null while the answer waits to be graded.
    points: numeric({ precision: 6, scale: 2, mode: 'number' }),
    explanation: text(),
    gradedById: uuid().references(() => users.id, { onDelete: 'set null' }),
    gradedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.attemptId, table.questionId] }),
    // Deleting a stored file finds the answer naming it.
    index('test_answers_file_idx').on(table.fileId).where(sql`${table.fileId} is not null`),
  ],
);

// A company user's starred tests.
export const testFavorites = pgTable(
  'test_favorites',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    testId: uuid()
      .notNull()
      .references(() => tests.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.testId] })],
);
