import type { BadgeVariant } from '~/client/components/ui/badge';
import { meetingClockTime, meetingTimeInZones } from '~/shared/meeting-texts';
import type { Meeting } from '~/shared/meetings';

// What a meeting looks like to the person viewing it: where it stands, and when in their own time zone
// and the others' (docs/decisions/022).

export const othersIn = (meeting: Meeting) => meeting.participants.filter((person) => !person.is_you);

export const isOrganizer = (meeting: Meeting) =>
  meeting.participants.some((person) => person.is_you && person.is_organizer);

// Where Join Meeting leads: the organizer's call elsewhere when they gave one, else the meeting's room.
export const joinHrefOf = (meeting: Meeting) => meeting.call_link ?? meeting.join_url;

export const isOver = (meeting: Meeting, now = new Date()) => Date.parse(meeting.ends_at) <= now.getTime();

// An invitation the viewer has not answered (or declined, and may still accept).
export const canRespond = (meeting: Meeting) =>
  meeting.status === 'scheduled' && !isOver(meeting) && !isOrganizer(meeting);

export const canChange = (meeting: Meeting) => meeting.status === 'scheduled' && !isOver(meeting);

export function meetingState(meeting: Meeting): { label: string; variant: BadgeVariant } {
  if (meeting.status === 'cancelled') return { label: 'Cancelled', variant: 'danger' };
  if (isOver(meeting)) return { label: 'Past', variant: 'neutral' };
  if (meeting.my_response === 'pending') return { label: 'Invitation', variant: 'warning' };
  if (meeting.my_response === 'declined') return { label: 'You declined', variant: 'danger' };
  const others = othersIn(meeting);
  if (others.some((person) => person.response === 'declined')) return { label: 'Declined', variant: 'danger' };
  if (others.some((person) => person.response === 'pending')) return { label: 'Awaiting reply', variant: 'info' };
  return { label: 'Confirmed', variant: 'success' };
}

// The viewer's own zone, as the server sent it with the meeting: null until they set one.
export const viewerZoneOf = (meeting: Meeting) =>
  meeting.participants.find((person) => person.is_you)?.time_zone ?? null;

// "Tue, Mar 10, 9:00 AM your time (America/New_York) · 10:00 PM for Maria (Asia/Manila)".
export const meetingWhen = (meeting: Meeting, at: string = meeting.starts_at) =>
  meetingTimeInZones(
    at,
    viewerZoneOf(meeting),
    othersIn(meeting).map((person) => ({ name: person.name, time_zone: person.time_zone })),
  );

// "9:00 AM–9:45 AM" on the viewer's own clock (`zone`: theirs, or UTC until they set one).
export const meetingHours = (meeting: Meeting, zone: string) =>
  `${meetingClockTime(meeting.starts_at, zone)}–${meetingClockTime(meeting.ends_at, zone)}`;

// Who the meeting is with, from the viewer's side: "Ada Lovelace", or the company's name.
export const meetingWith = (meeting: Meeting) =>
  othersIn(meeting)
    .map((person) => person.name)
    .join(', ') ||
  meeting.company?.name ||
  'Just you';
