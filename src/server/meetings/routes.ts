import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  calendarFeedCreatedSchema,
  calendarFeedStatusSchema,
  cancelMeetingSchema,
  meetingInviteeListSchema,
  meetingInviteeQuerySchema,
  meetingListQuerySchema,
  meetingListSchema,
  meetingSchema,
  rescheduleMeetingSchema,
  respondToMeetingSchema,
  scheduleCallSchema,
  scheduleMeetingSchema,
} from '~/shared/meetings';
import type { AppContext } from '../app-context';
import { currentCompanyId } from '../platform/access-control';
import { sendGeneratedFile } from '../platform/file-transfer';
import {
  actorOf,
  companyActorOf,
  errorResponses,
  fileResponse,
  idParams,
  malformedIdMessage,
} from '../platform/route-schemas';
import { createCalendarFeed, getCalendarFeedStatus, readCalendarFeed } from './calendar-feeds';
import { cancelMeeting } from './cancel-meeting';
import type { ScheduledMeeting } from './create-meeting-record';
import { downloadMeetingCalendar } from './download-meeting-calendar';
import { findMeetingInvitees } from './find-meeting-invitees';
import { findMeetings } from './find-meetings';
import { getMeetingRoom } from './get-meeting-room';
import { findParticipantMeeting, loadMeetingView, type MeetingChange } from './meeting-views';
import { publishMeetingChange } from './publish-meeting-change';
import { rescheduleMeeting } from './reschedule-meeting';
import { respondToMeeting } from './respond-to-meeting';
import { scheduleAccountManagerCall } from './schedule-account-manager-call';
import { scheduleMeeting } from './schedule-meeting';

const meetingParams = idParams('meeting');
// The random parts of join links and feed URLs (base64url).
const secretToken = (what: string) => z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, { message: malformedIdMessage(what) });
const tags = ['meetings'];

const CALENDAR_TYPE = 'text/calendar; charset=utf-8';

