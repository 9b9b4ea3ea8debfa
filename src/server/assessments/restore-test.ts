import { eq } from 'drizzle-orm';
import type { Test } from '~/shared/assessments';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { Database } from '../db/client';
import { tests } from '../db/schema';
import { findOwnTest } from './find-own-test';
import { getTest } from './get-test';

// Undoes Archive: the test comes back as it was, published or draft. Restoring a test that is not
// archived changes nothing.
export async function restoreTest({
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
}): Promise<Test> {
  await db.transaction(async (transaction) => {
    const test = await findOwnTest({ db: transaction, companyId, testId, lock: true });
    if (!test.archivedAt) return;
    await transaction.update(tests).set({ archivedAt: null }).where(eq(tests.id, testId));
    await recordAuditEvent({
      db: transaction,
      event: { actorId, action: 'test.restored', targetType: 'test', targetId: testId, ipAddress },
    });
  });
  return getTest({ db, companyId, userId: actorId, testId });
}
