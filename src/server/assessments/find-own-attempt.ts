import { and, eq } from 'drizzle-orm';
import { attemptTexts } from '~/shared/test-attempts';
import type { Database } from '../db/client';
import { testAttempts } from '../db/schema';
import { AppError } from '../platform/errors';
import { snapshotOf } from './attempt-snapshot';

// The candidate's own attempt, locked for the rest of the transaction (a save against the close), and
// refused with a sentence unless it is open for answers now.
export async function lockOpenAttempt({
  db,
  applicantId,
  attemptId,
  now,
}: {
  db: Database;
  applicantId: string;
  attemptId: string;
  now: Date;
}) {
  const [attempt] = await db
    .select({
      status: testAttempts.status,
      deadlineAt: testAttempts.deadlineAt,
      questions: testAttempts.questions,
      integrityEvents: testAttempts.integrityEvents,
    })
    .from(testAttempts)
    .where(and(eq(testAttempts.id, attemptId), eq(testAttempts.applicantId, applicantId)))
    .for('share');
  if (!attempt) throw new AppError('not_found', attemptTexts.notFound);
  if (attempt.status === 'assigned') throw new AppError('conflict', attemptTexts.notStarted);
  if (attempt.status !== 'started') throw new AppError('conflict', attemptTexts.finished);
  if (!attempt.deadlineAt || attempt.deadlineAt <= now) throw new AppError('conflict', attemptTexts.timeUp);
  return { ...attempt, questions: snapshotOf(attempt.questions) };
}
