import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { type SavedSearch, savedSearchTexts, type updateSavedSearchSchema } from '~/shared/saved-searches';
import type { Database } from '../db/client';
import { savedSearches } from '../db/schema';
import { AppError, isUniqueViolation } from '../platform/errors';
import { SAVED_SEARCH_NAME_UNIQUE } from './save-search';
import { nextAlertAfter, savedSearchColumns, toSavedSearch } from './saved-search-views';

// Renames a saved search, changes its alerts or its filters. A new frequency starts its clock now; alerts
// turned back on list the jobs published from now on, not everything since the last email.
export async function updateSavedSearch({
  db,
  applicantId,
  id,
  input,
  now = new Date(),
}: {
  db: Database;
  applicantId: string;
  id: string;
  input: z.output<typeof updateSavedSearchSchema>;
  now?: Date;
}): Promise<SavedSearch> {
  return db.transaction(async (tx) => {
    const own = and(eq(savedSearches.id, id), eq(savedSearches.applicantId, applicantId));
    const [current] = await tx
      .select({ frequency: savedSearches.frequency })
      .from(savedSearches)
      .where(own)
      .for('update');
    if (!current) throw new AppError('not_found', savedSearchTexts.notFound);
    const frequency = input.frequency ?? current.frequency;
    const isFrequencyChanged = frequency !== current.frequency;
    try {
      const [row] = await tx
        .update(savedSearches)
        .set({
          ...(input.name !== undefined && { name: input.name }),
          ...(input.filters !== undefined && { filters: input.filters }),
          ...(isFrequencyChanged && { frequency, nextAlertAt: nextAlertAfter(frequency, now) }),
          ...(isFrequencyChanged && current.frequency === 'none' && { alertedUpTo: now }),
          updatedAt: now,
        })
        .where(own)
        .returning(savedSearchColumns);
      if (!row) throw new AppError('not_found', savedSearchTexts.notFound);
      return toSavedSearch(row);
    } catch (error) {
      if (input.name !== undefined && isUniqueViolation(error, [SAVED_SEARCH_NAME_UNIQUE])) {
        const message = savedSearchTexts.nameTaken(input.name);
        throw new AppError('conflict', message, { name: message });
      }
      throw error;
    }
  });
}
