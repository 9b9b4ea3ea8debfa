import { and, eq, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { calendarConnections, connectedCalendars } from '../../db/schema';
import { canUsePush, type PushCapableCalendar, renewPushChannels } from './calendar-push';

// One live push channel on each calendar Tandem reads or writes for a connection: opened right after connecting
// (calendar-connections/oauth-start-push.ts), renewed by every refresh of the account (schedule.ts) before
// Google's week or Graph's three days run out. The account saves its own tokens, channels included, sealed.
export async function keepPushChannels({
  db,
  connectionId,
  account,
  publicUrl,
  secret,
  now = new Date(),
}: {
  db: Database;
  connectionId: string;
  account: PushCapableCalendar;
  publicUrl: string;
  secret: string;
  now?: Date;
}): Promise<{ failures: number }> {
  if (!canUsePush(publicUrl)) return { failures: 0 };
  const [connection] = await db
    .select({ writeCalendarId: calendarConnections.writeCalendarId })
    .from(calendarConnections)
    .where(eq(calendarConnections.id, connectionId));
  if (!connection) return { failures: 0 };
  const calendars = await db
    .select({ calendarId: connectedCalendars.calendarId })
    .from(connectedCalendars)
    .where(
      and(
        eq(connectedCalendars.connectionId, connectionId),
        or(
          eq(connectedCalendars.checksBusy, true),
          eq(connectedCalendars.calendarId, connection.writeCalendarId ?? ''),
        ),
      ),
    );
  const { failures } = await renewPushChannels({
    account,
    connectionId,
    calendarIds: calendars.map((calendar) => calendar.calendarId),
    publicUrl,
    secret,
    now,
  });
  return { failures };
}
