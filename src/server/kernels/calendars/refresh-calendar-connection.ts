import { and, eq, inArray, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  calendarBusyTimes,
  calendarConnections,
  calendarEventCopies,
  connectedCalendars,
  meetingParticipants,
} from '../../db/schema';
import type { CalendarConnectionRow } from './calendar-credentials';
import {
  CalendarAccessRefused,
  type CalendarChanges,
  type CalendarProvider,
  CalendarUnreachable,
  type RemoteEvent,
} from './calendar-provider';

// One refresh of a person's calendar account (decision 059): each calendar that counts as busy (and the one
// Tandem writes into) is read over the window from where its last read stopped, the busy times kept exact
// (a complete read replaces the calendar's, an incremental one replaces the events it names), Tandem's own
// copies left out of them, and what the person did to those copies in their calendar app (moved, declined,
// deleted) handed back for the meetings feature to act on. A refusal or an unreachable server marks the
// connection failing with the sentence why; its busy times stay as last read.

const DAY_MS = 86_400_000;
// The window read: a day back (a meeting under way), two months ahead (the booking horizon, 14 days, and the
// scheduler's usual reach, with a margin).
export const CALENDAR_READ_PAST_DAYS = 1;
export const CALENDAR_READ_AHEAD_DAYS = 60;
// The window slides while incremental reads only bring what changed, so a repeating event's later occurrences
// and far events coming into range are read in full once a day (connected_calendars.synced_at is when).
const FULL_READ_EVERY_MS = DAY_MS;
const INSERT_BATCH = 500;

export type CalendarCopyChange =
  | { kind: 'moved'; meetingId: string; userId: string; startsAt: Date; durationMinutes: number }
  | { kind: 'declined'; meetingId: string; userId: string }
  | { kind: 'deleted'; meetingId: string; userId: string };

// The meeting a UID of Tandem's names: `<meeting id>@<host>` (build-meeting-calendar.ts).
const MEETING_UID = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})@/i;
export const meetingIdOfUid = (uid: string | null) =>
  uid ? (MEETING_UID.exec(uid)?.[1]?.toLowerCase() ?? null) : null;

export function calendarReadWindow(now: Date) {
  return {
    from: new Date(now.getTime() - CALENDAR_READ_PAST_DAYS * DAY_MS),
    to: new Date(now.getTime() + CALENDAR_READ_AHEAD_DAYS * DAY_MS),
  };
}

// A sentence for the connection's lastError.
function describeFailure(error: unknown): string {
  if (error instanceof CalendarAccessRefused || error instanceof CalendarUnreachable) return error.message;
  return 'The calendar could not be read. Tandem tries again in a few minutes.';
}

type CopyRow = typeof calendarEventCopies.$inferSelect;

export async function refreshCalendarConnection({
  db,
  provider,
  connectionId,
  now = new Date(),
}: {
  db: Database;
  // The provider, or how to open it for the stored connection (a secret that no longer opens marks it failing).
  provider: CalendarProvider | ((connection: CalendarConnectionRow) => CalendarProvider);
  connectionId: string;
  now?: Date;
}): Promise<CalendarCopyChange[]> {
  const [connection] = await db.select().from(calendarConnections).where(eq(calendarConnections.id, connectionId));
  if (!connection) return [];
  const changes: CalendarCopyChange[] = [];
  try {
    const calendar = typeof provider === 'function' ? provider(connection) : provider;
    const calendars = await db
      .select()
      .from(connectedCalendars)
      .where(
        and(
          eq(connectedCalendars.connectionId, connectionId),
          or(
            eq(connectedCalendars.checksBusy, true),
            connection.writeCalendarId ? eq(connectedCalendars.calendarId, connection.writeCalendarId) : undefined,
          ),
        ),
      );
    const window = calendarReadWindow(now);
    for (const connected of calendars) {
      const isFullReadDue = !connected.syncedAt || now.getTime() - connected.syncedAt.getTime() >= FULL_READ_EVERY_MS;
      const readStartedAt = new Date();
      const read = await calendar.readChanges(
        connected.calendarId,
        isFullReadDue ? { syncToken: null, ctag: null } : { syncToken: connected.syncToken, ctag: connected.ctag },
        window,
      );
      changes.push(
        ...(await storeCalendarRead(db, {
          connection,
          calendarId: connected.calendarId,
          checksBusy: connected.checksBusy,
          read,
          window,
          previousSyncedAt: connected.syncedAt,
          readStartedAt,
          now,
        })),
      );
    }
    await db
      .update(calendarConnections)
      .set({ status: 'active', lastError: null, lastSyncedAt: now, updatedAt: now })
      .where(eq(calendarConnections.id, connectionId));
    return changes;
  } catch (error) {
    await db
      .update(calendarConnections)
      .set({ status: 'failing', lastError: describeFailure(error), updatedAt: now })
      .where(eq(calendarConnections.id, connectionId));
    if (error instanceof CalendarAccessRefused || error instanceof CalendarUnreachable) return changes;
    throw error;
  }
}

