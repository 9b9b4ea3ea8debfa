import { and, eq } from 'drizzle-orm';
import { testTexts } from '~/shared/assessments';
import type { Database } from '../db/client';
import { tests } from '../db/schema';
import { AppError } from '../platform/errors';

// The company's own test, or a 404: another company's test does not exist for this one. With lock,
// the row stays locked until the transaction ends (nobody starts an attempt while it is deleted).
// testId is a uuid: the routes' idParams refuse any other with a 400 before it gets here.
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
  const query = db
    .select()
    .from(tests)
    .where(and(eq(tests.id, testId), eq(tests.companyId, companyId)));
  const [test] = lock ? await query.for('update') : await query;
  if (!test) throw new AppError('not_found', testTexts.notFound);
  return test;
}
