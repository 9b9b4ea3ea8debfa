import { sql } from 'drizzle-orm';
import {
  emailPreferenceTypesOf,
  type NotificationPreferences,
  notificationTexts,
  notificationTypeLabels,
} from '~/shared/notifications';
import type { Principal } from '~/shared/permissions';
import type { Database } from '../db/client';
import { notificationPreferences } from '../db/schema';
import { AppError } from '../platform/errors';
import { getNotificationPreferences } from './get-notification-preferences';

// Saves the switches sent (the others keep their value); a kind the role (a member's company role) is
// never told about is refused.
export async function updateNotificationPreferences({
  db,
  userId,
  principal,
  input,
}: {
  db: Database;
  userId: string;
  principal: Principal;
  input: NotificationPreferences;
}): Promise<NotificationPreferences> {
  const allowed = emailPreferenceTypesOf(principal);
  const refused = input.preferences.find((preference) => !allowed.includes(preference.type));
  if (refused) {
    throw new AppError('validation', notificationTexts.notForYourRole(notificationTypeLabels[refused.type]));
  }
  // One row per kind, the last switch sent winning (one statement may not upsert a row twice).
  const emailByType = new Map(input.preferences.map((preference) => [preference.type, preference.email]));
  if (emailByType.size > 0) {
    await db
      .insert(notificationPreferences)
      .values([...emailByType].map(([type, email]) => ({ userId, type, email })))
      .onConflictDoUpdate({
        target: [notificationPreferences.userId, notificationPreferences.type],
        set: { email: sql`excluded.email` },
      });
  }
  return getNotificationPreferences({ db, userId, principal });
}
