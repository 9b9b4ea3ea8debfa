import type { Meeting } from '~/shared/meetings';
import type { Database } from '../db/client';
import { findRoomAccess } from './find-room-access';
import { loadMeetingView } from './meeting-views';

// The page behind a join link: the meeting, for those allowed in its room (its participants and the
// members of its company). Anyone else (a forwarded link) learns nothing, not even that the room exists.
export async function getMeetingRoom({
  db,
  userId,
  roomToken,
}: {
  db: Database;
  userId: string;
  roomToken: string;
}): Promise<Meeting> {
  const { meeting } = await findRoomAccess({ db, userId, roomToken });
  return loadMeetingView({ db, viewerId: userId, id: meeting.id });
}
