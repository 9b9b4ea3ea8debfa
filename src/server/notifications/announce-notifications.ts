import { and, count, desc, gt, inArray, isNull } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database, DatabaseHandle } from '../db/client';
import { notifications } from '../db/schema';
import { notificationViewOf } from '../kernels/notices/notification-views';
import type { JobQueue } from '../platform/job-queue';
import type { LiveHub } from '../platform/live-hub';

// The channel migration 0019's trigger notifies with "user id:notification id" for each new row.
const NOTIFICATION_CHANNEL = 'notification_created';
// Emails of notifications this old or older are no longer worth sending late.
const CATCH_UP_WINDOW_MS = 24 * 60 * 60_000;
const CATCH_UP_LIMIT = 1000;

interface Announced {
  userId: string;
  notificationId: string;
}

// notify() runs inside other features' transactions, so nothing may be announced before they commit.
// The database does the waiting: the trigger's NOTIFY reaches every instance's LISTEN at commit, and
// never for a rolled-back change. Each instance then
// - delivers the notification to the tabs it holds itself (deliverLocally: every instance heard the
//   NOTIFY, so going through the Redis bus would deliver it once per instance), and
// - queues its email job, keyed by the notification: the instances' sends collapse into one job.
// NOTIFYs sent while a listening connection was down are lost; on (re)connecting, an instance queues
// the emails still undecided (the live side is made good by the clients' refetch after a reconnect).
export async function startNotificationAnnouncements({
  database,
  live,
  jobs,
  logger,
}: {
  database: Pick<DatabaseHandle, 'db' | 'listen'>;
  live: Pick<LiveHub, 'deliverLocally' | 'isConnectedHere'>;
  jobs: Pick<JobQueue, 'send'>;
  logger: Pick<Logger, 'error'>;
}): Promise<() => Promise<void>> {
  const { db } = database;
  let waiting: Announced[] = [];
  const running = new Set<Promise<void>>();
  const track = (work: Promise<void>, failure: string) => {
    const tracked = work.catch((error) => logger.error({ err: error }, failure));
    running.add(tracked);
    void tracked.finally(() => running.delete(tracked));
  };

  // NOTIFYs of one transaction arrive together: they are handled as one batch.
  const flush = () => {
    const batch = waiting;
    waiting = [];
    track(announce({ db, live, jobs, batch }), 'announcing notifications failed');
  };

  const stopListening = await database.listen(
    NOTIFICATION_CHANNEL,
    (payload) => {
      const [userId, notificationId] = payload.split(':');
      if (!userId || !notificationId) return;
      if (waiting.length === 0) setImmediate(flush);
      waiting.push({ userId, notificationId });
    },
    () => track(queueUndecidedEmails({ db, jobs }), 'queueing notification emails failed'),
  );

  return async () => {
    await stopListening();
    if (waiting.length > 0) flush();
    await Promise.allSettled([...running]);
  };
}

async function announce({
  db,
  live,
  jobs,
  batch,
}: {
  db: Database;
  live: Pick<LiveHub, 'deliverLocally' | 'isConnectedHere'>;
  jobs: Pick<JobQueue, 'send'>;
  batch: Announced[];
}) {
  const here = batch.filter((item) => live.isConnectedHere(item.userId));
  if (here.length > 0) {
    const userIds = [...new Set(here.map((item) => item.userId))];
    const [rows, unread] = await Promise.all([
      db
        .select()
        .from(notifications)
        .where(
          inArray(
            notifications.id,
            here.map((item) => item.notificationId),
          ),
        )
        .orderBy(notifications.createdAt),
      db
        .select({ userId: notifications.userId, unread: count() })
        .from(notifications)
        .where(and(inArray(notifications.userId, userIds), isNull(notifications.readAt)))
        .groupBy(notifications.userId),
    ]);
    const unreadByUser = new Map(unread.map((row) => [row.userId, row.unread]));
    for (const row of rows) {
      live.deliverLocally([row.userId], {
        type: 'notification.created',
        notification: notificationViewOf(row),
        unread_count: unreadByUser.get(row.userId) ?? 0,
      });
    }
  }
  for (const item of batch) {
    await jobs.send(
      'notification-email',
      { notificationId: item.notificationId },
      { singletonKey: item.notificationId },
    );
  }
}

async function queueUndecidedEmails({ db, jobs }: { db: Database; jobs: Pick<JobQueue, 'send'> }) {
  const undecided = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(isNull(notifications.emailHandledAt), gt(notifications.createdAt, new Date(Date.now() - CATCH_UP_WINDOW_MS))),
    )
    .orderBy(desc(notifications.createdAt))
    .limit(CATCH_UP_LIMIT);
  for (const { id } of undecided) {
    await jobs.send('notification-email', { notificationId: id }, { singletonKey: id });
  }
}
