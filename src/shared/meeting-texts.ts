import { tz } from '@date-fns/tz';
// The one function, not the package index: loading date-fns' index costs the server over half a second at start.
import { format } from 'date-fns/format';

// Meetings' kinds, limits, texts, call links and times in each person's zone, apart from meetings.ts's
// schemas, with no zod: the dashboards and the meetings' buttons show them without loading zod
// (decision 037). meetings.ts re-exports them.

export const meetingTypes = ['interview', 'intro', 'check_in'] as const;
export type MeetingType = (typeof meetingTypes)[number];

export const meetingStatuses = ['scheduled', 'cancelled'] as const;
export type MeetingStatus = (typeof meetingStatuses)[number];

// A participant's answer to the invitation; the organizer has accepted by scheduling.
export const meetingResponses = ['pending', 'accepted', 'declined'] as const;
export type MeetingResponse = (typeof meetingResponses)[number];

export const meetingTypeLabels: Record<MeetingType, string> = {
  interview: 'Interview',
  intro: 'Intro Call',
  check_in: 'Check-in',
};

export const meetingResponseLabels: Record<MeetingResponse, string> = {
  pending: 'Awaiting reply',
  accepted: 'Accepted',
  declined: 'Declined',
};

export const MEETING_DURATION_MIN = 15;
export const MEETING_DURATION_MAX = 240;
export const MEETING_DURATION_STEP = 15;
export const MEETING_DURATION_DEFAULT = 30;
export const meetingDurations = Array.from(
  { length: (MEETING_DURATION_MAX - MEETING_DURATION_MIN) / MEETING_DURATION_STEP + 1 },
  (_, index) => MEETING_DURATION_MIN + index * MEETING_DURATION_STEP,
);
export const MEETING_TITLE_MAX_LENGTH = 120;
export const MEETING_NOTES_MAX_LENGTH = 2_000;
export const MEETING_REASON_MAX_LENGTH = 500;
// Zoom's and Teams' links with their passcodes run to a few hundred characters; this is far past them.
export const MEETING_CALL_LINK_MAX_LENGTH = 2_000;
// How far ahead a meeting may be put, and how wide a calendar's range may be asked for at once.
export const MEETING_MAX_DAYS_AHEAD = 366;
export const MEETING_RANGE_MAX_DAYS = 100;
// Reminders by email before a meeting starts.
export const meetingReminderLeads = { '24h': 24 * 60, '15m': 15 } as const;
export type MeetingReminderLead = keyof typeof meetingReminderLeads;
// The private feed carries meetings from this many days back onward.
export const CALENDAR_FEED_PAST_DAYS = 30;

export const meetingTexts = {
  notFound: 'This meeting does not exist.',
  roomNotFound: 'This meeting room does not exist, or the meeting is not yours.',
  feedNotFound: 'This calendar feed does not exist. Make a new one from your Meetings page.',
  applicationEnded: 'This application has ended: you cannot schedule a meeting for it.',
  noAccountManager:
    'Your company has no account manager yet. Write to support and we will assign one to you before you schedule a call.',
  notACompanyMember: 'Only a member of a company schedules a call with its account manager.',
  startsAt: 'Choose a date and time for the meeting.',
  startsInPast: 'Choose a start time in the future.',
  tooFarAhead: `Meetings can be scheduled up to a year ahead.`,
  duration: 'Choose a duration from 15 minutes to 4 hours, in steps of 15 minutes.',
  titleTooLong: `A title can be at most ${MEETING_TITLE_MAX_LENGTH} characters.`,
  notesTooLong: `Notes can be at most ${MEETING_NOTES_MAX_LENGTH.toLocaleString('en-US')} characters.`,
  reasonRequired: 'Please give a reason.',
  reasonTooLong: `The reason can be at most ${MEETING_REASON_MAX_LENGTH} characters.`,
  response: 'Answer with accepted or declined.',
  type: 'Choose interview, intro or check-in.',
  range: 'Give the range as two ISO dates, the first before the second.',
  rangeTooWide: `Ask for at most ${MEETING_RANGE_MAX_DAYS} days of meetings at a time.`,
  cancelledNoAnswer: 'This meeting was cancelled: there is nothing to answer.',
  cancelledNoReschedule: 'This meeting was cancelled: it cannot be rescheduled.',
  alreadyCancelled: 'This meeting is cancelled already.',
  overNoAnswer: 'This meeting is over: there is nothing to answer.',
  overNoReschedule: 'This meeting is over: schedule a new one instead.',
  overNoCancel: 'This meeting is over: it can no longer be cancelled.',
  organizerAnswers: 'You scheduled this meeting: only the people you invited answer it.',
  sameTime: 'The meeting is at that time already. Choose another time.',
  timeZone: 'Choose a time zone from the list.',
  callLink: "Enter the call's https:// link.",
  callLinkNotHttps: 'The call link must start with https://, not http://.',
  callLinkTooLong: `The call link can be at most ${MEETING_CALL_LINK_MAX_LENGTH.toLocaleString('en-US')} characters.`,
  callLinkOrganizerOnly: 'Only the person who scheduled this meeting can change its call link.',
  // Scheduling and moving read the chosen time in the person's own zone: without one, nothing is guessed.
  ownTimeZoneRequired:
    'Set your time zone first: the time you choose is read in it, and everyone else sees it in theirs.',
  timeZoneSaved: 'Your time zone has been saved.',
  // The screens' words.
  loadError: 'Failed to load your meetings. Please try again.',
  scheduled: 'Meeting scheduled',
  accepted: 'Meeting accepted',
  declined: 'Meeting declined',
  rescheduled: 'Meeting rescheduled',
  callLinkChanged: 'Call link changed',
  cancelled: 'Meeting cancelled',
  feedCreated: 'Your calendar feed is ready',
} as const;

