import { and, eq, isNull } from 'drizzle-orm';
import type { UnreadCount } from '~/shared/notifications';
import type { Database } from '../db/client';
import { notifications } from '../db/schema';
import { countUnreadNotifications } from '../kernels/notices/notification-views';

// Marks every unread notification of the person read.
export async function markAllNotificationsRead({ db, userId }: { db: Database; userId: string }): Promise<UnreadCount> {
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  // Counted again: one may have arrived meanwhile.
  return { unread_count: await countUnreadNotifications({ db, userId }) };
}
