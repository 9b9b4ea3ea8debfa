import type { Database } from '../db/client';
import type { BusyInterval } from '../kernels/calendars/calendar-provider';
import { findCalendarBusy } from '../kernels/calendars/find-calendar-busy';
import type { JobQueue } from '../platform/job-queue';

const STALE_BUCKET_MS = 5 * 60_000;

// People's busy times from their own calendars, as cached (decision 059): a page never waits on a calendar
// server. An account read longer ago than a few minutes is queued for a refresh, once per account per five
// minutes however many pages ask; a queue that cannot take it now costs the page nothing.
export async function findCalendarBusyTimes({
  db,
  jobs,
  userIds,
  from,
  to,
  now = new Date(),
}: {
  db: Database;
  jobs?: Pick<JobQueue, 'send'>;
  userIds: string[];
  from: Date;
  to: Date;
  now?: Date;
}): Promise<Map<string, BusyInterval[]>> {
  const { busy, staleConnectionIds } = await findCalendarBusy({ db, userIds, from, to, now });
  if (jobs) {
    const bucket = Math.floor(now.getTime() / STALE_BUCKET_MS);
    await Promise.all(
      staleConnectionIds.map((connectionId) =>
        jobs
          .send('calendar.refresh-connection', { connectionId }, { singletonKey: `${connectionId}:${bucket}` })
          .catch(() => undefined),
      ),
    );
  }
  return busy;
}
