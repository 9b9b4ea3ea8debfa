import type { NotificationType } from '~/shared/applications';
import type { Database } from '../../db/client';
import { notifications } from '../../db/schema';

export interface Notification {
  userId: string;
  type: NotificationType;
  title: string;
  body: string;
  // A path inside the app: the thing the notification is about.
  link?: string;
}

// Stores what people are told happened, in the transaction of the change itself, so a notification
// exists exactly when its event does. The popover (and live delivery) read these rows.
export async function notify({ db, items }: { db: Database; items: Notification | Notification[] }): Promise<void> {
  const rows = Array.isArray(items) ? items : [items];
  if (rows.length === 0) return;
  await db.insert(notifications).values(
    rows.map((item) => ({
      userId: item.userId,
      type: item.type,
      title: item.title,
      body: item.body,
      link: item.link ?? null,
    })),
  );
}
