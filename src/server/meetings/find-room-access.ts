import { and, eq, inArray } from 'drizzle-orm';
import { meetingTexts } from '~/shared/meetings';
import { companyRolesWith } from '~/shared/permissions';
import type { Database } from '../db/client';
import { companyMembers, meetingParticipants, meetings } from '../db/schema';
import { AppError } from '../platform/errors';
import type { MeetingRow } from './meeting-views';

export interface RoomAccess {
  meeting: MeetingRow;
  // Everyone who may be in the room: the participants and the members of the meeting's company whose role
  // holds meetings (not Billing: decision 032).
  allowedUserIds: string[];
}

// The company roles that may read a meeting, as the HTTP routes check it ('read:meeting:own').
const rolesInRooms = companyRolesWith('read:meeting:own');

// Who may be in a meeting's room, read afresh for every message a room's tab sends: an invitee removed
// or a member who left the company is out at their next message, whatever their tab still holds.
// Anyone else learns nothing, not even that the room exists.
export async function findRoomAccess({
  db,
  userId,
  roomToken,
}: {
  db: Database;
  userId: string;
  roomToken: string;
}): Promise<RoomAccess> {
  const [meeting] = await db.select().from(meetings).where(eq(meetings.roomToken, roomToken));
  if (!meeting) throw new AppError('not_found', meetingTexts.roomNotFound);
  const participants = db
    .select({ userId: meetingParticipants.userId })
    .from(meetingParticipants)
    .where(eq(meetingParticipants.meetingId, meeting.id));
  const rows = meeting.companyId
    ? await participants.union(
        db
          .select({ userId: companyMembers.userId })
          .from(companyMembers)
          .where(and(eq(companyMembers.companyId, meeting.companyId), inArray(companyMembers.role, rolesInRooms))),
      )
    : await participants;
  const allowedUserIds = rows.map((row) => row.userId);
  if (!allowedUserIds.includes(userId)) throw new AppError('not_found', meetingTexts.roomNotFound);
  return { meeting, allowedUserIds };
}