// Meetings (issue 14): a company schedules them with applicants in its pipeline (or a call with its
// account manager); every participant answers, moves or cancels them; each has a join link and an .ics,
// and each person a private iCalendar feed. Only participants see a meeting: anyone else gets a 404.
export async function meetingRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db, config, live, jobs } = context;
  const { publicUrl } = config;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // After a committed change the participants' calendars refetch; the caller gets the meeting as they see it.
  const published = async (request: FastifyRequest, change: MeetingChange) => {
    await publishMeetingChange({
      live,
      logger: request.log,
      meetingId: change.meeting.id,
      participantIds: change.participantIds,
    });
    return loadMeetingView({ db, publicUrl, viewerId: actorOf(request).actorId, id: change.meeting.id });
  };
  const scheduled = (created: ScheduledMeeting): MeetingChange => ({
    meeting: created.meeting,
    participantIds: created.participants.map((participant) => participant.userId),
  });

  routes.get(
    '/api/meetings',
    {
      config: { access: { permission: 'read:meeting:own' } },
      schema: {
        tags,
        summary: 'Your meetings overlapping from–to (or from `from` on), earliest first, a page at a time',
        querystring: meetingListQuerySchema,
        response: { 200: meetingListSchema, ...errorResponses },
      },
    },
    async (request) =>
      findMeetings({
        db,
        publicUrl,
        userId: actorOf(request).actorId,
        from: new Date(request.query.from),
        to: request.query.to ? new Date(request.query.to) : undefined,
        status: request.query.status,
        page: request.query.page,
        pageSize: request.query.page_size,
      }),
  );

  routes.get(
    '/api/meetings/invitees',
    {
      config: { access: { permission: 'create:meeting:own' } },
      schema: {
        tags,
        summary: 'The applicants of your pipeline you may invite, by name or job title, with their time zone',
        querystring: meetingInviteeQuerySchema,
        response: { 200: meetingInviteeListSchema, ...errorResponses },
      },
    },
    async (request) =>
      findMeetingInvitees({
        db,
        companyId: currentCompanyId(request),
        q: request.query.q,
        applicationId: request.query.application_id,
        page: request.query.page,
        pageSize: request.query.page_size,
      }),
  );

  routes.post(
    '/api/meetings',
    {
      config: { access: { permission: 'create:meeting:own' } },
      schema: {
        tags,
        summary: 'Schedule a meeting with an applicant in your pipeline; an interview moves them to interviewing',
        body: scheduleMeetingSchema,
        response: { 201: meetingSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { companyId, actorId, ipAddress } = companyActorOf(request);
      const created = await scheduleMeeting({
        db,
        jobs,
        companyId,
        organizerId: actorId,
        input: request.body,
        ipAddress,
      });
      const view = await published(request, scheduled(created));
      return reply.code(201).send(view);
    },
  );

  routes.post(
    '/api/meetings/account-manager-call',
    {
      config: { access: { permission: 'create:meeting:own' } },
      schema: {
        tags,
        summary: 'Schedule a check-in call with your company’s account manager (409 when it has none)',
        body: scheduleCallSchema,
        response: { 201: meetingSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { companyId, actorId, ipAddress } = companyActorOf(request);
      const created = await scheduleAccountManagerCall({
        db,
        jobs,
        companyId,
        organizerId: actorId,
        input: request.body,
        ipAddress,
      });
      const view = await published(request, scheduled(created));
      return reply.code(201).send(view);
    },
  );

  routes.get(
    '/api/meetings/:id',
    {
      config: { access: { permission: 'read:meeting:own' } },
      schema: {
        tags,
        summary: 'One of your meetings, with each participant’s answer and time zone',
        params: meetingParams,
        response: { 200: meetingSchema, ...errorResponses },
      },
    },
    async (request) => {
      const userId = actorOf(request).actorId;
      await findParticipantMeeting({ db, meetingId: request.params.id, userId });
      return loadMeetingView({ db, publicUrl, viewerId: userId, id: request.params.id });
    },
  );

  routes.get(
    '/api/meetings/:id/ics',
    {
      config: { access: { permission: 'read:meeting:own' } },
      schema: {
        tags,
        summary: 'Download one of your meetings as an iCalendar (.ics) file',
        params: meetingParams,
        response: { 200: fileResponse('text/calendar'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const file = await downloadMeetingCalendar({
        db,
        publicUrl,
        meetingId: request.params.id,
        userId: actorOf(request).actorId,
      });
      return sendGeneratedFile(reply, { filename: file.fileName, contentType: CALENDAR_TYPE, content: file.body });
    },
  );

  routes.post(
    '/api/meetings/:id/respond',
    {
      config: { access: { permission: 'update:meeting:own' } },
      schema: {
        tags,
        summary: 'Accept or decline a meeting you were invited to (409 once cancelled or over)',
        params: meetingParams,
        body: respondToMeetingSchema,
        response: { 200: meetingSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { actorId, ipAddress } = actorOf(request);
      const change = await respondToMeeting({
        db,
        meetingId: request.params.id,
        userId: actorId,
        response: request.body.response,
        reason: request.body.reason,
        ipAddress,
      });
      return published(request, change);
    },
  );

  routes.post(
    '/api/meetings/:id/reschedule',
    {
      config: { access: { permission: 'update:meeting:own' } },
      schema: {
        tags,
        summary: 'Move a meeting to a new time: the others are asked again (409 once cancelled or over)',
        params: meetingParams,
        body: rescheduleMeetingSchema,
        response: { 200: meetingSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { actorId, ipAddress } = actorOf(request);
      const change = await rescheduleMeeting({
        db,
        jobs,
        meetingId: request.params.id,
        userId: actorId,
        startsAt: new Date(request.body.starts_at),
        durationMinutes: request.body.duration_minutes,
        reason: request.body.reason,
        ipAddress,
      });
      return published(request, change);
    },
  );

  routes.post(
    '/api/meetings/:id/cancel',
    {
      config: { access: { permission: 'update:meeting:own' } },
      schema: {
        tags,
        summary: 'Cancel a meeting, saying why; every other participant is told',
        params: meetingParams,
        body: cancelMeetingSchema,
        response: { 200: meetingSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { actorId, ipAddress } = actorOf(request);
      const change = await cancelMeeting({
        db,
        meetingId: request.params.id,
        userId: actorId,
        reason: request.body.reason,
        ipAddress,
      });
      return published(request, change);
    },
  );

  routes.get(
    '/api/meeting-rooms/:token',
    {
      config: { access: { permission: 'read:meeting:own' } },
      schema: {
        tags,
        summary: 'The meeting behind a join link, for its participants',
        params: z.object({ token: secretToken('meeting room') }),
        response: { 200: meetingSchema, ...errorResponses },
      },
    },
    async (request) =>
      getMeetingRoom({ db, publicUrl, userId: actorOf(request).actorId, roomToken: request.params.token }),
  );

  routes.get(
    '/api/calendar-feed',
    {
      config: { access: { permission: 'read:meeting:own' } },
      schema: {
        tags,
        summary: 'Whether you have a private calendar feed (its URL is shown only when made)',
        response: { 200: calendarFeedStatusSchema, ...errorResponses },
      },
    },
    async (request) => getCalendarFeedStatus({ db, userId: actorOf(request).actorId }),
  );

  routes.post(
    '/api/calendar-feed',
    {
      config: { sessionOnly: true, access: { permission: 'update:meeting:own' } },
      schema: {
        tags,
        summary: 'Make your private calendar feed URL; a new one replaces (and stops) the old',
        response: { 201: calendarFeedCreatedSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { actorId, ipAddress } = actorOf(request);
      return reply.code(201).send(await createCalendarFeed({ db, publicUrl, userId: actorId, ipAddress }));
    },
  );

  // Calendar apps fetch this without a session: the token in the URL is the credential.
  routes.get(
    '/api/calendar/:token.ics',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'A private iCalendar feed: your meetings from 30 days back onward',
        params: z.object({ token: secretToken('calendar feed') }),
        response: { 200: fileResponse('text/calendar'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const body = await readCalendarFeed({ db, publicUrl, token: request.params.token });
      return sendGeneratedFile(
        reply,
        { filename: 'tandem-meetings.ics', contentType: CALENDAR_TYPE, content: body },
        { disposition: 'inline', cacheControl: 'private, no-store' },
      );
    },
  );
}
