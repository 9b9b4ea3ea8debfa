import { and, count, eq, isNull } from 'drizzle-orm';
import type { NotificationView } from '~/shared/notifications';
import type { Database } from '../../db/client';
import { notifications } from '../../db/schema';

type NotificationRow = typeof notifications.$inferSelect;

export function notificationViewOf(row: NotificationRow): NotificationView {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    body: row.body,
    link: row.link,
    read_at: row.readAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

// How many of a person's notifications are unread (the bell's badge); the partial index holds just those.
export async function countUnreadNotifications({ db, userId }: { db: Database; userId: string }): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.unread ?? 0;
}
