import { and, eq } from 'drizzle-orm';
import { isScoredQuestion } from '~/shared/assessments';
import { attemptTexts } from '~/shared/test-attempts';
import type { Database } from '../db/client';
import { testAnswers, testAttempts, tests } from '../db/schema';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import { snapshotOf } from './attempt-snapshot';
import { settleAttempt } from './settle-attempt';

// A company member grades one answer: one waiting for a person, or any other to correct what the key or
// the grader decided. The attempt is graded once nothing waits; a later correction recomputes the score.
// Only the test's owner grades (a public test's attempts are graded by its key alone).
export async function gradeAnswerByHand({
  db,
  companyId,
  actorId,
  ipAddress,
  attemptId,
  questionId,
  points,
  comment,
  now = new Date(),
}: {
  db: Database;
  companyId: string;
  actorId: string;
  ipAddress?: string;
  attemptId: string;
  questionId: string;
  points: number;
  comment?: string | null;
  now?: Date;
}): Promise<void> {
  await db.transaction(async (tx) => {
    const [attempt] = await tx
      .select({ status: testAttempts.status, questions: testAttempts.questions })
      .from(testAttempts)
      .innerJoin(tests, eq(tests.id, testAttempts.testId))
      .where(and(eq(testAttempts.id, attemptId), eq(tests.companyId, companyId)))
      .for('update', { of: testAttempts });
    if (!attempt) throw new AppError('not_found', attemptTexts.notFound);
    if (attempt.status !== 'submitted' && attempt.status !== 'graded') {
      throw new AppError('conflict', attemptTexts.notSubmittedYet);
    }
    const question = snapshotOf(attempt.questions).find((candidate) => candidate.id === questionId);
    if (!question) throw new AppError('not_found', attemptTexts.questionNotInTest);
    if (!isScoredQuestion(question)) throw new AppError('conflict', attemptTexts.notScored);
    if (points < 0 || points > question.points || Math.round(points * 100) !== points * 100) {
      const message = attemptTexts.pointsRange(question.points);
      throw new AppError('validation', message, { points: message });
    }
    const explanation = comment?.trim() || null;
    await tx
      .insert(testAnswers)
      .values({ attemptId, questionId, method: 'manual', points, explanation, gradedById: actorId, gradedAt: now })
      .onConflictDoUpdate({
        target: [testAnswers.attemptId, testAnswers.questionId],
        set: { method: 'manual', points, explanation, gradedById: actorId, gradedAt: now },
      });
    await recordAuditEvent({
      db: tx,
      event: {
        actorId,
        action: 'test_attempt.answer_graded',
        targetType: 'test_attempt',
        targetId: attemptId,
        details: { question_id: questionId, points },
        ipAddress,
      },
    });
  });
  await settleAttempt({ db, attemptId, now });
}