// One calendar's read, in one transaction: its busy times, its read state, and its copies' news.
async function storeCalendarRead(
  db: Database,
  {
    connection,
    calendarId,
    checksBusy,
    read,
    window,
    previousSyncedAt,
    readStartedAt,
    now,
  }: {
    connection: CalendarConnectionRow;
    calendarId: string;
    checksBusy: boolean;
    read: CalendarChanges;
    window: { from: Date; to: Date };
    previousSyncedAt: Date | null;
    readStartedAt: Date;
    now: Date;
  },
): Promise<CalendarCopyChange[]> {
  return db.transaction(async (tx) => {
    const connectionId = connection.id;
    const copies = await tx
      .select()
      .from(calendarEventCopies)
      .where(and(eq(calendarEventCopies.connectionId, connectionId), eq(calendarEventCopies.calendarId, calendarId)));
    const copyByEventId = new Map(copies.map((copy) => [copy.eventId, copy]));
    const copyByMeetingId = new Map(copies.map((copy) => [copy.meetingId, copy]));
    // Events whose UID names one of the person's own meetings are Tandem's, recorded or not (a copy whose
    // record was lost, or one written from another account of theirs).
    const named = [...new Set(read.events.map((event) => meetingIdOfUid(event.uid)).filter((id) => id !== null))];
    const ownMeetingIds = new Set(
      named.length === 0
        ? []
        : (
            await tx
              .select({ meetingId: meetingParticipants.meetingId })
              .from(meetingParticipants)
              .where(
                and(inArray(meetingParticipants.meetingId, named), eq(meetingParticipants.userId, connection.userId)),
              )
          ).map((row) => row.meetingId),
    );
    const copyOf = (event: RemoteEvent): CopyRow | null => {
      const byId = copyByEventId.get(event.id);
      if (byId) return byId;
      const meetingId = meetingIdOfUid(event.uid);
      return meetingId ? (copyByMeetingId.get(meetingId) ?? null) : null;
    };
    const isTandems = (event: RemoteEvent) =>
      copyByEventId.has(event.id) || ownMeetingIds.has(meetingIdOfUid(event.uid) ?? '');

    // Busy times.
    const scope = and(eq(calendarBusyTimes.connectionId, connectionId), eq(calendarBusyTimes.calendarId, calendarId));
    const touched = [...read.events.map((event) => event.id), ...read.removedIds];
    if (read.complete || !checksBusy) await tx.delete(calendarBusyTimes).where(scope);
    else if (touched.length > 0) {
      for (let start = 0; start < touched.length; start += INSERT_BATCH) {
        await tx
          .delete(calendarBusyTimes)
          .where(and(scope, inArray(calendarBusyTimes.eventId, touched.slice(start, start + INSERT_BATCH))));
      }
    }
    const rows = checksBusy
      ? read.events
          .filter((event) => event.busy && !event.declined && !isTandems(event))
          .flatMap((event) =>
            event.occurrences.map((occurrence) => ({
              connectionId,
              calendarId,
              eventId: event.id,
              startsAt: occurrence.startsAt,
              endsAt: occurrence.endsAt,
            })),
          )
      : [];
    for (let start = 0; start < rows.length; start += INSERT_BATCH) {
      await tx
        .insert(calendarBusyTimes)
        .values(rows.slice(start, start + INSERT_BATCH))
        .onConflictDoNothing();
    }
    await tx
      .update(connectedCalendars)
      .set({
        syncToken: read.state.syncToken,
        ctag: read.state.ctag,
        syncedAt: read.complete ? now : previousSyncedAt,
      })
      .where(and(eq(connectedCalendars.connectionId, connectionId), eq(connectedCalendars.calendarId, calendarId)));

    // What happened to Tandem's copies: compared with what was written, so Tandem's own writes read back as
    // no change.
    const changes: CalendarCopyChange[] = [];
    const seen = new Set<CopyRow>();
    for (const event of read.events) {
      const copy = copyOf(event);
      if (!copy) continue;
      seen.add(copy);
      const { meetingId, userId } = copy;
      if (copy.eventId !== event.id || copy.etag !== event.etag) {
        // Where it is now, so the next write replaces this version rather than failing on a stale etag.
        await tx
          .update(calendarEventCopies)
          .set({ eventId: event.id, etag: event.etag })
          .where(and(eq(calendarEventCopies.meetingId, meetingId), eq(calendarEventCopies.userId, userId)));
      }
      if (event.declined) {
        changes.push({ kind: 'declined', meetingId, userId });
        continue;
      }
      // A copy moved beyond the window read says nothing of where it went: nothing to act on.
      const [occurrence] = event.occurrences;
      if (!occurrence) continue;
      const durationMinutes = Math.round((occurrence.endsAt.getTime() - occurrence.startsAt.getTime()) / 60_000);
      if (occurrence.startsAt.getTime() !== copy.startsAt.getTime() || durationMinutes !== copy.durationMinutes) {
        changes.push({ kind: 'moved', meetingId, userId, startsAt: occurrence.startsAt, durationMinutes });
      }
    }
    const removed = new Set(read.removedIds);
    for (const copy of copies) {
      // Written while the read was under way: the read could not have seen it.
      if (seen.has(copy) || copy.writtenAt.getTime() >= readStartedAt.getTime()) continue;
      const endsAt = copy.startsAt.getTime() + copy.durationMinutes * 60_000;
      // A complete read names everything in the window: a copy in the window it does not name was deleted.
      const isMissing =
        read.complete && endsAt > window.from.getTime() && copy.startsAt.getTime() < window.to.getTime();
      if (removed.has(copy.eventId) || isMissing) {
        changes.push({ kind: 'deleted', meetingId: copy.meetingId, userId: copy.userId });
      }
    }
    return changes;
  });
}
