import { type MeetingResponse, meetingTimeInZones } from '~/shared/meetings';
import { endsAtOf, type MeetingRow, type ParticipantRow, wayInOf } from './meeting-views';

const participationStatuses: Record<MeetingResponse, string> = {
  pending: 'NEEDS-ACTION',
  accepted: 'ACCEPTED',
  declined: 'DECLINED',
};

interface CalendarMeeting {
  meeting: MeetingRow;
  participants: ParticipantRow[];
}

// Written here rather than by a library: every value comes from people (a title, a name), and a line
// break that reached the file unescaped would let one person write events into another's calendar,
// or make a whole subscribed feed unreadable. So each kind of value has one writer below.

const LINE_BREAK = /\r\n|[\r\n]/g;
// C0 controls and DEL, but TAB (allowed in text) and the line breaks (escaped by each writer).
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

// TEXT (RFC 5545 §3.3.11): backslash, semicolon, comma and line breaks escaped.
function textValue(value: string): string {
  return value
    .replace(CONTROL, ' ')
    .replace(LINE_BREAK, '\n')
    .replace(/[\\;,\n]/g, (character) => (character === '\n' ? '\\n' : `\\${character}`));
}

// A quoted parameter value (a CN): no DQUOTE may appear inside, so quotes, line breaks and carets are
// written as RFC 6868 says (^' ^n ^^).
function parameterValue(value: string): string {
  const encoded = value
    .replace(CONTROL, ' ')
    .replace(LINE_BREAK, '\n')
    .replace(/[\^"\n]/g, (character) => ({ '^': '^^', '"': "^'", '\n': '^n' })[character] ?? character);
  return `"${encoded}"`;
}

// A URI or CAL-ADDRESS: nothing to escape, and no control character belongs in one.
const uriValue = (value: string) => value.replace(CONTROL, '').replace(LINE_BREAK, '').replaceAll('\t', '');

// DATE-TIME in UTC (RFC 5545 §3.3.5 form 2): an absolute instant, which each calendar app shows in its
// reader's own zone; the description says it in the reader's Tandem zone too (docs/decisions/022).
const utc = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

// Lines longer than 75 octets are folded (RFC 5545 §3.1), between characters, never inside one.
function fold(line: string): string {
  const encoder = new TextEncoder();
  let folded = '';
  let octets = 0;
  for (const character of line) {
    const size = encoder.encode(character).length;
    if (octets + size > 75) {
      folded += '\r\n ';
      octets = 1;
    }
    folded += character;
    octets += size;
  }
  return folded;
}

// An iTIP method (RFC 5546): an invitation or a change of one (REQUEST), or a cancellation (CANCEL).
export type InvitationMethod = 'REQUEST' | 'CANCEL';

// An iCalendar document of meetings (RFC 5545), for one meeting's .ics, a person's feed or the invitation
// an email carries: one reader's copy, whose description states the time in the reader's zone and the
// others' in theirs. The UID is the meeting's id, so every copy (download, feed, email, a later download)
// is the same event, and SEQUENCE tells a calendar which copy is newer. With a `method` it is an iTIP
// message (RFC 5546) about one meeting: METHOD said, no calendar name, and attendees not asked to reply
// by email (they answer on Tandem). As a `copy` stored in the reader's own calendar (decision 059), the server
// is told not to schedule (SCHEDULE-AGENT=CLIENT, RFC 6638: no invitations sent a second time, no replies), and
// the reader's own attendee line is marked X-TANDEM-READER, so their answer there is found whatever address
// their calendar account has.
export function buildMeetingCalendar({
  name,
  publicUrl,
  readerId,
  items,
  method,
  copy = false,
}: {
  name: string;
  publicUrl: string;
  readerId: string;
  items: CalendarMeeting[];
  method?: InvitationMethod;
  copy?: boolean;
}): string {
  const scheduleAgent = copy ? 'SCHEDULE-AGENT=CLIENT;' : '';
  const host = new URL(publicUrl).hostname;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Tandem//Meetings//EN',
    'CALSCALE:GREGORIAN',
    ...(method ? [`METHOD:${method}`] : [`NAME:${textValue(name)}`, `X-WR-CALNAME:${textValue(name)}`]),
  ];
  for (const { meeting, participants } of items) {
    const joinUrl = uriValue(wayInOf(publicUrl, meeting));
    const reader = participants.find((participant) => participant.userId === readerId);
    const others = participants
      .filter((participant) => participant.userId !== readerId)
      .map((participant) => ({ name: participant.name, time_zone: participant.timeZone }));
    const description = [
      `When: ${meetingTimeInZones(meeting.startsAt, reader?.timeZone ?? null, others)}`,
      meeting.notes,
      `Join: ${joinUrl}`,
      meeting.cancelReason && `Cancelled: ${meeting.cancelReason}`,
    ].filter(Boolean);
    const organizer = participants.find((participant) => participant.userId === meeting.organizerId);
    lines.push(
      'BEGIN:VEVENT',
      `UID:${textValue(`${meeting.id}@${host}`)}`,
      `SEQUENCE:${meeting.sequence}`,
      `DTSTAMP:${utc(meeting.updatedAt)}`,
      `DTSTART:${utc(meeting.startsAt)}`,
      `DTEND:${utc(endsAtOf(meeting))}`,
      `CREATED:${utc(meeting.createdAt)}`,
      `LAST-MODIFIED:${utc(meeting.updatedAt)}`,
      `SUMMARY:${textValue(meeting.title)}`,
      `DESCRIPTION:${textValue(description.join('\n\n'))}`,
      `LOCATION:${textValue(joinUrl)}`,
      `URL;VALUE=URI:${joinUrl}`,
      `STATUS:${meeting.status === 'cancelled' ? 'CANCELLED' : 'CONFIRMED'}`,
    );
    if (organizer) {
      lines.push(`ORGANIZER;${scheduleAgent}CN=${parameterValue(organizer.name)}:mailto:${uriValue(organizer.email)}`);
    }
    for (const participant of participants) {
      const role = participant.userId === meeting.organizerId ? 'CHAIR' : 'REQ-PARTICIPANT';
      lines.push(
        `ATTENDEE;ROLE=${role};PARTSTAT=${participationStatuses[participant.response]};` +
          (method ? 'RSVP=FALSE;' : '') +
          scheduleAgent +
          (copy && participant.userId === readerId ? 'X-TANDEM-READER=TRUE;' : '') +
          `CN=${parameterValue(participant.name)}:mailto:${uriValue(participant.email)}`,
      );
    }
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  // Every line, the last included, ends with CRLF.
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
