import { eq } from 'drizzle-orm';
import type { Test } from '~/shared/assessments';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { Database } from '../db/client';
import { tests } from '../db/schema';
import { findOwnTest } from './find-own-test';
import { getTest } from './get-test';

// The row menu's Archive, and what to do with a test that has been taken: it leaves the Tests tab and
// the job form's Required Tests dialog. Jobs that already require it keep it, and so do its attempts.
// Archiving an archived test changes nothing.
export async function archiveTest({
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
    if (test.archivedAt) return;
    await transaction.update(tests).set({ archivedAt: new Date() }).where(eq(tests.id, testId));
    await recordAuditEvent({
      db: transaction,
      event: { actorId, action: 'test.archived', targetType: 'test', targetId: testId, ipAddress },
    });
  });
  return getTest({ db, companyId, userId: actorId, testId });
}
