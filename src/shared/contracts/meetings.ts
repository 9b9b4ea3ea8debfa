import { z } from 'zod';
import { defineContract, fileOf } from '../contract';
import { idParams, malformedIdMessage } from '../contract-schemas';
import { roomIceServersSchema } from '../meeting-room';
import {
  accountManagerCallInviteeSchema,
  calendarFeedCreatedSchema,
  calendarFeedStatusSchema,
  cancelMeetingSchema,
  inviteeBusyQuerySchema,
  inviteeBusySchema,
  meetingInviteeListSchema,
  meetingInviteeQuerySchema,
  meetingListQuerySchema,
  meetingListSchema,
  meetingSchema,
  rescheduleMeetingSchema,
  respondToMeetingSchema,
  scheduleCallSchema,
  scheduleMeetingSchema,
} from '../meetings';

const meetingParams = idParams('meeting');
// The random parts of join links and feed URLs (base64url).
const secretToken = (what: string) => z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, { message: malformedIdMessage(what) });

// Meetings: a company schedules them with applicants in its pipeline (or a call with its
// account manager); every participant answers, moves or cancels them; each has a join link, and each
// person a private calendar feed.
export const meetingsContract = defineContract(
  { name: 'meetings', tags: ['meetings'] },
  {
    list: {
      method: 'GET',
      path: '/api/meetings',
      summary: 'Your meetings overlapping from–to (or from `from` on), earliest first, a page at a time',
      query: meetingListQuerySchema,
      responses: { 200: meetingListSchema },
    },
    invitees: {
      method: 'GET',
      path: '/api/meetings/invitees',
      summary: 'The applicants of your pipeline you may invite, by name or job title, with their time zone',
      query: meetingInviteeQuerySchema,
      responses: { 200: meetingInviteeListSchema },
    },
    inviteeBusy: {
      method: 'GET',
      path: '/api/meetings/invitees/:application_id/busy',
      summary:
        'When an applicant of your pipeline is in another meeting, over up to two days: the times only, not the meetings',
      params: z.object({ application_id: z.uuid({ message: malformedIdMessage('application') }) }),
      query: inviteeBusyQuerySchema,
      responses: { 200: inviteeBusySchema },
    },
    schedule: {
      method: 'POST',
      path: '/api/meetings',
      summary:
        'Schedule a meeting with an applicant in your pipeline (409 until you set your time zone); an interview moves them to interviewing',
      body: scheduleMeetingSchema,
      responses: { 201: meetingSchema },
    },
    accountManagerCallInvitee: {
      method: 'GET',
      path: '/api/meetings/account-manager-call',
      summary: 'Who a call with your company’s account manager would be with, and their time zone (null: none yet)',
      responses: { 200: accountManagerCallInviteeSchema },
    },
    scheduleAccountManagerCall: {
      method: 'POST',
      path: '/api/meetings/account-manager-call',
      summary:
        'Schedule a check-in call with your company’s account manager (409 when it has none, or until you set your time zone)',
      body: scheduleCallSchema,
      responses: { 201: meetingSchema },
    },
    get: {
      method: 'GET',
      path: '/api/meetings/:id',
      summary: 'One of your meetings, with each participant’s answer and time zone',
      params: meetingParams,
      responses: { 200: meetingSchema },
    },
    downloadCalendar: {
      method: 'GET',
      path: '/api/meetings/:id/ics',
      summary: 'Download one of your meetings as an iCalendar (.ics) file',
      params: meetingParams,
      responses: { 200: fileOf('text/calendar') },
    },
    respond: {
      method: 'POST',
      path: '/api/meetings/:id/respond',
      summary: 'Accept or decline a meeting you were invited to (409 once cancelled or over)',
      params: meetingParams,
      body: respondToMeetingSchema,
      responses: { 200: meetingSchema },
    },
    reschedule: {
      method: 'POST',
      path: '/api/meetings/:id/reschedule',
      summary:
        'Move a meeting to a new time: the others are asked again (409 once cancelled or over, or until you set your time zone)',
      params: meetingParams,
      body: rescheduleMeetingSchema,
      responses: { 200: meetingSchema },
    },
    cancel: {
      method: 'POST',
      path: '/api/meetings/:id/cancel',
      summary: 'Cancel a meeting, saying why; every other participant is told',
      params: meetingParams,
      body: cancelMeetingSchema,
      responses: { 200: meetingSchema },
    },
    room: {
      method: 'GET',
      path: '/api/meeting-rooms/:token',
      summary: 'The meeting behind a join link, for its participants',
      params: z.object({ token: secretToken('meeting room') }),
      responses: { 200: meetingSchema },
    },
    roomIceServers: {
      method: 'GET',
      path: '/api/meeting-rooms/:token/ice-servers',
      summary:
        'The STUN and TURN servers for the meeting’s video room, with short-lived TURN credentials (409 while the room is shut)',
      params: z.object({ token: secretToken('meeting room') }),
      responses: { 200: roomIceServersSchema },
    },
    calendarFeed: {
      method: 'GET',
      path: '/api/calendar-feed',
      summary: 'Whether you have a private calendar feed (its URL is shown only when made)',
      responses: { 200: calendarFeedStatusSchema },
    },
    createCalendarFeed: {
      method: 'POST',
      path: '/api/calendar-feed',
      summary: 'Make your private calendar feed URL; a new one replaces (and stops) the old',
      responses: { 201: calendarFeedCreatedSchema },
    },
    // Fetched by calendar apps, at the address createCalendarFeed answers with.
    calendarFeedFile: {
      method: 'GET',
      path: '/api/calendar/:token.ics',
      summary: 'A private iCalendar feed: your meetings from 30 days back onward',
      params: z.object({ token: secretToken('calendar feed') }),
      responses: { 200: fileOf('text/calendar') },
    },
  },
);
