import { eq } from 'drizzle-orm';
import { testTexts } from '~/shared/assessments';
import type { Database } from '../db/client';
import { testAttempts, tests } from '../db/schema';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import { findOwnTest } from './find-own-test';

// Deletes a test nobody has taken, with its questions, job links and favourites. Once an attempt
// exists the attempt's score must stay explainable, so it is a 409: archive instead. The test row is
// locked first, so an attempt cannot start between the check and the delete.
export async function deleteTest({
  db,
  companyId,
  actorId,
  testId,
  ipAddress,
}: {
  db: Database;
  companyId: string;
  actorId: string;
  testId: string;
  ipAddress?: string;
}): Promise<void> {
  await db.transaction(async (transaction) => {
    const test = await findOwnTest({ db: transaction, companyId, testId, lock: true });
    const [attempt] = await transaction
      .select({ id: testAttempts.id })
      .from(testAttempts)
      .where(eq(testAttempts.testId, testId))
      .limit(1);
    if (attempt) throw new AppError('conflict', testTexts.deleteHasAttempts);
    await transaction.delete(tests).where(eq(tests.id, testId));
    await recordAuditEvent({
      db: transaction,
      event: {
        actorId,
        action: 'test.deleted',
        targetType: 'test',
        targetId: testId,
        details: { name: test.name },
        ipAddress,
      },
    });
  });
}
