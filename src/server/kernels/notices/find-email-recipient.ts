import { and, eq } from 'drizzle-orm';
import type { NotificationType } from '~/shared/applications';
import type { Role } from '~/shared/permissions';
import type { Database } from '../../db/client';
import { notificationPreferences, users } from '../../db/schema';

export interface EmailRecipient {
  email: string;
  name: string;
  role: Role;
}

// The person, when they can sign in and want this kind of notification by email (no row: they do). Shared by
// the notifications' emails and digests and the job board's alerts.
export async function findEmailRecipient({
  db,
  userId,
  type,
}: {
  db: Database;
  userId: string;
  type: NotificationType;
}): Promise<EmailRecipient | undefined> {
  const [person] = await db
    .select({
      email: users.email,
      name: users.name,
      role: users.role,
      status: users.status,
      wants: notificationPreferences.email,
    })
    .from(users)
    .leftJoin(
      notificationPreferences,
      and(eq(notificationPreferences.userId, users.id), eq(notificationPreferences.type, type)),
    )
    .where(eq(users.id, userId));
  if (person?.status !== 'active' || person.wants === false) return undefined;
  return { email: person.email, name: person.name, role: person.role };
}
