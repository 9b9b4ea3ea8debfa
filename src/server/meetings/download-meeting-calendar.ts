import type { Database } from '../db/client';
import { buildMeetingCalendar } from './build-meeting-calendar';
import { findParticipantMeeting, findParticipants } from './meeting-views';

// One meeting as an .ics file, for its participants only (anyone else gets the 404 of a meeting that
// does not exist).
export async function downloadMeetingCalendar({
  db,
  publicUrl,
  meetingId,
  userId,
}: {
  db: Database;
  publicUrl: string;
  meetingId: string;
  userId: string;
}): Promise<{ fileName: string; body: string }> {
  const { meeting } = await findParticipantMeeting({ db, meetingId, userId });
  const participants = await findParticipants(db, [meeting.id]);
  const slug = meeting.title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return {
    fileName: `${slug || 'meeting'}.ics`,
    body: buildMeetingCalendar({
      name: meeting.title,
      publicUrl,
      readerId: userId,
      items: [{ meeting, participants }],
    }),
  };
}
