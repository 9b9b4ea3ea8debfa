import { and, eq, gt, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { calendarBusyTimes, calendarConnections, connectedCalendars } from '../../db/schema';
import type { BusyInterval } from './calendar-provider';

// A connection read longer ago than this is refreshed in the background when someone's times are looked at.
export const CALENDAR_STALE_MS = 5 * 60_000;

// When people are busy in their own connected calendars over [from, to): the calendars that count as busy of
// all their accounts (a failing one with its last busy times), merged where they touch or overlap, times only.
// Read from the cache: nothing here waits on a calendar server. Also the accounts due a refresh, for the
// caller to queue (a page never waits for it).
export async function findCalendarBusy({
  db,
  userIds,
  from,
  to,
  now = new Date(),
}: {
  db: Database;
  userIds: string[];
  from: Date;
  to: Date;
  now?: Date;
}): Promise<{ busy: Map<string, BusyInterval[]>; staleConnectionIds: string[] }> {
  const busy = new Map<string, BusyInterval[]>(userIds.map((userId) => [userId, []]));
  if (userIds.length === 0) return { busy, staleConnectionIds: [] };
  const [rows, stale] = await Promise.all([
    db
      .select({
        userId: calendarConnections.userId,
        startsAt: calendarBusyTimes.startsAt,
        endsAt: calendarBusyTimes.endsAt,
      })
      .from(calendarBusyTimes)
      .innerJoin(calendarConnections, eq(calendarConnections.id, calendarBusyTimes.connectionId))
      .innerJoin(
        connectedCalendars,
        and(
          eq(connectedCalendars.connectionId, calendarBusyTimes.connectionId),
          eq(connectedCalendars.calendarId, calendarBusyTimes.calendarId),
        ),
      )
      .where(
        and(
          inArray(calendarConnections.userId, userIds),
          eq(connectedCalendars.checksBusy, true),
          lt(calendarBusyTimes.startsAt, to),
          gt(calendarBusyTimes.endsAt, from),
        ),
      )
      .orderBy(calendarBusyTimes.startsAt),
    db
      .select({ id: calendarConnections.id })
      .from(calendarConnections)
      .where(
        and(
          inArray(calendarConnections.userId, userIds),
          or(
            isNull(calendarConnections.lastSyncedAt),
            lt(calendarConnections.lastSyncedAt, new Date(now.getTime() - CALENDAR_STALE_MS)),
          ),
        ),
      ),
  ]);
  for (const row of rows) {
    const intervals = busy.get(row.userId) ?? [];
    const last = intervals.at(-1);
    if (last && row.startsAt.getTime() <= last.endsAt.getTime()) {
      if (row.endsAt.getTime() > last.endsAt.getTime()) last.endsAt = row.endsAt;
    } else intervals.push({ startsAt: row.startsAt, endsAt: row.endsAt });
    busy.set(row.userId, intervals);
  }
  return { busy, staleConnectionIds: stale.map((row) => row.id) };
}
