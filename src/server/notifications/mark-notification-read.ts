import { and, eq, isNull } from 'drizzle-orm';
import { notificationTexts, type UnreadCount } from '~/shared/notifications';
import type { Database } from '../db/client';
import { notifications } from '../db/schema';
import { countUnreadNotifications } from '../kernels/notices/notification-views';
import { AppError } from '../platform/errors';

// Marks one of the person's notifications read (again is fine); someone else's is not found.
export async function markNotificationRead({
  db,
  userId,
  id,
}: {
  db: Database;
  userId: string;
  id: string;
}): Promise<UnreadCount> {
  const own = and(eq(notifications.id, id), eq(notifications.userId, userId));
  const [found] = await db.select({ readAt: notifications.readAt }).from(notifications).where(own);
  if (!found) throw new AppError('not_found', notificationTexts.notYours);
  if (!found.readAt) {
    await db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(own, isNull(notifications.readAt)));
  }
  return { unread_count: await countUnreadNotifications({ db, userId }) };
}
