import type { FastifyInstance, FastifyRequest } from 'fastify';
import { applicationsContract } from '~/shared/contracts/applications';
import { meetingsContract } from '~/shared/contracts/meetings';
import type { AppContext } from '../app-context';
import { currentCompanyId } from '../platform/access-control';
import { registerEndpoint } from '../platform/contract-routes';
import { sendGeneratedFile } from '../platform/file-transfer';
import { actorOf, companyActorOf } from '../platform/route-schemas';
import { createCalendarFeed, getCalendarFeedStatus, readCalendarFeed } from './calendar-feeds';
import { cancelMeeting } from './cancel-meeting';
import type { ScheduledMeeting } from './create-meeting-record';
import { downloadMeetingCalendar } from './download-meeting-calendar';
import { findAccountManagerCallInvitee } from './find-account-manager-call-invitee';
import { findApplicantMeetings } from './find-applicant-meetings';
import { findInviteeBusy } from './find-invitee-busy';
import { findMeetingInvitees } from './find-meeting-invitees';
import { findMeetings } from './find-meetings';
import { getMeetingRoom } from './get-meeting-room';
import { findParticipantMeeting, loadMeetingView, type MeetingChange } from './meeting-views';
import { publishMeetingChange } from './publish-meeting-change';
import { relayRoomSignals } from './relay-room-signals';
import { rescheduleMeeting } from './reschedule-meeting';
import { respondToMeeting } from './respond-to-meeting';
import { getRoomIceServers } from './room-ice-servers';
import { scheduleAccountManagerCall } from './schedule-account-manager-call';
import { scheduleMeeting } from './schedule-meeting';

const CALENDAR_TYPE = 'text/calendar; charset=utf-8';

