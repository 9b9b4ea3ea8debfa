import { eq } from 'drizzle-orm';
import type { Test } from '~/shared/assessments';
import type { Database } from '../db/client';
import { tests } from '../db/schema';
import { recordAuditEvent } from '../platform/record-audit-event';
import { findOwnTest } from './find-own-test';
import { getTest } from './get-test';

// The row menu's Archive and Restore. Archiving is what to do with a test that has been taken: it leaves
// the Tests tab and the job form's Required Tests dialog, while jobs that already require it keep it, and
// so do its attempts. Restoring brings it back as it was, published or draft. Asking for the state the
// test is already in changes nothing and logs nothing.
export async function setTestArchived({
  db,
  companyId,
  actorId,
  testId,
  archived,
  ipAddress,
}: {
  db: Database;
  companyId: string;
  actorId: string;
  testId: string;
  archived: boolean;
  ipAddress?: string;
}): Promise<Test> {
  await db.transaction(async (transaction) => {
    const test = await findOwnTest({ db: transaction, companyId, testId, lock: true });
    if ((test.archivedAt !== null) === archived) return;
    await transaction
      .update(tests)
      .set({ archivedAt: archived ? new Date() : null })
      .where(eq(tests.id, testId));
    await recordAuditEvent({
      db: transaction,
      event: {
        actorId,
        action: archived ? 'test.archived' : 'test.restored',
        targetType: 'test',
        targetId: testId,
        ipAddress,
      },
    });
  });
  return getTest({ db, companyId, userId: actorId, testId });
}
