import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { isScoredQuestion } from '~/shared/assessments';
import {
  type ApplicantAttempt,
  type ApplicantAttemptList,
  type ApplicantAttemptSummary,
  attemptTexts,
} from '~/shared/test-attempts';
import type { Database } from '../db/client';
import { companies, jobs, questions, testAnswers, testAttempts, tests } from '../db/schema';
import { AppError } from '../platform/errors';
import type { TextGrader } from '../platform/text-grader';
import { snapshotOf } from './attempt-snapshot';
import { closeAttempt } from './close-attempt';

const iso = (value: Date | null) => value?.toISOString() ?? null;

const questionCount = sql<number>`coalesce(jsonb_array_length(${testAttempts.questions}),
  (select count(*) from ${questions} where ${questions.testId} = ${testAttempts.testId}))::int`;

const summaryColumns = {
  id: testAttempts.id,
  status: testAttempts.status,
  applicationId: testAttempts.applicationId,
  assignedAt: testAttempts.assignedAt,
  startedAt: testAttempts.startedAt,
  deadlineAt: testAttempts.deadlineAt,
  submittedAt: testAttempts.submittedAt,
  closedBy: testAttempts.closedBy,
  score: testAttempts.score,
  passed: testAttempts.passed,
  pointsEarned: testAttempts.pointsEarned,
  pointsPossible: testAttempts.pointsPossible,
  testId: tests.id,
  testName: tests.name,
  testDescription: tests.description,
  testType: tests.type,
  timeLimit: tests.timeLimitMinutes,
  passRate: tests.passRate,
  questionCount,
  companyName: companies.name,
  jobId: jobs.id,
  jobTitle: jobs.title,
};

type SummaryRow = Awaited<ReturnType<ReturnType<typeof selectSummaries>['execute']>>[number];

function toSummary(row: SummaryRow): ApplicantAttemptSummary {
  return {
    id: row.id,
    status: row.status,
    test: {
      id: row.testId,
      name: row.testName,
      description: row.testDescription,
      type: row.testType,
      time_limit: row.timeLimit,
      pass_rate: row.passRate,
      question_count: row.questionCount,
    },
    company_name: row.companyName,
    job: row.jobId && row.jobTitle ? { id: row.jobId, title: row.jobTitle } : null,
    application_id: row.applicationId,
    assigned_at: row.assignedAt.toISOString(),
    started_at: iso(row.startedAt),
    deadline_at: iso(row.deadlineAt),
    submitted_at: iso(row.submittedAt),
    closed_by: row.closedBy,
    // The candidate sees the outcome once graded, never the answer key.
    result:
      row.status === 'graded' && row.score !== null && row.passed !== null
        ? {
            score: row.score,
            passed: row.passed,
            pass_rate: row.passRate,
            points_earned: row.pointsEarned ?? 0,
            points_possible: row.pointsPossible ?? 0,
          }
        : null,
  };
}

function selectSummaries(db: Database) {
  return db
    .select(summaryColumns)
    .from(testAttempts)
    .innerJoin(tests, eq(tests.id, testAttempts.testId))
    .innerJoin(companies, eq(companies.id, tests.companyId))
    .leftJoin(jobs, eq(jobs.id, testAttempts.jobId));
}

// Started attempts of this candidate whose deadline passed are closed before they are shown, so the
// page never offers answers the server would refuse (the sweep would close them a little later).
async function closeExpired({
  db,
  applicantId,
  grader,
  now,
}: {
  db: Database;
  applicantId: string;
  grader: TextGrader;
  now: Date;
}) {
  const expired = await db
    .select({ id: testAttempts.id })
    .from(testAttempts)
    .where(
      and(
        eq(testAttempts.applicantId, applicantId),
        eq(testAttempts.status, 'started'),
        sql`${testAttempts.deadlineAt} <= ${now.toISOString()}`,
      ),
    );
  for (const { id } of expired) await closeAttempt({ db, attemptId: id, closedBy: 'deadline', grader, now });
}

// The candidate's tests, to do first (by when they were assigned), then done (latest first).
export async function findApplicantAttempts({
  db,
  applicantId,
  grader,
  state,
  applicationId,
  page,
  pageSize,
  now = new Date(),
}: {
  db: Database;
  applicantId: string;
  grader: TextGrader;
  state?: 'to_do' | 'done';
  applicationId?: string;
  page: number;
  pageSize: number;
  now?: Date;
}): Promise<ApplicantAttemptList> {
  await closeExpired({ db, applicantId, grader, now });
  const conditions: SQL[] = [eq(testAttempts.applicantId, applicantId)];
  if (state === 'to_do') conditions.push(inArray(testAttempts.status, ['assigned', 'started']));
  if (state === 'done') conditions.push(inArray(testAttempts.status, ['submitted', 'graded']));
  if (applicationId) conditions.push(eq(testAttempts.applicationId, applicationId));
  const where = and(...conditions);
  const isOpen = sql`(${testAttempts.status} in ('assigned', 'started'))`;
  const [rows, [total]] = await Promise.all([
    selectSummaries(db)
      .where(where)
      .orderBy(
        desc(isOpen),
        asc(sql`case when ${isOpen} then ${testAttempts.assignedAt} end`),
        desc(testAttempts.assignedAt),
        desc(testAttempts.id),
      )
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ value: count() }).from(testAttempts).where(where),
  ]);
  return { items: rows.map(toSummary), total: total?.value ?? 0, page, page_size: pageSize };
}

// One of the candidate's attempts; while it is started, its questions (no answer keys) and the answers
// saved so far, and the server's clock for the countdown.
export async function getApplicantAttempt({
  db,
  applicantId,
  attemptId,
  grader,
  now = new Date(),
}: {
  db: Database;
  applicantId: string;
  attemptId: string;
  grader: TextGrader;
  now?: Date;
}): Promise<ApplicantAttempt> {
  const load = () =>
    selectSummaries(db)
      .where(and(eq(testAttempts.id, attemptId), eq(testAttempts.applicantId, applicantId)))
      .then((rows) => rows[0]);
  let row = await load();
  if (!row) throw new AppError('not_found', attemptTexts.notFound);
  if (row.status === 'started' && row.deadlineAt && row.deadlineAt <= now) {
    await closeAttempt({ db, attemptId, closedBy: 'deadline', grader, now });
    row = await load();
    if (!row) throw new AppError('not_found', attemptTexts.notFound);
  }
  const summary = toSummary(row);
  if (row.status !== 'started') return { ...summary, server_time: now.toISOString(), questions: [], answers: {} };
  const [snapshot, saved] = await Promise.all([
    db.select({ questions: testAttempts.questions }).from(testAttempts).where(eq(testAttempts.id, attemptId)),
    db
      .select({ questionId: testAnswers.questionId, answer: testAnswers.answer })
      .from(testAnswers)
      .where(eq(testAnswers.attemptId, attemptId)),
  ]);
  return {
    ...summary,
    server_time: now.toISOString(),
    questions: snapshotOf(snapshot[0]?.questions).map((question) => ({
      id: question.id,
      type: question.type,
      question: question.question,
      options: question.options,
      points: question.points,
      settings: question.settings,
      is_scored: isScoredQuestion(question),
    })),
    answers: Object.fromEntries(
      saved.filter((entry) => entry.answer !== null).map((entry) => [entry.questionId, entry.answer]),
    ),
  };
}
