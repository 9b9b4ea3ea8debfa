import { and, eq } from 'drizzle-orm';
import { testTexts } from '~/shared/assessments';
import type { Database } from '../db/client';
import { tests } from '../db/schema';
import { AppError } from '../platform/errors';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// The company's own test, or a 404: another company's test does not exist for this one. With lock,
// the row stays locked until the transaction ends (nobody starts an attempt while it is deleted).
export async function findOwnTest({
  db,
  companyId,
  testId,
  lock = false,
}: {
  db: Database;
  companyId: string;
  testId: string;
  lock?: boolean;
}) {
  // A malformed id names no test: the same 404 as a missing one, not a validation error.
  if (!UUID_PATTERN.test(testId)) throw new AppError('not_found', testTexts.notFound);
  const query = db
    .select()
    .from(tests)
    .where(and(eq(tests.id, testId), eq(tests.companyId, companyId)));
  const [test] = lock ? await query.for('update') : await query;
  if (!test) throw new AppError('not_found', testTexts.notFound);
  return test;
}
