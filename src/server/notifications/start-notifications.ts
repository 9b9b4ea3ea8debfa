import type { Logger } from 'pino';
import type { AppContext } from '../app-context';
import type { DatabaseHandle } from '../db/client';
import { startNotificationAnnouncements } from './announce-notifications';
import { emailNotification } from './email-notification';
import { MESSAGE_DIGEST_CRON, sendMessageDigests } from './send-message-digests';

// The background side of notifications: new ones announced to open tabs and emailed as preferences
// say, and the digest of unread messages on its schedule. Resolves to a function that stops announcing.
export async function startNotifications({
  context,
  database,
  logger,
}: {
  context: Pick<AppContext, 'db' | 'jobs' | 'live' | 'mailer' | 'config'>;
  database: Pick<DatabaseHandle, 'db' | 'listen'>;
  logger: Pick<Logger, 'error'>;
}): Promise<() => Promise<void>> {
  const { db, jobs, mailer } = context;
  const { publicUrl } = context.config;
  await jobs.work('notification-email', ({ notificationId }) =>
    emailNotification({ db, mailer, publicUrl, notificationId }),
  );
  await jobs.work('message-digest', async () => {
    await sendMessageDigests({ db, mailer, publicUrl });
  });
  await jobs.schedule('message-digest', MESSAGE_DIGEST_CRON);
  return startNotificationAnnouncements({ database, live: context.live, jobs, logger });
}
