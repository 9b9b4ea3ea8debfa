import { and, eq } from 'drizzle-orm';
import { attemptTexts } from '~/shared/test-attempts';
import type { Database } from '../db/client';
import { testAttempts } from '../db/schema';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import type { TextGrader } from '../platform/text-grader';
import { closeAttempt } from './close-attempt';

// The candidate submits. After the deadline the submit is refused with a sentence, and the attempt is
// closed as the deadline left it (the answers saved before it count).
export async function submitAttempt({
  db,
  applicantId,
  attemptId,
  grader,
  ipAddress,
  now = new Date(),
}: {
  db: Database;
  applicantId: string;
  attemptId: string;
  grader: TextGrader;
  ipAddress?: string;
  now?: Date;
}): Promise<void> {
  const [attempt] = await db
    .select({ status: testAttempts.status, deadlineAt: testAttempts.deadlineAt })
    .from(testAttempts)
    .where(and(eq(testAttempts.id, attemptId), eq(testAttempts.applicantId, applicantId)));
  if (!attempt) throw new AppError('not_found', attemptTexts.notFound);
  if (attempt.status === 'assigned') throw new AppError('conflict', attemptTexts.notStarted);
  if (attempt.status !== 'started') throw new AppError('conflict', attemptTexts.finished);
  if (!attempt.deadlineAt || attempt.deadlineAt <= now) {
    await closeAttempt({ db, attemptId, closedBy: 'deadline', grader, now });
    throw new AppError('conflict', attemptTexts.timeUp);
  }
  const closed = await closeAttempt({ db, attemptId, closedBy: 'candidate', grader, now });
  if (!closed) throw new AppError('conflict', attemptTexts.finished);
  await recordAuditEvent({
    db,
    event: {
      actorId: applicantId,
      action: 'test_attempt.submitted',
      targetType: 'test_attempt',
      targetId: attemptId,
      ipAddress,
    },
  });
}
