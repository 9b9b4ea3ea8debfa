import { eq, sql } from 'drizzle-orm';
import { isScoredQuestion } from '~/shared/assessments';
import type { Database } from '../db/client';
import { testAnswers, testAttempts, tests } from '../db/schema';
import { snapshotOf } from './attempt-snapshot';
import { roundPoints } from './grade-answer';

// Adds up a submitted (or graded, when a grade changed) attempt: points, pending reviews, and once nothing
// waits, the score against the test's pass rate and 'graded'. A test with nothing scored passes at 100.
export async function settleAttempt({
  db,
  attemptId,
  now = new Date(),
}: {
  db: Database;
  attemptId: string;
  now?: Date;
}) {
  await db.transaction(async (tx) => {
    const [attempt] = await tx
      .select({ status: testAttempts.status, questions: testAttempts.questions, passRate: tests.passRate })
      .from(testAttempts)
      .innerJoin(tests, eq(tests.id, testAttempts.testId))
      .where(eq(testAttempts.id, attemptId))
      .for('update', { of: testAttempts });
    if (!attempt || (attempt.status !== 'submitted' && attempt.status !== 'graded')) return;
    const scored = snapshotOf(attempt.questions).filter((question) => isScoredQuestion(question));
    const rows = await tx
      .select({ questionId: testAnswers.questionId, points: testAnswers.points })
      .from(testAnswers)
      .where(eq(testAnswers.attemptId, attemptId));
    const pointsOf = new Map(rows.map((row) => [row.questionId, row.points]));
    const possible = scored.reduce((sum, question) => sum + question.points, 0);
    const earned = roundPoints(scored.reduce((sum, question) => sum + (pointsOf.get(question.id) ?? 0), 0));
    const pending = scored.filter((question) => (pointsOf.get(question.id) ?? null) === null).length;
    const score = possible > 0 ? Math.round((earned / possible) * 100) : 100;
    const settled =
      pending === 0
        ? {
            status: 'graded' as const,
            score,
            passed: score >= attempt.passRate,
            // A grade changed after grading keeps the time it was first graded.
            gradedAt: attempt.status === 'graded' ? sql`${testAttempts.gradedAt}` : now,
          }
        : { status: 'submitted' as const, score: null, passed: null, gradedAt: null };
    await tx
      .update(testAttempts)
      .set({ pointsEarned: earned, pointsPossible: possible, pendingReviews: pending, ...settled })
      .where(eq(testAttempts.id, attemptId));
  });
}
