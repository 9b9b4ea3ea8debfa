import { count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type createSavedSearchSchema,
  SAVED_SEARCHES_MAX,
  type SavedSearch,
  savedSearchTexts,
} from '~/shared/saved-searches';
import type { Database } from '../db/client';
import { savedSearches, users } from '../db/schema';
import { AppError, isUniqueViolation } from '../platform/errors';
import { generateToken } from '../platform/secure-tokens';
import { nextAlertAfter, savedSearchColumns, toSavedSearch } from './saved-search-views';

export const SAVED_SEARCH_NAME_UNIQUE = 'saved_searches_applicant_name_unique';

// Find Jobs' filters kept under a name, with the alerts chosen: the first alert is due a day or a week from
// now and lists the jobs published after this moment.
export async function saveSearch({
  db,
  applicantId,
  input,
  now = new Date(),
}: {
  db: Database;
  applicantId: string;
  input: z.output<typeof createSavedSearchSchema>;
  now?: Date;
}): Promise<SavedSearch> {
  return db.transaction(async (tx) => {
    // The applicant's row locked: two saves at once count each other against the limit.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, applicantId)).for('update');
    const [saved] = await tx
      .select({ total: count() })
      .from(savedSearches)
      .where(eq(savedSearches.applicantId, applicantId));
    if ((saved?.total ?? 0) >= SAVED_SEARCHES_MAX) throw new AppError('conflict', savedSearchTexts.tooMany);
    try {
      const [row] = await tx
        .insert(savedSearches)
        .values({
          applicantId,
          name: input.name,
          filters: input.filters,
          frequency: input.frequency,
          unsubscribeToken: generateToken(),
          alertedUpTo: now,
          nextAlertAt: nextAlertAfter(input.frequency, now),
          createdAt: now,
          updatedAt: now,
        })
        .returning(savedSearchColumns);
      if (!row) throw new Error('The saved search was not stored.');
      return toSavedSearch(row);
    } catch (error) {
      if (isUniqueViolation(error, [SAVED_SEARCH_NAME_UNIQUE])) {
        const message = savedSearchTexts.nameTaken(input.name);
        throw new AppError('conflict', message, { name: message });
      }
      throw error;
    }
  });
}
