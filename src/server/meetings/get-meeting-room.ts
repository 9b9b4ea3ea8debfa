import { and, eq } from 'drizzle-orm';
import { type Meeting, meetingTexts } from '~/shared/meetings';
import type { Database } from '../db/client';
import { meetingParticipants, meetings } from '../db/schema';
import { AppError } from '../platform/errors';
import { loadMeetingView } from './meeting-views';

// The page behind a join link: the meeting, for its participants only. Anyone else (a forwarded link)
// learns nothing, not even that the room exists.
export async function getMeetingRoom({
  db,
  userId,
  roomToken,
}: {
  db: Database;
  userId: string;
  roomToken: string;
}): Promise<Meeting> {
  const [found] = await db
    .select({ id: meetings.id })
    .from(meetings)
    .innerJoin(
      meetingParticipants,
      and(eq(meetingParticipants.meetingId, meetings.id), eq(meetingParticipants.userId, userId)),
    )
    .where(eq(meetings.roomToken, roomToken));
  if (!found) throw new AppError('not_found', meetingTexts.roomNotFound);
  return loadMeetingView({ db, viewerId: userId, id: found.id });
}
