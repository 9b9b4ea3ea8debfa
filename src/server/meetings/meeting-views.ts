import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Meeting, type MeetingResponse, meetingTexts } from '~/shared/meetings';
import type { Role } from '~/shared/permissions';
import { paths } from '~/shared/routes';
import type { Database } from '../db/client';
import { applicantProfiles, companies, meetingParticipants, meetings, users } from '../db/schema';
import { knownTimeZone, ownTimeZoneColumn } from '../kernels/identity/own-time-zones';
import { AppError } from '../platform/errors';

export interface ParticipantRow {
  meetingId: string;
  userId: string;
  name: string;
  email: string;
  role: Role;
  response: MeetingResponse;
  respondedAt: Date | null;
  // IANA: the zone the person set (docs/decisions/022), null until they set one.
  timeZone: string | null;
  // A suspended person is emailed nothing.
  isActive: boolean;
}

export type MeetingRow = typeof meetings.$inferSelect;

// A participant acting on one of their meetings.
export interface ParticipantAction {
  db: Database;
  meetingId: string;
  userId: string;
  ipAddress?: string;
  now?: Date;
}

// A committed change, and everyone to tell live.
export interface MeetingChange {
  meeting: MeetingRow;
  participantIds: string[];
}

// The end of a meeting, in SQL: the calendar's range and "is it over" compare with it.
export const meetingEndsAt = sql<Date>`(${meetings.startsAt} + make_interval(mins => ${meetings.durationMinutes}))`;

export const endsAtOf = (meeting: Pick<MeetingRow, 'startsAt' | 'durationMinutes'>) =>
  new Date(meeting.startsAt.getTime() + meeting.durationMinutes * 60_000);

// A room's join link. Inside the app (the API's answers) it is a path, so it stays on whichever host the
// person is using; what is read outside the site (emails, .ics files, the feed) gets PUBLIC_URL in front.
export const joinPathOf = (roomToken: string) => paths.meetingRoom.getHref({ token: roomToken });
export const joinUrlOf = (publicUrl: string, roomToken: string) => `${publicUrl}${joinPathOf(roomToken)}`;

// Where people go to hold the meeting, read outside the site: the organizer's call elsewhere when they
// gave one, else the room.
export const wayInOf = (publicUrl: string, meeting: Pick<MeetingRow, 'callLink' | 'roomToken'>) =>
  meeting.callLink ?? joinUrlOf(publicUrl, meeting.roomToken);

export async function findParticipants(db: Database, meetingIds: string[]): Promise<ParticipantRow[]> {
  if (meetingIds.length === 0) return [];
  const rows = await db
    .select({
      meetingId: meetingParticipants.meetingId,
      userId: meetingParticipants.userId,
      name: users.name,
      email: users.email,
      role: users.role,
      response: meetingParticipants.response,
      respondedAt: meetingParticipants.respondedAt,
      timeZone: ownTimeZoneColumn,
      status: users.status,
    })
    .from(meetingParticipants)
    .innerJoin(users, eq(users.id, meetingParticipants.userId))
    .leftJoin(applicantProfiles, eq(applicantProfiles.userId, users.id))
    .where(inArray(meetingParticipants.meetingId, meetingIds))
    .orderBy(asc(users.name), asc(users.id));
  return rows.map(({ status, ...row }) => ({
    ...row,
    timeZone: knownTimeZone(row.timeZone),
    isActive: status === 'active',
  }));
}

// A page of the meetings a condition on meetings and the person's participant row picks, earliest first.
export async function pageMeetingIds({
  db,
  where,
  page,
  pageSize,
}: {
  db: Database;
  where: SQL | undefined;
  page: number;
  pageSize: number;
}): Promise<{ ids: string[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    db
      .select({ id: meetings.id })
      .from(meetings)
      .innerJoin(meetingParticipants, eq(meetingParticipants.meetingId, meetings.id))
      .where(where)
      .orderBy(asc(meetings.startsAt), asc(meetings.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(meetings)
      .innerJoin(meetingParticipants, eq(meetingParticipants.meetingId, meetings.id))
      .where(where),
  ]);
  return { ids: rows.map((row) => row.id), total: counted?.total ?? 0 };
}

// One meeting the person takes part in, or a 404: someone else's meeting does not exist for them.
// `lock` holds the meeting's row until the transaction ends (two answers at once change it in turn).
export async function findParticipantMeeting({
  db,
  meetingId,
  userId,
  lock = false,
}: {
  db: Database;
  meetingId: string;
  userId: string;
  lock?: boolean;
}): Promise<{ meeting: MeetingRow; response: MeetingResponse }> {
  const query = db
    .select({ meeting: meetings, response: meetingParticipants.response })
    .from(meetings)
    .innerJoin(
      meetingParticipants,
      and(eq(meetingParticipants.meetingId, meetings.id), eq(meetingParticipants.userId, userId)),
    )
    .where(eq(meetings.id, meetingId));
  const [found] = lock ? await query.for('update', { of: meetings }) : await query;
  if (!found) throw new AppError('not_found', meetingTexts.notFound);
  return found;
}

// The meetings as one participant sees them (GET /api/meetings…), in the order of `ids`.
export async function loadMeetingViews({
  db,
  viewerId,
  ids,
}: {
  db: Database;
  viewerId: string;
  ids: string[];
}): Promise<Meeting[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ meeting: meetings, companyName: companies.name })
    .from(meetings)
    .leftJoin(companies, eq(companies.id, meetings.companyId))
    .where(inArray(meetings.id, ids));
  const participants = await findParticipants(db, ids);
  const byId = new Map(rows.map((row) => [row.meeting.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const { meeting } = row;
    const people = participants.filter((participant) => participant.meetingId === id);
    return [
      {
        id: meeting.id,
        type: meeting.type,
        title: meeting.title,
        notes: meeting.notes,
        starts_at: meeting.startsAt.toISOString(),
        ends_at: endsAtOf(meeting).toISOString(),
        duration_minutes: meeting.durationMinutes,
        status: meeting.status,
        cancel_reason: meeting.cancelReason,
        sequence: meeting.sequence,
        company: meeting.companyId && row.companyName ? { id: meeting.companyId, name: row.companyName } : null,
        application_id: meeting.applicationId,
        join_url: joinPathOf(meeting.roomToken),
        call_link: meeting.callLink,
        participants: people.map((person) => ({
          user_id: person.userId,
          name: person.name,
          role: person.role,
          response: person.response,
          responded_at: person.respondedAt?.toISOString() ?? null,
          time_zone: person.timeZone,
          is_organizer: person.userId === meeting.organizerId,
          is_you: person.userId === viewerId,
        })),
        my_response: people.find((person) => person.userId === viewerId)?.response ?? 'pending',
        created_at: meeting.createdAt.toISOString(),
        updated_at: meeting.updatedAt.toISOString(),
      },
    ];
  });
}

export async function loadMeetingView(options: { db: Database; viewerId: string; id: string }): Promise<Meeting> {
  const [view] = await loadMeetingViews({ ...options, ids: [options.id] });
  if (!view) throw new AppError('not_found', meetingTexts.notFound);
  return view;
}
