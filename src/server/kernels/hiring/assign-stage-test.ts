import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { testAttempts, tests } from '../../db/schema';
import { notify } from '../notices/notify';
import { isOpenOrPassed, testAssignedNotification } from './assign-tests';

// The test an interview stage sends, assigned as an application enters the stage (inside the move's
// transaction) and the applicant told; as on applying, not when they have it open or passed it already, nor
// once the company archived or unpublished it. Whether it was sent.
export async function assignStageTest({
  db,
  testId,
  jobId,
  jobTitle,
  applicationId,
  applicantId,
  now,
}: {
  db: Database;
  testId: string;
  jobId: string;
  jobTitle: string;
  applicationId: string;
  applicantId: string;
  now: Date;
}): Promise<boolean> {
  const [test] = await db
    .select({ name: tests.name, timeLimit: tests.timeLimitMinutes })
    .from(tests)
    .where(and(eq(tests.id, testId), eq(tests.isActive, true), isNull(tests.archivedAt)));
  if (!test) return false;
  const [settled] = await db
    .select({ id: testAttempts.id })
    .from(testAttempts)
    .where(and(eq(testAttempts.applicantId, applicantId), eq(testAttempts.testId, testId), isOpenOrPassed))
    .limit(1);
  if (settled) return false;
  const [attempt] = await db
    .insert(testAttempts)
    .values({ testId, applicantId, jobId, applicationId, assignedAt: now })
    .onConflictDoNothing()
    .returning({ id: testAttempts.id, applicantId: testAttempts.applicantId });
  if (!attempt) return false;
  await notify({ db, items: [testAssignedNotification({ attempt, test, jobTitle })] });
  return true;
}
