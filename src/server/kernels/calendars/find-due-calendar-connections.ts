import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { calendarConnections } from '../../db/schema';
import { CALENDAR_STALE_MS } from './find-calendar-busy';

// A failing account is tried again after this long, so one that keeps failing does not take every tick.
const FAILING_RETRY_MS = 15 * 60_000;

// The accounts the refresh sweep reads this tick (decision 059): those read longest ago (never read first),
// older than the stale mark, a failing one only once its retry wait passed; at most `limit`, so a tick is
// bounded however many people connect calendars.
export async function findDueCalendarConnections({
  db,
  now = new Date(),
  limit = 200,
}: {
  db: Database;
  now?: Date;
  limit?: number;
}): Promise<string[]> {
  const staleBefore = new Date(now.getTime() - CALENDAR_STALE_MS);
  const rows = await db
    .select({ id: calendarConnections.id })
    .from(calendarConnections)
    .where(
      and(
        or(isNull(calendarConnections.lastSyncedAt), lt(calendarConnections.lastSyncedAt, staleBefore)),
        or(
          eq(calendarConnections.status, 'active'),
          lt(calendarConnections.updatedAt, new Date(now.getTime() - FAILING_RETRY_MS)),
        ),
      ),
    )
    .orderBy(sql`${calendarConnections.lastSyncedAt} asc nulls first`, asc(calendarConnections.id))
    .limit(limit);
  return rows.map((row) => row.id);
}
