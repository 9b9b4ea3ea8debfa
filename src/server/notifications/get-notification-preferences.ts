import { eq } from 'drizzle-orm';
import type { NotificationType } from '~/shared/applications';
import { emailPreferenceTypesByRole, type NotificationPreferences } from '~/shared/notifications';
import type { Role } from '~/shared/permissions';
import type { Database } from '../db/client';
import { notificationPreferences } from '../db/schema';

// The kinds the person's role is told about, each with whether it is also emailed (no row: on).
export async function getNotificationPreferences({
  db,
  userId,
  role,
}: {
  db: Database;
  userId: string;
  role: Role;
}): Promise<NotificationPreferences> {
  const rows = await db
    .select({ type: notificationPreferences.type, email: notificationPreferences.email })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  const chosen = new Map<NotificationType, boolean>(rows.map((row) => [row.type, row.email]));
  return {
    preferences: emailPreferenceTypesByRole[role].map((type) => ({ type, email: chosen.get(type) ?? true })),
  };
}
