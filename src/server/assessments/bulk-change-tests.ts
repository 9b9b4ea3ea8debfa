import { inArray, sql } from 'drizzle-orm';
import {
  adminTestTexts,
  type BulkTestAction,
  type BulkTestInput,
  type BulkTestResult,
  takenTestsText,
} from '~/shared/admin-tests';
import type { Database } from '../db/client';
import { tests } from '../db/schema';
import { AppError } from '../platform/errors';
import { deleteTest } from './delete-test';
import { setTestArchived } from './set-test-archived';

// The bulk bar's Archive and Delete on /admin/tests: all the selected tests or none. Each goes through the
// company's own archive or delete (their audit rows, with the administrator as the actor). A delete that
// includes a test already taken is refused whole, with a sentence naming those tests: archive them instead.
// The rows are locked first, so no attempt starts between the check and the delete.
export async function bulkChangeTests({
  db,
  action,
  actorId,
  input,
  ipAddress,
}: {
  db: Database;
  action: BulkTestAction;
  actorId: string;
  input: BulkTestInput;
  ipAddress?: string;
}): Promise<BulkTestResult> {
  const ids = [...new Set(input.ids)];
  return db.transaction(async (transaction) => {
    const rows = await transaction
      .select({
        id: tests.id,
        companyId: tests.companyId,
        name: tests.name,
        // Written out: in a one-table select Drizzle leaves the outer column unqualified, and inside the
        // subquery "id" would name the attempt's own id.
        isTaken: sql<boolean>`exists (select 1 from test_attempts where test_attempts.test_id = tests.id)`,
      })
      .from(tests)
      .where(inArray(tests.id, ids))
      .orderBy(tests.name)
      .for('update');
    if (rows.length !== ids.length) throw new AppError('not_found', adminTestTexts.missing);
    if (action === 'delete') {
      const taken = rows.filter((row) => row.isTaken);
      if (taken.length > 0) throw new AppError('conflict', takenTestsText(taken.map((row) => row.name)));
    }
    for (const row of rows) {
      const target = { db: transaction, companyId: row.companyId, actorId, testId: row.id, ipAddress };
      if (action === 'archive') await setTestArchived({ ...target, archived: true });
      else await deleteTest(target);
    }
    return { action, count: rows.length };
  });
}