// Meetings: a company schedules them with applicants in its pipeline (or a call with its
// account manager); every participant answers, moves or cancels them; each has a join link and an .ics,
// and each person a private iCalendar feed. Only participants see a meeting: anyone else gets a 404.
// The endpoints are declared in shared/contracts/meetings.ts.
export async function meetingRoutes(app: FastifyInstance, { context }: { context: AppContext }) {
  const { db, config, live, jobs, mailer } = context;
  const { publicUrl } = config;
  relayRoomSignals({ db, live, logger: app.log });

  // After a committed change the participants' calendars refetch; the caller gets the meeting as they see it.
  const published = async (request: FastifyRequest, change: MeetingChange) => {
    await publishMeetingChange({
      live,
      logger: request.log,
      meetingId: change.meeting.id,
      participantIds: change.participantIds,
    });
    return loadMeetingView({ db, viewerId: actorOf(request).actorId, id: change.meeting.id });
  };
  const scheduled = (created: ScheduledMeeting): MeetingChange => ({
    meeting: created.meeting,
    participantIds: created.participants.map((participant) => participant.userId),
  });

  registerEndpoint(
    app,
    meetingsContract.list,
    { config: { access: { permission: 'read:meeting:own' } } },
    async (request) =>
      findMeetings({
        db,
        userId: actorOf(request).actorId,
        from: new Date(request.query.from),
        to: request.query.to ? new Date(request.query.to) : undefined,
        status: request.query.status,
        page: request.query.page,
        pageSize: request.query.page_size,
      }),
  );

  registerEndpoint(
    app,
    meetingsContract.inviteeBusy,
    { config: { access: { permission: 'create:meeting:own' } } },
    async (request) =>
      findInviteeBusy({
        db,
        jobs,
        companyId: currentCompanyId(request),
        applicationId: request.params.application_id,
        from: new Date(request.query.from),
        hours: request.query.hours,
      }),
  );

  registerEndpoint(
    app,
    meetingsContract.invitees,
    { config: { access: { permission: 'create:meeting:own' } } },
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

  registerEndpoint(
    app,
    meetingsContract.schedule,
    { config: { access: { permission: 'create:meeting:own' } } },
    async (request, reply) => {
      const { companyId, actorId, ipAddress } = companyActorOf(request);
      const created = await scheduleMeeting({
        db,
        jobs,
        mailer,
        publicUrl,
        companyId,
        organizerId: actorId,
        input: request.body,
        ipAddress,
      });
      const view = await published(request, scheduled(created));
      return reply.code(201).send(view);
    },
  );

  registerEndpoint(
    app,
    meetingsContract.accountManagerCallInvitee,
    { config: { access: { permission: 'create:meeting:own' } } },
    async (request) => findAccountManagerCallInvitee({ db, companyId: currentCompanyId(request) }),
  );

  registerEndpoint(
    app,
    meetingsContract.scheduleAccountManagerCall,
    { config: { access: { permission: 'create:meeting:own' } } },
    async (request, reply) => {
      const { companyId, actorId, ipAddress } = companyActorOf(request);
      const created = await scheduleAccountManagerCall({
        db,
        jobs,
        mailer,
        publicUrl,
        companyId,
        organizerId: actorId,
        input: request.body,
        ipAddress,
      });
      const view = await published(request, scheduled(created));
      return reply.code(201).send(view);
    },
  );

  registerEndpoint(
    app,
    meetingsContract.get,
    { config: { access: { permission: 'read:meeting:own' } } },
    async (request) => {
      const userId = actorOf(request).actorId;
      await findParticipantMeeting({ db, meetingId: request.params.id, userId });
      return loadMeetingView({ db, viewerId: userId, id: request.params.id });
    },
  );

  registerEndpoint(
    app,
    meetingsContract.downloadCalendar,
    { config: { access: { permission: 'read:meeting:own' } } },
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

  registerEndpoint(
    app,
    meetingsContract.respond,
    { config: { access: { permission: 'update:meeting:own' } } },
    async (request) => {
      const { actorId, ipAddress } = actorOf(request);
      const change = await respondToMeeting({
        db,
        jobs,
        meetingId: request.params.id,
        userId: actorId,
        response: request.body.response,
        reason: request.body.reason,
        ipAddress,
      });
      return published(request, change);
    },
  );

  registerEndpoint(
    app,
    meetingsContract.reschedule,
    { config: { access: { permission: 'update:meeting:own' } } },
    async (request) => {
      const { actorId, ipAddress } = actorOf(request);
      const change = await rescheduleMeeting({
        db,
        jobs,
        mailer,
        publicUrl,
        meetingId: request.params.id,
        userId: actorId,
        startsAt: new Date(request.body.starts_at),
        durationMinutes: request.body.duration_minutes,
        reason: request.body.reason,
        callLink: request.body.call_link,
        ipAddress,
      });
      return published(request, change);
    },
  );

  registerEndpoint(
    app,
    meetingsContract.cancel,
    { config: { access: { permission: 'update:meeting:own' } } },
    async (request) => {
      const { actorId, ipAddress } = actorOf(request);
      const change = await cancelMeeting({
        db,
        jobs,
        mailer,
        publicUrl,
        meetingId: request.params.id,
        userId: actorId,
        reason: request.body.reason,
        ipAddress,
      });
      return published(request, change);
    },
  );

  registerEndpoint(
    app,
    meetingsContract.room,
    { config: { access: { permission: 'read:meeting:own' } } },
    async (request) => getMeetingRoom({ db, userId: actorOf(request).actorId, roomToken: request.params.token }),
  );

  registerEndpoint(
    app,
    meetingsContract.roomIceServers,
    { config: { access: { permission: 'read:meeting:own' } } },
    async (request) =>
      getRoomIceServers({ db, config, userId: actorOf(request).actorId, roomToken: request.params.token }),
  );

  registerEndpoint(
    app,
    meetingsContract.calendarFeed,
    { config: { access: { permission: 'read:meeting:own' } } },
    async (request) => getCalendarFeedStatus({ db, userId: actorOf(request).actorId }),
  );

  registerEndpoint(
    app,
    meetingsContract.createCalendarFeed,
    { config: { sessionOnly: true, access: { permission: 'update:meeting:own' } } },
    async (request, reply) => {
      const { actorId, ipAddress } = actorOf(request);
      return reply.code(201).send(await createCalendarFeed({ db, publicUrl, userId: actorId, ipAddress }));
    },
  );

  // Calendar apps fetch this without a session: the token in the URL is the credential.
  registerEndpoint(app, meetingsContract.calendarFeedFile, { config: { access: 'public' } }, async (request, reply) => {
    const body = await readCalendarFeed({ db, publicUrl, token: request.params.token });
    return sendGeneratedFile(
      reply,
      { filename: 'tandem-meetings.ics', contentType: CALENDAR_TYPE, content: body },
      { disposition: 'inline', cacheControl: 'private, no-store' },
    );
  });

  // The applicant dashboard's Upcoming Meetings.
  registerEndpoint(
    app,
    applicationsContract.meetings,
    { config: { access: { permission: 'read:applicant_dashboard:own' } } },
    async (request) =>
      findApplicantMeetings({
        db: context.db,
        applicantId: actorOf(request).actorId,
        page: request.query.page,
        pageSize: request.query.page_size,
      }),
  );
}
