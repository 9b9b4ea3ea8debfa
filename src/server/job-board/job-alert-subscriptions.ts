import { eq } from 'drizzle-orm';
import { paths } from '~/shared/routes';
import { type JobAlertSubscription, savedSearchTexts } from '~/shared/saved-searches';
import type { Database } from '../db/client';
import { savedSearches } from '../db/schema';
import { AppError } from '../platform/errors';

// What an alert's unsubscribe link names, read and changed by whoever holds the link (the email's reader,
// or their mail provider's one-click button), without signing in. The token stops one search's emails and
// reveals no more than its name.

function subscriptionOf(row: { name: string; frequency: JobAlertSubscription['frequency'] }, publicUrl: string) {
  return {
    search_name: row.name,
    frequency: row.frequency,
    manage_url: `${publicUrl}${paths.applicantSavedSearches.getHref()}`,
  };
}

export async function getJobAlertSubscription({
  db,
  token,
  publicUrl,
}: {
  db: Database;
  token: string;
  publicUrl: string;
}): Promise<JobAlertSubscription> {
  const [row] = await db
    .select({ name: savedSearches.name, frequency: savedSearches.frequency })
    .from(savedSearches)
    .where(eq(savedSearches.unsubscribeToken, token));
  if (!row) throw new AppError('not_found', savedSearchTexts.unsubscribeNotFound);
  return subscriptionOf(row, publicUrl);
}

// Turns the search's emails off (the search itself stays); doing it again changes nothing.
export async function unsubscribeJobAlert({
  db,
  token,
  publicUrl,
  now = new Date(),
}: {
  db: Database;
  token: string;
  publicUrl: string;
  now?: Date;
}): Promise<JobAlertSubscription> {
  const [row] = await db
    .update(savedSearches)
    .set({ frequency: 'none', nextAlertAt: null, updatedAt: now })
    .where(eq(savedSearches.unsubscribeToken, token))
    .returning({ name: savedSearches.name, frequency: savedSearches.frequency });
  if (!row) throw new AppError('not_found', savedSearchTexts.unsubscribeNotFound);
  return subscriptionOf(row, publicUrl);
}
