import { eq } from 'drizzle-orm';
import type { NotificationType } from '~/shared/applications';
import { emailPreferenceTypesOf, type NotificationPreferences } from '~/shared/notifications';
import type { Principal } from '~/shared/permissions';
import type { Database } from '../db/client';
import { notificationPreferences } from '../db/schema';

// The kinds the person's role (a member's company role) is told about, each with whether it is also
// emailed (no row: on).
export async function getNotificationPreferences({
  db,
  userId,
  principal,
}: {
  db: Database;
  userId: string;
  principal: Principal;
}): Promise<NotificationPreferences> {
  const rows = await db
    .select({ type: notificationPreferences.type, email: notificationPreferences.email })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  const chosen = new Map<NotificationType, boolean>(rows.map((row) => [row.type, row.email]));
  return {
    preferences: emailPreferenceTypesOf(principal).map((type) => ({ type, email: chosen.get(type) ?? true })),
  };
}
