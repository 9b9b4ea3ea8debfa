import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { testAnswers, testAttempts } from '../db/schema';
import type { TextGrader } from '../platform/text-grader';
import { snapshotOf } from './attempt-snapshot';
import { settleAttempt } from './settle-attempt';

// Grades the attempt's answers waiting for the text grader, then settles the attempt. Safe to run again
// (the sweep does, when a grader call failed): an answer graded meanwhile is left as it is.
export async function gradeTextAnswers({
  db,
  attemptId,
  grader,
  now = new Date(),
}: {
  db: Database;
  attemptId: string;
  grader: TextGrader;
  now?: Date;
}): Promise<void> {
  const [attempt] = await db
    .select({ questions: testAttempts.questions })
    .from(testAttempts)
    .where(eq(testAttempts.id, attemptId));
  const waiting = await db
    .select({ questionId: testAnswers.questionId, answer: testAnswers.answer })
    .from(testAnswers)
    .where(and(eq(testAnswers.attemptId, attemptId), eq(testAnswers.method, 'ai'), isNull(testAnswers.points)));
  const questionById = new Map(snapshotOf(attempt?.questions).map((question) => [question.id, question]));
  for (const row of waiting) {
    const question = questionById.get(row.questionId);
    if (!question) continue;
    const grade = await grader.grade({
      question: question.question,
      rubric: question.rubric ?? '',
      answer: typeof row.answer === 'string' ? row.answer : '',
      points: question.points,
    });
    // The grader cannot judge it (a rubric without keywords): a person grades it, as the company sees.
    await db
      .update(testAnswers)
      .set(
        grade.points === null
          ? { method: 'manual', explanation: grade.explanation }
          : { points: grade.points, explanation: grade.explanation, gradedAt: now },
      )
      .where(
        and(
          eq(testAnswers.attemptId, attemptId),
          eq(testAnswers.questionId, row.questionId),
          isNull(testAnswers.points),
        ),
      );
  }
  await settleAttempt({ db, attemptId, now });
}
