import { and, eq, isNull, sql } from 'drizzle-orm';
import { paths } from '~/shared/routes';
import type { Database } from '../db/client';
import { applications, jobs, testAnswers, testAttempts, tests, users } from '../db/schema';
import { companyRecipients } from '../kernels/notices/company-recipients';
import { notify } from '../kernels/notices/notify';
import type { TextGrader } from '../platform/text-grader';
import { snapshotOf } from './attempt-snapshot';
import { gradeAnswer } from './grade-answer';
import { gradeTextAnswers } from './grade-text-answers';

// Closes a started attempt — the candidate submitted, or the deadline passed — and grades it: what an
// answer key decides at once, text with AI grading by the text grader after the close commits (a hosted
// model may take seconds), the rest left to the company. Answers saved until the close are what count;
// the lock taken here makes a save racing the close either land before it or be refused.
// Returns false when the attempt was not started (already closed by someone else).
export async function closeAttempt({
  db,
  attemptId,
  closedBy,
  grader,
  now = new Date(),
}: {
  db: Database;
  attemptId: string;
  closedBy: 'candidate' | 'deadline';
  grader: TextGrader;
  now?: Date;
}): Promise<boolean> {
  const closed = await db.transaction(async (tx) => {
    const [attempt] = await tx
      .select({
        status: testAttempts.status,
        questions: testAttempts.questions,
        deadlineAt: testAttempts.deadlineAt,
        applicantId: testAttempts.applicantId,
        testId: testAttempts.testId,
        applicationId: testAttempts.applicationId,
        jobId: testAttempts.jobId,
      })
      .from(testAttempts)
      .where(eq(testAttempts.id, attemptId))
      .for('update');
    if (attempt?.status !== 'started') return false;
    const saved = await tx
      .select({ questionId: testAnswers.questionId, answer: testAnswers.answer })
      .from(testAnswers)
      .where(eq(testAnswers.attemptId, attemptId));
    const answerOf = new Map(saved.map((row) => [row.questionId, row.answer]));
    const grades = snapshotOf(attempt.questions).map((question) => ({
      questionId: question.id,
      grade: gradeAnswer(question, answerOf.get(question.id) ?? null),
    }));
    if (grades.length > 0) {
      await tx
        .insert(testAnswers)
        .values(
          grades.map(({ questionId, grade }) => ({
            attemptId,
            questionId,
            answer: answerOf.get(questionId) ?? null,
            method: grade.method,
            points: grade.points,
            explanation: grade.explanation,
            gradedAt: grade.points === null ? null : now,
          })),
        )
        .onConflictDoUpdate({
          target: [testAnswers.attemptId, testAnswers.questionId],
          set: {
            method: sql`excluded.method`,
            points: sql`excluded.points`,
            explanation: sql`excluded.explanation`,
            gradedAt: sql`excluded.graded_at`,
          },
        });
    }
    // At the deadline the attempt ends at the deadline, however late the sweep came by.
    const submittedAt =
      closedBy === 'deadline' && attempt.deadlineAt && attempt.deadlineAt < now ? attempt.deadlineAt : now;
    await tx
      .update(testAttempts)
      .set({ status: 'submitted', closedBy, submittedAt })
      .where(eq(testAttempts.id, attemptId));
    const [test] = await tx
      .select({ name: tests.name, companyId: tests.companyId })
      .from(tests)
      .where(eq(tests.id, attempt.testId));
    const [applicant] = await tx.select({ name: users.name }).from(users).where(eq(users.id, attempt.applicantId));
    // The job the attempt was taken for (its own, or its application's), whose hiring team hears of it.
    const [pipeline] = attempt.jobId
      ? await tx.select({ companyId: jobs.companyId, jobId: jobs.id }).from(jobs).where(eq(jobs.id, attempt.jobId))
      : attempt.applicationId
        ? await tx
            .select({ companyId: jobs.companyId, jobId: jobs.id })
            .from(applications)
            .innerJoin(jobs, eq(jobs.id, applications.jobId))
            .where(eq(applications.id, attempt.applicationId))
        : [];
    if (test?.companyId) {
      // Who reviews results: the job's hiring team, or every member who may read them.
      const recipients = await companyRecipients({
        db: tx,
        companyId: test.companyId,
        permission: 'read:test_result:own',
        jobId: pipeline?.companyId === test.companyId ? pipeline.jobId : null,
      });
      await notify({
        db: tx,
        items: recipients.map((userId) => ({
          userId,
          type: 'test_submitted' as const,
          title: `${applicant?.name ?? 'An applicant'} finished ${test.name}`,
          body:
            closedBy === 'deadline'
              ? 'The time limit ran out; the saved answers were submitted.'
              : 'Submitted before the time limit.',
          link: paths.companyTestAttempt.getHref({ id: attemptId }),
        })),
      });
    }
    return true;
  });
  if (!closed) return false;
  await gradeTextAnswers({ db, attemptId, grader, now });
  return true;
}

// Started attempts whose deadline has passed, and submitted ones whose text grading did not finish,
// a batch at a time. closeAttempt re-checks each under a lock, so instances sweeping at once close an
// attempt once.
export async function findAttemptsToSweep({ db, now, limit = 50 }: { db: Database; now: Date; limit?: number }) {
  const expired = await db
    .select({ id: testAttempts.id })
    .from(testAttempts)
    .where(and(eq(testAttempts.status, 'started'), sql`${testAttempts.deadlineAt} <= ${now.toISOString()}`))
    .limit(limit);
  const stalled = await db
    .selectDistinct({ id: testAttempts.id })
    .from(testAttempts)
    .innerJoin(testAnswers, eq(testAnswers.attemptId, testAttempts.id))
    .where(
      and(
        eq(testAttempts.status, 'submitted'),
        eq(testAnswers.method, 'ai'),
        isNull(testAnswers.points),
        sql`${testAttempts.submittedAt} <= ${new Date(now.getTime() - 60_000).toISOString()}`,
      ),
    )
    .limit(limit);
  return { expired: expired.map((row) => row.id), stalled: stalled.map((row) => row.id) };
}
