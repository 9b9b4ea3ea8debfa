import { and, count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { SAVED_SEARCHES_MAX, type SavedSearchList, type savedSearchListQuerySchema } from '~/shared/saved-searches';
import type { Database } from '../db/client';
import { savedSearches } from '../db/schema';
import { savedSearchColumns, toSavedSearch } from './saved-search-views';

// The applicant's saved searches, last saved first, a page at a time; always their own (the where carries them).
export async function findSavedSearches({
  db,
  applicantId,
  query,
}: {
  db: Database;
  applicantId: string;
  query: z.output<typeof savedSearchListQuerySchema>;
}): Promise<SavedSearchList> {
  const own = eq(savedSearches.applicantId, applicantId);
  const [rows, [counted]] = await Promise.all([
    db
      .select(savedSearchColumns)
      .from(savedSearches)
      .where(and(own))
      .orderBy(desc(savedSearches.createdAt), desc(savedSearches.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ total: count() }).from(savedSearches).where(own),
  ]);
  const total = counted?.total ?? 0;
  return {
    items: rows.map(toSavedSearch),
    total,
    page: query.page,
    page_size: query.page_size,
    remaining: Math.max(0, SAVED_SEARCHES_MAX - total),
  };
}
