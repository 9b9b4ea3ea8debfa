import type { Database } from '../db/client';
import type { Mailer } from '../mail/mailer';
import type { RenderedEmail } from '../mail/templates/compose-email';
import { buildMeetingCalendar, type InvitationMethod } from './build-meeting-calendar';
import { type MeetingRow, type ParticipantRow, wayInOf } from './meeting-views';
import { meetingHref } from './publish-meeting-change';

// Where an email about a meeting sends its reader.
export interface MeetingEmailLinks {
  // The call elsewhere, or the meeting's room.
  joinUrl: string;
  // The reader's Meetings page with the meeting open.
  meetingsUrl: string;
}

// The names of everyone in the meeting but the reader.
export const othersThan = (participants: ParticipantRow[], reader: ParticipantRow) =>
  participants.filter((participant) => participant.userId !== reader.userId).map((participant) => participant.name);

// Everyone in the meeting, the one who changed it included, gets an email about the change in their own
// words and zone, carrying the meeting as an iTIP message (RFC 5546) for their calendar: REQUEST when it
// is scheduled, moved or relinked, CANCEL when it is called off. Same UID as the .ics and the feed, the
// meeting's SEQUENCE as this change left it, so the calendar replaces or removes its copy. Written in
// the change's transaction, so the emails exist exactly when the change does.
export async function emailMeetingChange(
  tx: Database,
  {
    mailer,
    publicUrl,
    meeting,
    participants,
    method,
    emailFor,
  }: {
    mailer: Mailer;
    publicUrl: string;
    // The meeting as the change left it (its new sequence).
    meeting: MeetingRow;
    participants: ParticipantRow[];
    method: InvitationMethod;
    emailFor: (participant: ParticipantRow, links: MeetingEmailLinks) => RenderedEmail;
  },
): Promise<void> {
  // iTIP needs an ORGANIZER: once the organizer's account is gone, the emails go without an invitation.
  const hasOrganizer = participants.some((participant) => participant.userId === meeting.organizerId);
  const joinUrl = wayInOf(publicUrl, meeting);
  for (const participant of participants) {
    if (!participant.isActive) continue;
    const calendar = hasOrganizer
      ? buildMeetingCalendar({
          name: meeting.title,
          publicUrl,
          readerId: participant.userId,
          items: [{ meeting, participants }],
          method,
        })
      : undefined;
    const email = emailFor(participant, {
      joinUrl,
      meetingsUrl: `${publicUrl}${meetingHref(participant.role, meeting.id)}`,
    });
    await mailer.send(participant.email, email, { transaction: tx, calendar });
  }
}
