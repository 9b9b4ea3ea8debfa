import { count, desc, eq, sql } from 'drizzle-orm';
import type { NotificationList, NotificationListQuery } from '~/shared/notifications';
import type { Database } from '../db/client';
import { notifications } from '../db/schema';
import { notificationViewOf } from '../kernels/notices/notification-views';

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
  // The total and the unread count in one pass over the person's index entries (it carries read_at).
  const counting = db
    .select({
      total: count(),
      unread: sql<number>`(count(*) filter (where ${notifications.readAt} is null))::int`,
    })
    .from(notifications)
    .where(own);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(own)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    counting,
  ]);
  return {
    items: rows.map(notificationViewOf),
    total: counted?.total ?? 0,
    page: query.page,
    page_size: query.page_size,
    unread_count: counted?.unread ?? 0,
  };
}
