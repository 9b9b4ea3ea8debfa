import { and, eq } from 'drizzle-orm';
import type { TestFavorite } from '~/shared/assessments';
import type { Database } from '../db/client';
import { testFavorites } from '../db/schema';
import { findOwnTest } from './find-own-test';

// The Tests tab's star: each user of the company has their own. Setting it twice is the same as once.
export async function setTestFavorite({
  db,
  companyId,
  userId,
  testId,
  favorite,
}: {
  db: Database;
  companyId: string;
  userId: string;
  testId: string;
  favorite: boolean;
}): Promise<TestFavorite> {
  await findOwnTest({ db, companyId, testId });
  if (favorite) {
    await db.insert(testFavorites).values({ userId, testId }).onConflictDoNothing();
  } else {
    await db.delete(testFavorites).where(and(eq(testFavorites.userId, userId), eq(testFavorites.testId, testId)));
  }
  return { favorite };
}
