import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from '../db/client';
import { calendarConnections, calendarEventCopies, meetings } from '../db/schema';
import {
  CalendarAccessRefused,
  type CalendarProvider,
  CalendarUnreachable,
  type EventToWrite,
} from '../kernels/calendars/calendar-provider';
import { buildMeetingCalendar } from './build-meeting-calendar';
import { endsAtOf, findParticipants, type MeetingRow, type ParticipantRow, wayInOf } from './meeting-views';

// The job calendar.write-meeting-copies (decision 059): the meeting as it is now, in each participant's chosen
// calendar. A scheduled meeting they have not declined is written (or replaced, when what was written differs
// from the meeting now); a cancelled one, or one they declined, is removed; a copy in a calendar they no
// longer write into moves to the one they chose. What was written is recorded in calendar_event_copies, so a
// run again writes nothing new (safe to retry) and a refresh reading Tandem's own write sees no change. A
// refused account is skipped (its refresh marks it failing); an unreachable one fails the job, to be retried.

export type OpenCalendarProvider = (connectionId: string) => Promise<CalendarProvider | null>;

type CopyRow = typeof calendarEventCopies.$inferSelect;

function eventOf(
  meeting: MeetingRow,
  participants: ParticipantRow[],
  reader: ParticipantRow,
  publicUrl: string,
): EventToWrite {
  const host = new URL(publicUrl).hostname;
  return {
    uid: `${meeting.id}@${host}`,
    title: meeting.title,
    description: meeting.notes ?? '',
    location: wayInOf(publicUrl, meeting),
    startsAt: meeting.startsAt,
    endsAt: endsAtOf(meeting),
    sequence: meeting.sequence,
    cancelled: meeting.status === 'cancelled',
    // One item, no METHOD: a stored event, not an invitation.
    ics: buildMeetingCalendar({
      name: meeting.title,
      publicUrl,
      readerId: reader.userId,
      items: [{ meeting, participants }],
      copy: true,
    }),
  };
}

// Written since the meeting last changed (an answer changes it without a new SEQUENCE: the others' copies
// show it), at its time and sequence.
const isCurrent = (copy: CopyRow, meeting: MeetingRow) =>
  copy.sequence === meeting.sequence &&
  copy.startsAt.getTime() === meeting.startsAt.getTime() &&
  copy.durationMinutes === meeting.durationMinutes &&
  copy.writtenAt.getTime() >= meeting.updatedAt.getTime();

export async function writeMeetingCopies({
  db,
  publicUrl,
  meetingId,
  openProvider,
  logger,
  now = new Date(),
}: {
  db: Database;
  publicUrl: string;
  meetingId: string;
  openProvider: OpenCalendarProvider;
  logger?: Pick<Logger, 'warn'>;
  now?: Date;
}): Promise<void> {
  const [meeting] = await db.select().from(meetings).where(eq(meetings.id, meetingId));
  if (!meeting) return;
  const participants = await findParticipants(db, [meetingId]);
  const userIds = participants.map((participant) => participant.userId);
  if (userIds.length === 0) return;
  const [copies, connections] = await Promise.all([
    db.select().from(calendarEventCopies).where(eq(calendarEventCopies.meetingId, meetingId)),
    db
      .select({
        id: calendarConnections.id,
        userId: calendarConnections.userId,
        writeCalendarId: calendarConnections.writeCalendarId,
      })
      .from(calendarConnections)
      .where(and(inArray(calendarConnections.userId, userIds), isNotNull(calendarConnections.writeCalendarId)))
      // A person with several accounts writing: the one they set up last.
      .orderBy(desc(calendarConnections.updatedAt)),
  ]);
  const providers = new Map<string, Promise<CalendarProvider | null>>();
  const providerOf = (connectionId: string) => {
    let opened = providers.get(connectionId);
    if (!opened) {
      opened = openProvider(connectionId);
      providers.set(connectionId, opened);
    }
    return opened;
  };
  const isOver = endsAtOf(meeting).getTime() <= now.getTime();
  let unreachable: CalendarUnreachable | null = null;
  for (const participant of participants) {
    let copy = copies.find((row) => row.userId === participant.userId) ?? null;
    const target = connections.find((row) => row.userId === participant.userId) ?? null;
    // A meeting over is history: its copies stay as they are.
    if (isOver) continue;
    const isWanted = meeting.status === 'scheduled' && participant.response !== 'declined' && participant.isActive;
    const where = and(eq(calendarEventCopies.meetingId, meetingId), eq(calendarEventCopies.userId, participant.userId));
    try {
      if (
        copy &&
        (!isWanted || !target || copy.connectionId !== target.id || copy.calendarId !== target.writeCalendarId)
      ) {
        const provider = await providerOf(copy.connectionId);
        await provider?.deleteEvent(copy.calendarId, { id: copy.eventId, etag: copy.etag });
        await db.delete(calendarEventCopies).where(where);
        copy = null;
      }
      if (!isWanted || !target?.writeCalendarId) continue;
      if (copy && isCurrent(copy, meeting)) continue;
      const provider = await providerOf(target.id);
      if (!provider) continue;
      const written = await provider.putEvent(
        target.writeCalendarId,
        eventOf(meeting, participants, participant, publicUrl),
        copy ? { id: copy.eventId, etag: copy.etag } : null,
      );
      const values = {
        connectionId: target.id,
        calendarId: target.writeCalendarId,
        eventId: written.id,
        etag: written.etag,
        sequence: meeting.sequence,
        startsAt: meeting.startsAt,
        durationMinutes: meeting.durationMinutes,
        writtenAt: new Date(),
      };
      await db
        .insert(calendarEventCopies)
        .values({ meetingId, userId: participant.userId, ...values })
        .onConflictDoUpdate({ target: [calendarEventCopies.meetingId, calendarEventCopies.userId], set: values });
    } catch (error) {
      if (error instanceof CalendarAccessRefused) {
        logger?.warn({ meetingId, userId: participant.userId, err: error }, 'a calendar refused the meeting’s copy');
        continue;
      }
      if (error instanceof CalendarUnreachable) {
        unreachable = error;
        continue;
      }
      throw error;
    }
  }
  // The others are written; this run again (pg-boss's retry) writes only what is still missing.
  if (unreachable) throw unreachable;
}
