import { and, eq } from 'drizzle-orm';
import { savedSearchTexts } from '~/shared/saved-searches';
import type { Database } from '../db/client';
import { savedSearches } from '../db/schema';
import { AppError } from '../platform/errors';

// Deletes one of the applicant's saved searches, and with it its alerts and unsubscribe link.
export async function deleteSavedSearch({ db, applicantId, id }: { db: Database; applicantId: string; id: string }) {
  const [row] = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.applicantId, applicantId)))
    .returning({ id: savedSearches.id });
  if (!row) throw new AppError('not_found', savedSearchTexts.notFound);
}
