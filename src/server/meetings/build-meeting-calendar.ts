import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalEventStatus } from 'ical-generator';
import type { MeetingResponse } from '~/shared/meetings';
import { endsAtOf, joinUrlOf, type MeetingRow, type ParticipantRow } from './meeting-views';

const attendeeStatuses: Record<MeetingResponse, ICalAttendeeStatus> = {
  pending: ICalAttendeeStatus.NEEDSACTION,
  accepted: ICalAttendeeStatus.ACCEPTED,
  declined: ICalAttendeeStatus.DECLINED,
};

export interface CalendarMeeting {
  meeting: MeetingRow;
  participants: ParticipantRow[];
}

// An iCalendar document of meetings (RFC 5545), for one meeting's .ics or a person's feed. The UID is
// the meeting's id, so every copy (download, feed, a later download) is the same event, and SEQUENCE
// tells a calendar which copy is newer. Times are written in UTC: each calendar shows its own zone.
export function buildMeetingCalendar({
  name,
  publicUrl,
  items,
}: {
  name: string;
  publicUrl: string;
  items: CalendarMeeting[];
}): string {
  const host = new URL(publicUrl).hostname;
  const calendar = ical({ name, prodId: { company: 'Tandem', product: 'Meetings', language: 'EN' } });
  for (const { meeting, participants } of items) {
    const joinUrl = joinUrlOf(publicUrl, meeting.roomToken);
    const organizer = participants.find((participant) => participant.userId === meeting.organizerId);
    calendar.createEvent({
      id: `${meeting.id}@${host}`,
      sequence: meeting.sequence,
      start: meeting.startsAt,
      end: endsAtOf(meeting),
      stamp: meeting.updatedAt,
      created: meeting.createdAt,
      lastModified: meeting.updatedAt,
      summary: meeting.title,
      description: [meeting.notes, `Join: ${joinUrl}`, meeting.cancelReason && `Cancelled: ${meeting.cancelReason}`]
        .filter(Boolean)
        .join('\n\n'),
      location: joinUrl,
      url: joinUrl,
      status: meeting.status === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      organizer: organizer ? { name: organizer.name, email: organizer.email } : null,
      attendees: participants.map((participant) => ({
        name: participant.name,
        email: participant.email,
        role: participant.userId === meeting.organizerId ? ICalAttendeeRole.CHAIR : ICalAttendeeRole.REQ,
        status: attendeeStatuses[participant.response],
      })),
    });
  }
  return calendar.toString();
}
