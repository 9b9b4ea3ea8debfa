import { and, count, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import { isScoredQuestion } from '~/shared/assessments';
import {
  type AttemptReview,
  attemptTexts,
  type StoredIntegrityEvent,
  type TestAttemptList,
} from '~/shared/test-attempts';
import type { Database } from '../db/client';
import { jobs, questions, testAnswers, testAttempts, tests, users } from '../db/schema';
import { AppError } from '../platform/errors';
import type { TextGrader } from '../platform/text-grader';
import { snapshotOf } from './attempt-snapshot';
import { closeAttempt } from './close-attempt';
import { findOwnTest } from './find-own-test';

const iso = (value: Date | null) => value?.toISOString() ?? null;

const eventsOf = (value: unknown): StoredIntegrityEvent[] =>
  Array.isArray(value) ? (value as StoredIntegrityEvent[]) : [];

// Which attempts a company may read: those at its own tests, and those taken for its own jobs (a public
// test it requires). Tenancy is in the query: another company's attempt is not found.
export const companyReads = (companyId: string): SQL | undefined =>
  or(eq(tests.companyId, companyId), eq(jobs.companyId, companyId));

const fileUrlOf = (attemptId: string, questionId: string) =>
  `/api/test-attempts/${attemptId}/files/${encodeURIComponent(questionId)}`;

// One attempt as the company reviews it: each question with the candidate's answer, the key, the grade
// and its explanation, and the integrity record. An attempt past its deadline is closed first.
export async function reviewAttempt({
  db,
  companyId,
  attemptId,
  grader,
  now = new Date(),
}: {
  db: Database;
  companyId: string;
  attemptId: string;
  grader: TextGrader;
  now?: Date;
}): Promise<AttemptReview> {
  const load = () =>
    db
      .select({
        attempt: testAttempts,
        test: tests,
        applicant: { id: users.id, name: users.name, email: users.email },
        job: { id: jobs.id, title: jobs.title },
      })
      .from(testAttempts)
      .innerJoin(tests, eq(tests.id, testAttempts.testId))
      .innerJoin(users, eq(users.id, testAttempts.applicantId))
      .leftJoin(jobs, eq(jobs.id, testAttempts.jobId))
      .where(and(eq(testAttempts.id, attemptId), companyReads(companyId)))
      .then((rows) => rows[0]);
  let row = await load();
  if (!row) throw new AppError('not_found', attemptTexts.notFound);
  if (row.attempt.status === 'started' && row.attempt.deadlineAt && row.attempt.deadlineAt <= now) {
    await closeAttempt({ db, attemptId, closedBy: 'deadline', grader, now });
    row = await load();
    if (!row) throw new AppError('not_found', attemptTexts.notFound);
  }
  const { attempt, test, applicant, job } = row;
  const [answers, liveQuestionCount] = await Promise.all([
    db
      .select({ answer: testAnswers, gradedByName: users.name })
      .from(testAnswers)
      .leftJoin(users, eq(users.id, testAnswers.gradedById))
      .where(eq(testAnswers.attemptId, attemptId)),
    db.select({ value: count() }).from(questions).where(eq(questions.testId, test.id)),
  ]);
  const answerOf = new Map(answers.map((entry) => [entry.answer.questionId, entry]));
  const snapshot = snapshotOf(attempt.questions);
  const events = eventsOf(attempt.integrityEvents);
  const isClosed = attempt.status === 'submitted' || attempt.status === 'graded';
  return {
    id: attempt.id,
    status: attempt.status,
    applicant,
    test: {
      id: test.id,
      name: test.name,
      description: test.description,
      type: test.type,
      time_limit: test.timeLimitMinutes,
      pass_rate: test.passRate,
      question_count: attempt.questions ? snapshot.length : (liveQuestionCount[0]?.value ?? 0),
    },
    job: job?.id && job.title ? { id: job.id, title: job.title } : null,
    application_id: attempt.applicationId,
    assigned_at: attempt.assignedAt.toISOString(),
    started_at: iso(attempt.startedAt),
    deadline_at: iso(attempt.deadlineAt),
    submitted_at: iso(attempt.submittedAt),
    graded_at: iso(attempt.gradedAt),
    closed_by: attempt.closedBy,
    points_earned: attempt.pointsEarned,
    points_possible: attempt.pointsPossible,
    score: attempt.score,
    passed: attempt.passed,
    pending_reviews: attempt.pendingReviews,
    questions: snapshot.map((question) => {
      const entry = answerOf.get(question.id);
      const answer = entry?.answer.answer ?? null;
      const isFile = question.type === 'file-upload' && answer !== null && typeof answer === 'object';
      return {
        ...question,
        answer,
        file_url: isFile ? fileUrlOf(attempt.id, question.id) : null,
        // While the candidate is still answering, answers show but nothing is graded.
        grade:
          isClosed && entry?.answer.method
            ? {
                method: isScoredQuestion(question) ? entry.answer.method : 'unscored',
                points: entry.answer.points,
                explanation: entry.answer.explanation,
                graded_by_name: entry.gradedByName ?? null,
                graded_at: iso(entry.answer.gradedAt),
              }
            : null,
      };
    }),
    integrity: {
      focus_losses: attempt.focusLosses,
      pastes: attempt.pastes,
      events,
      is_truncated: attempt.integrityEventsDropped > 0,
    },
  };
}

// A test's attempts, a page at a time, those waiting for a person first, then the latest.
export async function findTestAttempts({
  db,
  companyId,
  testId,
  status,
  page,
  pageSize,
}: {
  db: Database;
  companyId: string;
  testId: string;
  status?: AttemptReview['status'];
  page: number;
  pageSize: number;
}): Promise<TestAttemptList> {
  await findOwnTest({ db, companyId, testId });
  const conditions: SQL[] = [eq(testAttempts.testId, testId), eq(tests.companyId, companyId)];
  if (status) conditions.push(eq(testAttempts.status, status));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: testAttempts.id,
        status: testAttempts.status,
        applicantId: users.id,
        applicantName: users.name,
        jobId: jobs.id,
        jobTitle: jobs.title,
        assignedAt: testAttempts.assignedAt,
        submittedAt: testAttempts.submittedAt,
        score: testAttempts.score,
        passed: testAttempts.passed,
        pendingReviews: testAttempts.pendingReviews,
        focusLosses: testAttempts.focusLosses,
        pastes: testAttempts.pastes,
      })
      .from(testAttempts)
      .innerJoin(tests, eq(tests.id, testAttempts.testId))
      .innerJoin(users, eq(users.id, testAttempts.applicantId))
      .leftJoin(jobs, eq(jobs.id, testAttempts.jobId))
      .where(where)
      .orderBy(
        desc(sql`${testAttempts.pendingReviews} > 0`),
        desc(sql`coalesce(${testAttempts.submittedAt}, ${testAttempts.assignedAt})`),
        desc(testAttempts.id),
      )
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ value: count() }).from(testAttempts).innerJoin(tests, eq(tests.id, testAttempts.testId)).where(where),
  ]);
  return {
    items: rows.map((row) => {
      return {
        id: row.id,
        status: row.status,
        applicant: { id: row.applicantId, name: row.applicantName },
        job: row.jobId && row.jobTitle ? { id: row.jobId, title: row.jobTitle } : null,
        assigned_at: row.assignedAt.toISOString(),
        submitted_at: iso(row.submittedAt),
        score: row.score,
        passed: row.passed,
        pending_reviews: row.pendingReviews,
        focus_losses: row.focusLosses,
        pastes: row.pastes,
      };
    }),
    total: total?.value ?? 0,
    page,
    page_size: pageSize,
  };
}
