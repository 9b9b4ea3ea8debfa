import { and, eq } from 'drizzle-orm';
import type { CalendarOauthProvider } from '~/shared/contracts/calendar-oauth';
import type { Database } from '../db/client';
import { calendarConnections } from '../db/schema';
import { connectionOfPushState } from '../kernels/calendars/calendar-push';
import type { JobQueue } from '../platform/job-queue';
import type { SharedCache } from '../platform/shared-cache';

const SETTLE_SECONDS = 5;

// A provider saying one of a connection's calendars changed: its refresh is queued a few seconds on, once for
// a burst (a meeting moved sends several notices), so the read sees the whole change. False when the token
// or clientState was not made here, or names a connection that is gone.
export async function queueRefreshFromPush({
  db,
  jobs,
  cache,
  secret,
  provider,
  state,
}: {
  db: Database;
  jobs: JobQueue;
  cache: SharedCache;
  secret: string;
  provider: CalendarOauthProvider;
  state: string | undefined;
}): Promise<boolean> {
  const connectionId = connectionOfPushState(secret, state);
  if (!connectionId) return false;
  const [connection] = await db
    .select({ id: calendarConnections.id })
    .from(calendarConnections)
    .where(and(eq(calendarConnections.id, connectionId), eq(calendarConnections.provider, provider)));
  if (!connection) return false;
  if (await cache.claim(`calendar-push:${connectionId}`, SETTLE_SECONDS)) {
    await jobs.send(
      'calendar.refresh-connection',
      { connectionId },
      { startAfter: new Date(Date.now() + SETTLE_SECONDS * 1000) },
    );
  }
  return true;
}
