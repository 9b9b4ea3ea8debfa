import { count, desc, eq } from 'drizzle-orm';
import type { NotificationList, NotificationListQuery } from '~/shared/notifications';
import type { Database } from '../db/client';
import { notifications } from '../db/schema';
import { countUnreadNotifications, notificationViewOf } from '../platform/notification-views';

// A person's notifications, newest first, a page at a time, with how many are unread.
export async function listNotifications({
  db,
  userId,
  query,
}: {
  db: Database;
  userId: string;
  query: NotificationListQuery;
}): Promise<NotificationList> {
  const own = eq(notifications.userId, userId);
  const [rows, [total], unreadCount] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(own)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ total: count() }).from(notifications).where(own),
    countUnreadNotifications({ db, userId }),
  ]);
  return {
    items: rows.map(notificationViewOf),
    total: total?.total ?? 0,
    page: query.page,
    page_size: query.page_size,
    unread_count: unreadCount,
  };
}