// An https address with a host name, and nothing a calendar file or an email could not carry as it is.
export function isCallLink(value: string): boolean {
  // Spaces and control characters have no place in a link.
  const hasControlCharacter = [...value].some((character) => character < ' ' || character === '\u007f');
  if (/\s/.test(value) || hasControlCharacter) return false;
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return url.protocol === 'https:' && url.hostname.includes('.') && !url.username && !url.password;
}

// The service a call link is on, as people name it ("Zoom"), or its host name when it is another one.
export function callServiceOf(link: string): string {
  const host = new URL(link).hostname.toLowerCase();
  const within = (domain: string) => host === domain || host.endsWith(`.${domain}`);
  if (within('zoom.us')) return 'Zoom';
  if (host === 'meet.google.com') return 'Google Meet';
  if (within('teams.microsoft.com') || within('teams.live.com')) return 'Microsoft Teams';
  return host;
}

// ---- Times in each person's own zone (docs/decisions/022) ----

// A meeting should fall within these hours of each invitee's own day: outside them the person
// scheduling is warned, not stopped (people do take late calls, when they know it is late).
const WORKING_DAY_START_MINUTES = 8 * 60;
const WORKING_DAY_END_MINUTES = 20 * 60;

// "Tue, Mar 10, 9:00 AM" in that zone.
export function meetingDayAndTime(at: Date | string, timeZone: string): string {
  return format(new Date(at), 'EEE, MMM d, h:mm a', { in: tz(timeZone) });
}

// "9:00 AM" in that zone.
export function meetingClockTime(at: Date | string, timeZone: string): string {
  return format(new Date(at), 'h:mm a', { in: tz(timeZone) });
}

// The calendar day of a moment in a zone, as YYYY-MM-DD (which cell of a calendar it falls in).
export function meetingCalendarDay(at: Date | string, timeZone: string): string {
  return format(new Date(at), 'yyyy-MM-dd', { in: tz(timeZone) });
}

// How a notification, an email or a calendar file tells one person when: "Tue, Mar 10, 10:00 PM
// (Asia/Manila)". Someone who has not set a zone reads UTC, said as such, never passed off as theirs.
export function meetingTimeFor(at: Date | string, timeZone: string | null): string {
  if (timeZone) return `${meetingDayAndTime(at, timeZone)} (${timeZone})`;
  return `${meetingDayAndTime(at, 'UTC')} UTC (you have not set a time zone on Tandem)`;
}

interface PersonInZone {
  name: string;
  // Null: they have not set one.
  time_zone: string | null;
}

// "Tue, Mar 10, 9:00 AM your time (America/New_York) · 10:00 PM for Maria (Asia/Manila)": the viewer's
// time, then each other participant's in their own zone (with the day when theirs differs). Someone
// without a zone is said to have none rather than given a guessed time.
export function meetingTimeInZones(at: Date | string, viewerZone: string | null, others: PersonInZone[]): string {
  const zone = viewerZone ?? 'UTC';
  const viewerDay = meetingCalendarDay(at, zone);
  const parts = [
    viewerZone
      ? `${meetingDayAndTime(at, zone)} your time (${zone})`
      : `${meetingDayAndTime(at, zone)} UTC (you have not set a time zone)`,
  ];
  for (const other of others) {
    if (!other.time_zone) {
      parts.push(`${other.name} has not set a time zone`);
    } else if (viewerZone && other.time_zone === viewerZone) {
      parts.push(`the same for ${other.name}`);
    } else {
      const sameDay = meetingCalendarDay(at, other.time_zone) === viewerDay;
      const time = sameDay ? meetingClockTime(at, other.time_zone) : meetingDayAndTime(at, other.time_zone);
      parts.push(`${time} for ${other.name} (${other.time_zone})`);
    }
  }
  return parts.join(' · ');
}

// Minutes since that zone's midnight.
const minutesOfDay = (at: Date | string, timeZone: string) => {
  const [hours = 0, minutes = 0] = format(new Date(at), 'H:m', { in: tz(timeZone) })
    .split(':')
    .map(Number);
  return hours * 60 + minutes;
};

// Whether any part of a meeting falls outside 08:00–20:00 in the zone (a late end counts too).
export function isOutsideWorkingHours(at: Date | string, durationMinutes: number, timeZone: string): boolean {
  const start = minutesOfDay(at, timeZone);
  return start < WORKING_DAY_START_MINUTES || start + durationMinutes > WORKING_DAY_END_MINUTES;
}

// "10:00 PM–10:30 PM for Maria is outside 8:00 AM–8:00 PM in their time zone (Asia/Manila)."
export function workingHoursWarning(
  at: Date | string,
  durationMinutes: number,
  person: { name: string; time_zone: string },
): string {
  const end = new Date(new Date(at).getTime() + durationMinutes * 60_000);
  const hours = `${meetingClockTime(at, person.time_zone)}–${meetingClockTime(end, person.time_zone)}`;
  return `${hours} for ${person.name} is outside 8:00 AM–8:00 PM in their time zone (${person.time_zone}).`;
}

export const meetingEndsAt = (meeting: { starts_at: string; duration_minutes: number }) =>
  new Date(Date.parse(meeting.starts_at) + meeting.duration_minutes * 60_000);
