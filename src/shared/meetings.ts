import { z } from 'zod';
import { absoluteUrl, appPath } from './contract-schemas';
import {
  isCallLink,
  MEETING_CALL_LINK_MAX_LENGTH,
  MEETING_DURATION_MAX,
  MEETING_DURATION_MIN,
  MEETING_DURATION_STEP,
  MEETING_NOTES_MAX_LENGTH,
  MEETING_RANGE_MAX_DAYS,
  MEETING_REASON_MAX_LENGTH,
  MEETING_TITLE_MAX_LENGTH,
  meetingResponses,
  meetingStatuses,
  meetingTexts,
  meetingTypes,
} from './meeting-texts';
import { isIanaTimeZone } from './talent';
import { singleLine, text } from './text';

// Meetings: a company meets an applicant (or its account manager); each side answers.

export * from './meeting-texts';

// "2026-03-10T15:00:00Z", or any ISO-8601 time with an offset.
const isoMoment = (message: string) => z.iso.datetime({ offset: true, message });

const durationSchema = z
  .number({ message: meetingTexts.duration })
  .int({ message: meetingTexts.duration })
  .min(MEETING_DURATION_MIN, { message: meetingTexts.duration })
  .max(MEETING_DURATION_MAX, { message: meetingTexts.duration })
  .refine((value) => value % MEETING_DURATION_STEP === 0, { message: meetingTexts.duration });

// A title is one line (it heads a calendar event); notes and reasons may have several.
const optionalText = (max: number, message: string, field = text) =>
  field()
    .trim()
    .max(max, { message })
    .optional()
    .transform((value) => value || undefined);

const reasonSchema = optionalText(MEETING_REASON_MAX_LENGTH, meetingTexts.reasonTooLong);

