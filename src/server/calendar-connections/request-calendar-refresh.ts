import type { CalendarConnection } from '~/shared/calendar-connections';
import type { Database } from '../db/client';
import type { JobQueue } from '../platform/job-queue';
import { describeConnection, findOwnConnection } from './calendar-connection-views';

// Refresh now: the account is read again by the background job (a slow calendar never holds the page); the
// route limits how often a person may ask.
export async function requestCalendarRefresh({
  db,
  jobs,
  actorId,
  id,
}: {
  db: Database;
  jobs: JobQueue;
  actorId: string;
  id: string;
}): Promise<CalendarConnection> {
  const connection = await findOwnConnection(db, actorId, id);
  await jobs.send('calendar.refresh-connection', { connectionId: id });
  return describeConnection(db, connection);
}
