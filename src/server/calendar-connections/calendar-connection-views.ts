import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  type CalendarConnection,
  type CalendarConnectionList,
  calendarConnectionTexts,
} from '~/shared/calendar-connections';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { calendarConnections, connectedCalendars } from '../db/schema';
import { AppError } from '../platform/errors';

export type CalendarConnectionRow = typeof calendarConnections.$inferSelect;
type ConnectedCalendarRow = typeof connectedCalendars.$inferSelect;

// A connection as its person sees it: what it is, how it is doing and its calendars; never its secret.
export function calendarConnectionView(
  row: CalendarConnectionRow,
  calendars: readonly ConnectedCalendarRow[],
): CalendarConnection {
  return {
    id: row.id,
    provider: row.provider,
    account_name: row.accountName,
    server_url: row.serverUrl,
    status: row.status,
    last_error: row.lastError,
    last_synced_at: row.lastSyncedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    write_calendar_id: row.writeCalendarId,
    calendars: calendars.map((calendar) => ({
      id: calendar.calendarId,
      name: calendar.name,
      checks_busy: calendar.checksBusy,
      writable: calendar.writable,
      is_write_calendar: calendar.calendarId === row.writeCalendarId,
    })),
  };
}

const calendarsOrder = [asc(connectedCalendars.name), asc(connectedCalendars.calendarId)];

// Which kinds this server can connect: the API providers only with their OAuth client configured.
export function availableCalendarProviders(config: Config): CalendarConnectionList['providers'] {
  return {
    caldav: true,
    google: Boolean(config.GOOGLE_CALENDAR_CLIENT_ID && config.GOOGLE_CALENDAR_CLIENT_SECRET),
    microsoft: Boolean(config.MICROSOFT_CALENDAR_CLIENT_ID && config.MICROSOFT_CALENDAR_CLIENT_SECRET),
  };
}

// The person's connections, oldest first, each with its calendars by name.
export async function findCalendarConnections({
  db,
  userId,
  config,
}: {
  db: Database;
  userId: string;
  config: Config;
}): Promise<CalendarConnectionList> {
  const rows = await db
    .select()
    .from(calendarConnections)
    .where(eq(calendarConnections.userId, userId))
    .orderBy(asc(calendarConnections.createdAt), asc(calendarConnections.id));
  const calendars =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(connectedCalendars)
          .where(
            inArray(
              connectedCalendars.connectionId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(...calendarsOrder);
  return {
    connections: rows.map((row) =>
      calendarConnectionView(
        row,
        calendars.filter((calendar) => calendar.connectionId === row.id),
      ),
    ),
    providers: availableCalendarProviders(config),
  };
}

// One connection of the person's, or 404: another person's is as unknown as one that never was.
export async function findOwnConnection(db: Database, userId: string, id: string): Promise<CalendarConnectionRow> {
  const [row] = await db
    .select()
    .from(calendarConnections)
    .where(and(eq(calendarConnections.id, id), eq(calendarConnections.userId, userId)));
  if (!row) throw new AppError('not_found', calendarConnectionTexts.notFound);
  return row;
}

export async function describeConnection(db: Database, row: CalendarConnectionRow): Promise<CalendarConnection> {
  const calendars = await db
    .select()
    .from(connectedCalendars)
    .where(eq(connectedCalendars.connectionId, row.id))
    .orderBy(...calendarsOrder);
  return calendarConnectionView(row, calendars);
}