// Someone else's call (Zoom, Google Meet, Teams...) the organizer pasted: where the join links, the
// emails and the calendar files lead instead of Tandem's room. Empty is no link.
const callLinkText = () =>
  text()
    .trim()
    .max(MEETING_CALL_LINK_MAX_LENGTH, { message: meetingTexts.callLinkTooLong, abort: true })
    .refine((value) => !/^http:\/\//i.test(value), { message: meetingTexts.callLinkNotHttps, abort: true })
    .refine((value) => value === '' || isCallLink(value), { message: meetingTexts.callLink });

// What the form shows under the field before it sends anything: the server's own sentence.
export function callLinkError(value: string): string | undefined {
  return callLinkText().safeParse(value).error?.issues[0]?.message;
}

const callLinkSchema = callLinkText()
  .optional()
  .transform((value) => value || undefined);

// POST /api/meetings: a company member invites the applicant of one of its applications.
export const scheduleMeetingSchema = z.object({
  application_id: z.uuid({ message: 'Choose an applicant from your pipeline.' }),
  type: z.enum(meetingTypes, { message: meetingTexts.type }),
  starts_at: isoMoment(meetingTexts.startsAt),
  duration_minutes: durationSchema,
  title: optionalText(MEETING_TITLE_MAX_LENGTH, meetingTexts.titleTooLong, singleLine),
  notes: optionalText(MEETING_NOTES_MAX_LENGTH, meetingTexts.notesTooLong),
  call_link: callLinkSchema,
});
export type ScheduleMeetingInput = z.input<typeof scheduleMeetingSchema>;

// POST /api/meetings/account-manager-call: the dashboard's Schedule Call (a check-in with the manager).
export const scheduleCallSchema = z.object({
  starts_at: isoMoment(meetingTexts.startsAt),
  duration_minutes: durationSchema,
  notes: optionalText(MEETING_NOTES_MAX_LENGTH, meetingTexts.notesTooLong),
  call_link: callLinkSchema,
});
export type ScheduleCallInput = z.input<typeof scheduleCallSchema>;

// GET /api/meetings/account-manager-call: who such a call would be with (null: the company has no
// manager yet), so the dialog shows the time on both sides before it is booked.
export const accountManagerCallInviteeSchema = z.object({
  account_manager: z.object({ name: z.string(), time_zone: z.string().nullable() }).nullable(),
});
export type AccountManagerCallInvitee = z.infer<typeof accountManagerCallInviteeSchema>;

export const respondToMeetingSchema = z.object({
  response: z.enum(['accepted', 'declined'], { message: meetingTexts.response }),
  reason: reasonSchema,
});

export const rescheduleMeetingSchema = z.object({
  starts_at: isoMoment(meetingTexts.startsAt),
  duration_minutes: durationSchema.optional(),
  reason: reasonSchema,
  // The organizer's alone. Left out: the link stays as it is; empty or null: the meeting has none any more.
  call_link: callLinkText()
    .nullable()
    .optional()
    .transform((value) => (value === undefined ? undefined : value || null)),
});

export const cancelMeetingSchema = z.object({
  reason: text()
    .trim()
    .min(1, { message: meetingTexts.reasonRequired })
    .max(MEETING_REASON_MAX_LENGTH, { message: meetingTexts.reasonTooLong }),
});

// GET /api/meetings?from=&to=&status=&page=&page_size=: the caller's meetings that overlap the range,
// earliest first. Without `to` the list runs on (the upcoming list pages through it).
export const meetingListQuerySchema = z
  .object({
    from: isoMoment(meetingTexts.range),
    to: isoMoment(meetingTexts.range).optional(),
    status: z.enum(meetingStatuses, { message: 'Unknown meeting status.' }).optional(),
    page: z.coerce.number({ message: 'The page must be a whole number.' }).int().min(1).default(1),
    page_size: z.coerce.number({ message: 'The page size must be a whole number.' }).int().min(1).max(200).default(50),
  })
  .refine((query) => !query.to || Date.parse(query.to) > Date.parse(query.from), {
    message: meetingTexts.range,
    path: ['to'],
  })
  .refine(
    (query) => !query.to || Date.parse(query.to) - Date.parse(query.from) <= MEETING_RANGE_MAX_DAYS * 86_400_000,
    { message: meetingTexts.rangeTooWide, path: ['to'] },
  );

// PUT /api/account/time-zone: the person's own IANA zone, chosen in Settings (docs/decisions/022).
export const timeZoneSchema = z.object({
  time_zone: z.string({ message: meetingTexts.timeZone }).refine(isIanaTimeZone, { message: meetingTexts.timeZone }),
});
// GET and PUT /api/account/time-zone answer with it: null until the person sets one.
export const ownTimeZoneSchema = z.object({ time_zone: z.string().nullable() });
export type OwnTimeZone = z.infer<typeof ownTimeZoneSchema>;

const meetingParticipantSchema = z.object({
  user_id: z.string(),
  name: z.string(),
  role: z.enum(['applicant', 'company', 'admin', 'account_manager']),
  response: z.enum(meetingResponses),
  responded_at: z.string().nullable(),
  // IANA: the zone the person set (docs/decisions/022); null until they set one, never guessed.
  time_zone: z.string().nullable(),
  is_organizer: z.boolean(),
  // The caller themself.
  is_you: z.boolean(),
});

export const meetingSchema = z.object({
  id: z.string(),
  type: z.enum(meetingTypes),
  title: z.string(),
  notes: z.string().nullable(),
  starts_at: z.string(),
  ends_at: z.string(),
  duration_minutes: z.number(),
  status: z.enum(meetingStatuses),
  cancel_reason: z.string().nullable(),
  sequence: z.number(),
  company: z.object({ id: z.string(), name: z.string() }).nullable(),
  application_id: z.string().nullable(),
  // Tandem's own room for the meeting, which every participant can open.
  join_url: appPath('The meeting room'),
  // The organizer's call on another service (Zoom, Google Meet, Teams): where Join Meeting leads when set.
  call_link: z.string().nullable().describe('An https address of a call hosted elsewhere, or null'),
  participants: z.array(meetingParticipantSchema),
  // The caller's own answer.
  my_response: z.enum(meetingResponses),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Meeting = z.infer<typeof meetingSchema>;

export const meetingListSchema = z.object({
  items: z.array(meetingSchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});
export type MeetingList = z.infer<typeof meetingListSchema>;

// GET /api/meetings/invitees?q=: the applications a company may schedule a meeting for.
export const meetingInviteeQuerySchema = z.object({
  q: text().trim().max(100).optional(),
  // One application (the pipeline drawer's Schedule Meeting).
  application_id: z.uuid({ message: 'This link is broken: it does not name an application.' }).optional(),
  page: z.coerce.number({ message: 'The page must be a whole number.' }).int().min(1).default(1),
  page_size: z.coerce.number({ message: 'The page size must be a whole number.' }).int().min(1).max(50).default(20),
});

const meetingInviteeSchema = z.object({
  application_id: z.string(),
  applicant_id: z.string(),
  applicant_name: z.string(),
  job_title: z.string(),
  status: z.string(),
  // Null: the applicant has not set one.
  time_zone: z.string().nullable(),
});
export type MeetingInvitee = z.infer<typeof meetingInviteeSchema>;
// GET /api/meetings/invitees/{application_id}/busy: when the applicant is in another meeting over up to two
// days from `from`, without saying which (a free/busy view, as calendars share it).
export const INVITEE_BUSY_MAX_HOURS = 48;
export const inviteeBusyQuerySchema = z.object({
  from: isoMoment('Give the start of the time to look at as an ISO moment.'),
  hours: z.coerce
    .number({ message: `Look at 1 to ${INVITEE_BUSY_MAX_HOURS} hours.` })
    .int({ message: `Look at 1 to ${INVITEE_BUSY_MAX_HOURS} hours.` })
    .min(1, { message: `Look at 1 to ${INVITEE_BUSY_MAX_HOURS} hours.` })
    .max(INVITEE_BUSY_MAX_HOURS, { message: `Look at 1 to ${INVITEE_BUSY_MAX_HOURS} hours.` })
    .default(24),
});
export const inviteeBusySchema = z.object({
  items: z.array(
    z.object({
      starts_at: z.string(),
      ends_at: z.string(),
      // 'calendar': a busy time read from the person's own connected calendar (decision 059), times only;
      // 'meeting': another Tandem meeting.
      source: z.enum(['meeting', 'calendar']).optional(),
    }),
  ),
});
export type InviteeBusy = z.infer<typeof inviteeBusySchema>;

export const meetingInviteeListSchema = z.object({
  items: z.array(meetingInviteeSchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});
export type MeetingInviteeList = z.infer<typeof meetingInviteeListSchema>;

// The private calendar feed: whether one exists, and its address once, when it is made.
export const calendarFeedStatusSchema = z.object({
  exists: z.boolean(),
  created_at: z.string().nullable(),
});
// The feed's address is absolute: it is pasted into a calendar app, which fetches it from outside the site.
export const calendarFeedCreatedSchema = z.object({ url: absoluteUrl('The calendar feed'), created_at: z.string() });
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatusSchema>;
export type CalendarFeedCreated = z.infer<typeof calendarFeedCreatedSchema>;
