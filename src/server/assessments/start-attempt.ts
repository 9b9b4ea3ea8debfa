import { and, asc, eq } from 'drizzle-orm';
import { attemptTexts } from '~/shared/test-attempts';
import type { Database } from '../db/client';
import { questions, testAttempts, tests } from '../db/schema';
import { AppError } from '../platform/errors';
import { toQuestion } from './get-test';

// Starts an assigned attempt: the clock runs from now to now + the time limit, on the server's clock, and
// the questions are copied as they are now so the company's later edits do not move them under the
// candidate. Starting a started attempt again changes nothing (a second tab, a retried request).
export async function startAttempt({
  db,
  applicantId,
  attemptId,
  now = new Date(),
}: {
  db: Database;
  applicantId: string;
  attemptId: string;
  now?: Date;
}): Promise<void> {
  await db.transaction(async (tx) => {
    const [attempt] = await tx
      .select({ status: testAttempts.status, testId: testAttempts.testId, timeLimit: tests.timeLimitMinutes })
      .from(testAttempts)
      .innerJoin(tests, eq(tests.id, testAttempts.testId))
      .where(and(eq(testAttempts.id, attemptId), eq(testAttempts.applicantId, applicantId)))
      .for('update', { of: testAttempts });
    if (!attempt) throw new AppError('not_found', attemptTexts.notFound);
    if (attempt.status === 'started') return;
    if (attempt.status !== 'assigned') throw new AppError('conflict', attemptTexts.finished);
    const snapshot = await tx
      .select()
      .from(questions)
      .where(eq(questions.testId, attempt.testId))
      .orderBy(asc(questions.position));
    await tx
      .update(testAttempts)
      .set({
        status: 'started',
        startedAt: now,
        deadlineAt: new Date(now.getTime() + attempt.timeLimit * 60_000),
        questions: snapshot.map(toQuestion),
      })
      .where(eq(testAttempts.id, attemptId));
  });
}
