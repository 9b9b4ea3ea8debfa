import { and, eq, sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ApplicationStatus, applicationTexts } from '~/shared/applications';
import type { BodyOf } from '~/shared/contract';
import { accountContract } from '~/shared/contracts/account';
import { applicationsContract } from '~/shared/contracts/applications';
import { companiesContract } from '~/shared/contracts/companies';
import { meetingsContract } from '~/shared/contracts/meetings';
import { talentContract } from '~/shared/contracts/talent';
import type { LiveEvent } from '~/shared/live-events';
import { meetingTexts, meetingTimeInZones, type ScheduleMeetingInput } from '~/shared/meetings';
import {
  applicantProfiles,
  applications,
  auditLogs,
  companies,
  emailOutbox,
  meetings,
  notifications,
  users,
} from '../db/schema';
import type { JobData, JobName, JobQueue, SendOptions } from '../platform/job-queue';
import { buildApplication, buildJob } from '../seed/job-factories';
import { signedInAccount } from '../testing/auth-helpers';
import { callContract } from '../testing/contract-client';
import { createTestApp, type TestApp } from '../testing/test-app';
import { enqueueMeetingReminders } from './publish-meeting-change';
import { sendMeetingReminder } from './send-meeting-reminder';

type Account = Awaited<ReturnType<typeof signedInAccount>>;

const PUBLIC_URL = 'https://tandem.example';
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR_MS).toISOString();

// The next Sunday on which the United States moves its clocks forward (the second Sunday of March),
// at 15:00 UTC: 11:00 in New York (already daylight time), 15:00 in London (not yet).
function nextUsSpringForward(): Date {
  for (let year = new Date().getUTCFullYear(); ; year++) {
    const marchFirst = new Date(Date.UTC(year, 2, 1, 15));
    const firstSunday = 1 + ((7 - marchFirst.getUTCDay()) % 7);
    const day = new Date(Date.UTC(year, 2, firstSunday + 7, 15));
    if (day.getTime() > Date.now() + DAY_MS) return day;
  }
}

// The next 15 January or 15 February (New York is on standard time, UTC−5, on both) whose 9:00 AM there,
// 14:00 UTC, is at least an hour ahead: never more than eleven months off.
function nextWinterFifteenth(): { year: number; month: 'Jan' | 'Feb'; monthNumber: '01' | '02' } {
  for (let year = new Date().getUTCFullYear(); ; year++) {
    for (const [index, month] of [[0, 'Jan'] as const, [1, 'Feb'] as const]) {
      if (Date.UTC(year, index, 15, 14) > Date.now() + HOUR_MS) {
        return { year, month, monthNumber: index === 0 ? '01' : '02' };
      }
    }
  }
}

// The scheme of a CAL-ADDRESS is case-insensitive ("MAILTO:" or "mailto:").
const withoutMailto = (value: unknown) => String(value).replace(/^mailto:/i, '');

// ical.js knows neither NAME (RFC 7986) nor X-WR-CALNAME and hands them over still escaped: read them
// as the TEXT values they are.
const readText = (raw: unknown) => ICAL.design.icalendar.value.text?.fromICAL?.(String(raw));

function parseCalendar(body: string) {
  const calendar = new ICAL.Component(ICAL.parse(body));
  return calendar.getAllSubcomponents('vevent').map((vevent) => ({
    uid: vevent.getFirstPropertyValue('uid'),
    sequence: vevent.getFirstPropertyValue('sequence'),
    status: vevent.getFirstPropertyValue('status'),
    summary: vevent.getFirstPropertyValue('summary'),
    url: vevent.getFirstPropertyValue('url'),
    description: String(vevent.getFirstPropertyValue('description')),
    start: (vevent.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString(),
    startZone: (vevent.getFirstPropertyValue('dtstart') as ICAL.Time).zone?.tzid,
    end: (vevent.getFirstPropertyValue('dtend') as ICAL.Time).toJSDate().toISOString(),
    organizer: withoutMailto(vevent.getFirstPropertyValue('organizer')),
    attendees: vevent.getAllProperties('attendee').map((property) => ({
      email: withoutMailto(property.getFirstValue()),
      partstat: property.getParameter('partstat'),
    })),
  }));
}

// Meetings: scheduling with the pipeline's applicants, who sees what, the answers and
// moves and their rules, each side's time zone, the .ics and the private feed, and the reminders.
describe('the meetings API', () => {
  let testApp: TestApp;
  let company: Account;
  let otherCompany: Account;
  let applicant: Account;
  let stranger: Account;
  let companyId: string;
  const liveEvents: Array<{ userIds: readonly string[]; event: LiveEvent }> = [];

  beforeAll(async () => {
    // The site's public address is not the host the requests come to (inject's localhost): links the app
    // follows must stay on the host in use, while emails and calendar files carry the public address.
    testApp = await createTestApp({ env: { PUBLIC_URL } });
    // Scheduling and moving a meeting take a zone of one's own (docs/decisions/022).
    company = await signedInAccount(testApp, { role: 'company', name: 'Rita Recruiter', timeZone: 'America/New_York' });
    otherCompany = await signedInAccount(testApp, { role: 'company', timeZone: 'Europe/Berlin' });
    applicant = await signedInAccount(testApp, { role: 'applicant', name: 'Ada Lovelace', timeZone: 'Europe/London' });
    stranger = await signedInAccount(testApp, { role: 'applicant' });
    companyId = await companyIdOf(company);
    const live = testApp.app.appContext.live;
    const send = live.send.bind(live);
    vi.spyOn(live, 'send').mockImplementation(async (userIds, event) => {
      liveEvents.push({ userIds, event });
      await send(userIds, event);
    });
  });
  afterAll(async () => {
    await testApp.close();
  });

  const db = () => testApp.database.db;
  const newApplication = async (status: ApplicationStatus = 'submitted', applicantId = applicant.user.id) => {
    const job = await buildJob(db(), { companyId, title: 'Support Engineer' });
    return buildApplication(db(), { jobId: job.id, status, applicantId });
  };
  const schedule = (body: ScheduleMeetingInput, account = company) => account.call(meetingsContract.schedule, { body });
  const scheduleInterview = async (overrides: Partial<ScheduleMeetingInput> = {}) => {
    const application = await newApplication();
    const response = await schedule({
      application_id: application.id,
      type: 'interview',
      starts_at: inHours(48),
      duration_minutes: 45,
      ...overrides,
    });
    expect(response.statusCode, response.error?.error).toBe(201);
    return { application, meeting: response.body };
  };
  const respond = (account: Account, id: string, body: BodyOf<typeof meetingsContract.respond>) =>
    account.call(meetingsContract.respond, { params: { id }, body });
  const reschedule = (account: Account, id: string, body: BodyOf<typeof meetingsContract.reschedule>) =>
    account.call(meetingsContract.reschedule, { params: { id }, body });
  const cancel = (account: Account, id: string, body: BodyOf<typeof meetingsContract.cancel>) =>
    account.call(meetingsContract.cancel, { params: { id }, body });
  const companyIdOf = async (account: Account) => (await account.call(companiesContract.profile)).body.id;
  const statusOf = async (id: string) =>
    (await db().select({ status: applications.status }).from(applications).where(eq(applications.id, id)))[0]?.status;

  describe('scheduling', () => {
    it('invites the applicant, moves the application to interviewing, and tells the applicant', async () => {
      liveEvents.length = 0;
      const { application, meeting } = await scheduleInterview({ notes: 'We will talk about the support rota.' });
      expect(meeting).toMatchObject({
        type: 'interview',
        title: 'Interview: Support Engineer',
        notes: 'We will talk about the support rota.',
        duration_minutes: 45,
        status: 'scheduled',
        sequence: 0,
        application_id: application.id,
        company: { id: companyId },
        my_response: 'accepted',
      });
      expect(Date.parse(meeting.ends_at) - Date.parse(meeting.starts_at)).toBe(45 * 60_000);
      expect(meeting.join_url).toMatch(/^\/meet\/[A-Za-z0-9_-]{24}$/);
      expect(meeting.participants.map((person) => [person.name, person.response, person.is_organizer])).toEqual([
        ['Ada Lovelace', 'pending', false],
        ['Rita Recruiter', 'accepted', true],
      ]);
      expect(await statusOf(application.id)).toBe('interviewing');
      const told = await db()
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, applicant.user.id), eq(notifications.type, 'meeting_invited')));
      expect(told.at(-1)).toMatchObject({
        title: expect.stringMatching(/invited you to an interview$/),
        link: `/applicant/meetings?meeting=${meeting.id}`,
      });
      expect(liveEvents).toEqual([
        {
          userIds: expect.arrayContaining([company.user.id, applicant.user.id]),
          event: { type: 'meeting.changed', meeting_id: meeting.id },
        },
      ]);
      const [audit] = await db().select().from(auditLogs).where(eq(auditLogs.targetId, meeting.id));
      expect(audit).toMatchObject({ action: 'meeting.scheduled', actorId: company.user.id });
    });

    it('moves only applications before interviewing, and only for interviews', async () => {
      const offered = await newApplication('offered');
      expect(
        (await schedule({ application_id: offered.id, type: 'interview', starts_at: inHours(5), duration_minutes: 30 }))
          .statusCode,
      ).toBe(201);
      expect(await statusOf(offered.id)).toBe('offered');
      const shortlisted = await newApplication('shortlisted');
      const intro = await schedule({
        application_id: shortlisted.id,
        type: 'intro',
        starts_at: inHours(5),
        duration_minutes: 15,
      });
      expect(intro.body).toMatchObject({ title: 'Intro Call: Support Engineer' });
      expect(await statusOf(shortlisted.id)).toBe('shortlisted');
      const hired = await newApplication('hired');
      const checkIn = await schedule({
        application_id: hired.id,
        type: 'check_in',
        starts_at: inHours(5),
        duration_minutes: 30,
        title: 'First week',
      });
      expect(checkIn.body).toMatchObject({ title: 'First week', type: 'check_in' });
    });

    it('refuses another company’s application, an ended one, and applicants', async () => {
      const application = await newApplication();
      const body: ScheduleMeetingInput = {
        application_id: application.id,
        type: 'intro',
        starts_at: inHours(5),
        duration_minutes: 30,
      };
      const foreign = await schedule(body, otherCompany);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.error?.error).toBe(applicationTexts.notFound);
      expect((await schedule(body, applicant)).statusCode).toBe(403);
      const rejected = await newApplication('rejected');
      const ended = await schedule({ ...body, application_id: rejected.id });
      expect(ended.statusCode).toBe(409);
      expect(ended.error?.error).toBe(meetingTexts.applicationEnded);
    });

    it('says what is wrong with a time or a duration', async () => {
      const application = await newApplication();
      const body: ScheduleMeetingInput = {
        application_id: application.id,
        type: 'intro',
        starts_at: inHours(5),
        duration_minutes: 30,
      };
      const past = await schedule({ ...body, starts_at: inHours(-1) });
      expect(past.statusCode).toBe(400);
      expect(past.error).toMatchObject({
        error: meetingTexts.startsInPast,
        fields: { starts_at: meetingTexts.startsInPast },
      });
      const far = await schedule({ ...body, starts_at: inHours(24 * 400) });
      expect(far.error?.error).toBe(meetingTexts.tooFarAhead);
      for (const duration of [10, 20, 255, 30.5]) {
        const response = await schedule({ ...body, duration_minutes: duration });
        expect(response.statusCode, String(duration)).toBe(400);
        expect(response.error?.fields?.duration_minutes).toBe(meetingTexts.duration);
      }
      const noTime = await schedule({ ...body, starts_at: 'next tuesday' });
      expect(noTime.error?.fields?.starts_at).toBe(meetingTexts.startsAt);
      // A type the contract does not know, sent as a hand-written request would.
      const badType = await company.callUnchecked(meetingsContract.schedule, { body: { ...body, type: 'party' } });
      expect(badType.error?.fields?.type).toBe(meetingTexts.type);
      expect(await statusOf(application.id)).toBe('submitted');
    });
  });

  describe('whom a company may invite', () => {
    it('lists the applicants of its own pipeline still in it, by name or job, with their zone', async () => {
      const mate = await signedInAccount(testApp, { role: 'company' });
      const mateCompany = await companyIdOf(mate);
      const job = await buildJob(db(), { companyId: mateCompany, title: 'Data Analyst' });
      const open = await buildApplication(db(), { jobId: job.id, applicantName: 'Nora Numbers' });
      await buildApplication(db(), { jobId: job.id, applicantName: 'Wes Withdrawn', status: 'withdrawn' });
      await db()
        .update(applicantProfiles)
        .set({ timezone: 'Asia/Kolkata' })
        .where(eq(applicantProfiles.userId, open.applicantId));
      const list = await mate.call(meetingsContract.invitees);
      expect(list.body).toMatchObject({
        total: 1,
        items: [
          {
            application_id: open.id,
            applicant_name: 'Nora Numbers',
            job_title: 'Data Analyst',
            time_zone: 'Asia/Kolkata',
          },
        ],
      });
      expect((await mate.call(meetingsContract.invitees, { query: { q: 'analyst' } })).body.total).toBe(1);
      expect((await mate.call(meetingsContract.invitees, { query: { q: 'zzz' } })).body.total).toBe(0);
      const one = await mate.call(meetingsContract.invitees, { query: { application_id: open.id } });
      expect(one.body.items).toHaveLength(1);
      const foreign = await company.call(meetingsContract.invitees, { query: { application_id: open.id } });
      expect(foreign.body.total).toBe(0);
      expect((await applicant.call(meetingsContract.invitees)).statusCode).toBe(403);
    });
  });

  describe('when an invitee is busy', () => {
    it('shows another company the times the applicant is in meetings, merged and nothing more', async () => {
      const busyApplicant = await signedInAccount(testApp, { role: 'applicant', timeZone: 'Europe/Paris' });
      const mine = await newApplication('submitted', busyApplicant.user.id);
      const from = new Date(Math.ceil(Date.now() / HOUR_MS) * HOUR_MS + 24 * HOUR_MS);
      const at = (hours: number) => new Date(from.getTime() + hours * HOUR_MS).toISOString();
      // Two meetings that touch, one later, one declined and one cancelled (neither counts).
      for (const [hours, minutes] of [
        [1, 60],
        [2, 30],
        [5, 45],
      ] as const) {
        const made = await schedule({
          application_id: mine.id,
          type: 'interview',
          starts_at: at(hours),
          duration_minutes: minutes,
        });
        expect(made.statusCode, made.error?.error).toBe(201);
      }
      const declined = (
        await schedule({ application_id: mine.id, type: 'intro', starts_at: at(8), duration_minutes: 30 })
      ).body;
      expect((await respond(busyApplicant, declined.id, { response: 'declined' })).statusCode).toBe(200);
      const cancelled = (
        await schedule({ application_id: mine.id, type: 'intro', starts_at: at(10), duration_minutes: 30 })
      ).body;
      expect((await cancel(company, cancelled.id, { reason: 'No longer needed' })).statusCode).toBe(200);

      // The other company, with an application of its own from the same applicant.
      const otherId = await companyIdOf(otherCompany);
      const otherJob = await buildJob(db(), { companyId: otherId, title: 'Analyst' });
      const theirs = await buildApplication(db(), { jobId: otherJob.id, applicantId: busyApplicant.user.id });
      const busyOf = (account: Account, applicationId: string, query: { from: string; hours?: number }) =>
        account.call(meetingsContract.inviteeBusy, { params: { application_id: applicationId }, query });
      const busy = await busyOf(otherCompany, theirs.id, { from: from.toISOString(), hours: 24 });
      expect(busy.statusCode, busy.error?.error).toBe(200);
      expect(busy.body).toEqual({
        items: [
          { starts_at: at(1), ends_at: at(2.5), source: 'meeting' },
          { starts_at: at(5), ends_at: at(5.75), source: 'meeting' },
        ],
      });
      const later = await busyOf(otherCompany, theirs.id, { from: at(3), hours: 2 });
      expect(later.body.items).toEqual([]);

      // Only through an application of one's own; a sentence for a bad request.
      const foreign = await busyOf(otherCompany, mine.id, { from: from.toISOString() });
      expect(foreign.statusCode).toBe(404);
      const tooLong = await busyOf(otherCompany, theirs.id, { from: from.toISOString(), hours: 72 });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.error?.fields).toEqual({ hours: 'Look at 1 to 48 hours.' });
      const asApplicant = await busyOf(busyApplicant, theirs.id, { from: from.toISOString() });
      expect(asApplicant.statusCode).toBe(403);
    });
  });

  describe('who sees a meeting', () => {
    it('shows it to its participants only', async () => {
      const { meeting } = await scheduleInterview();
      for (const account of [company, applicant]) {
        const response = await account.call(meetingsContract.get, { params: { id: meeting.id } });
        expect(response.statusCode).toBe(200);
        const ics = await account.call(meetingsContract.downloadCalendar, { params: { id: meeting.id } });
        expect(ics.statusCode).toBe(200);
      }
      const companyMate = await signedInAccount(testApp, { role: 'company' });
      for (const account of [otherCompany, stranger]) {
        for (const endpoint of [meetingsContract.get, meetingsContract.downloadCalendar]) {
          const response = await account.call(endpoint, { params: { id: meeting.id } });
          expect(response.statusCode, endpoint.path).toBe(404);
          expect(response.error?.error).toBe(meetingTexts.notFound);
        }
        for (const [action, send] of [
          ['respond', () => respond(account, meeting.id, { response: 'accepted' })],
          ['reschedule', () => reschedule(account, meeting.id, { starts_at: inHours(80) })],
          ['cancel', () => cancel(account, meeting.id, { reason: 'No' })],
        ] as const) {
          expect((await send()).statusCode, action).toBe(404);
        }
      }
      expect((await companyMate.call(meetingsContract.get, { params: { id: meeting.id } })).statusCode).toBe(404);
      const room = meeting.join_url.split('/meet/')[1] ?? '';
      expect((await applicant.call(meetingsContract.room, { params: { token: room } })).body.id).toBe(meeting.id);
      const refused = await stranger.call(meetingsContract.room, { params: { token: room } });
      expect(refused.statusCode).toBe(404);
      expect(refused.error?.error).toBe(meetingTexts.roomNotFound);
    });

    it('lists a person’s meetings in a range, earliest first', async () => {
      const person = await signedInAccount(testApp, { role: 'applicant' });
      const times = [30, 5, 200];
      const ids: string[] = [];
      for (const hours of times) {
        const application = await newApplication('submitted', person.user.id);
        const response = await schedule({
          application_id: application.id,
          type: 'intro',
          starts_at: inHours(hours),
          duration_minutes: 30,
        });
        ids.push(response.body.id);
      }
      const list = await person.call(meetingsContract.list, { query: { from: inHours(0), to: inHours(48) } });
      expect(list.body).toMatchObject({ total: 2, page: 1 });
      expect(list.body.items.map((item) => item.id)).toEqual([ids[1], ids[0]]);
      const upcoming = await person.call(meetingsContract.list, { query: { from: inHours(0), page_size: 2, page: 2 } });
      expect(upcoming.body).toMatchObject({ total: 3, page: 2, items: [{ id: ids[2] }] });
      const wide = await person.call(meetingsContract.list, { query: { from: inHours(0), to: inHours(24 * 101) } });
      expect(wide.statusCode).toBe(400);
      expect(wide.error?.error).toContain(meetingTexts.rangeTooWide);
      const backwards = await person.call(meetingsContract.list, { query: { from: inHours(5), to: inHours(1) } });
      expect(backwards.statusCode).toBe(400);
      const applicantList = await person.call(applicationsContract.meetings);
      expect(applicantList.body).toMatchObject({
        total: 3,
        items: [
          { id: ids[1], type: 'Intro Call', link: expect.stringMatching(/^\/meet\/[A-Za-z0-9_-]{24}$/) },
          { id: ids[0] },
          { id: ids[2] },
        ],
      });
      expect(applicantList.body.items[0]?.company).toMatch(/^Test Company/);
    });
  });

  describe('answering, moving and cancelling', () => {
    // The company's first notification of a kind about this meeting: the other tests tell it about theirs.
    const toldCompany = async (type: 'meeting_responded' | 'meeting_rescheduled' | 'meeting_cancelled', id: string) => {
      const [told] = await db()
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, company.user.id),
            eq(notifications.type, type),
            eq(notifications.link, `/company/meetings?meeting=${id}`),
          ),
        )
        .orderBy(notifications.createdAt);
      return told;
    };

    it('lets the invitee accept, and tells the organizer', async () => {
      const { meeting } = await scheduleInterview();
      liveEvents.length = 0;
      const accepted = await respond(applicant, meeting.id, { response: 'accepted' });
      expect(accepted.statusCode).toBe(200);
      expect(accepted.body.my_response).toBe('accepted');
      const seen = (await company.call(meetingsContract.get, { params: { id: meeting.id } })).body;
      expect(seen.participants.find((person) => person.name === 'Ada Lovelace')?.response).toBe('accepted');
      const told = await toldCompany('meeting_responded', meeting.id);
      expect(told).toMatchObject({
        title: `Ada Lovelace accepted ${meeting.title}`,
        link: `/company/meetings?meeting=${meeting.id}`,
      });
      expect(liveEvents.map((entry) => entry.event)).toEqual([{ type: 'meeting.changed', meeting_id: meeting.id }]);
      const organizer = await respond(company, meeting.id, { response: 'declined' });
      expect(organizer.statusCode).toBe(409);
      expect(organizer.error?.error).toBe(meetingTexts.organizerAnswers);
      // An answer the contract does not know, sent as a hand-written request would.
      const unknown = await applicant.callUnchecked(meetingsContract.respond, {
        params: { id: meeting.id },
        body: { response: 'maybe' },
      });
      expect(unknown.error?.fields?.response).toBe(meetingTexts.response);
    });

    it('moves a meeting: the others are asked again and the sequence grows', async () => {
      const { meeting } = await scheduleInterview();
      await respond(applicant, meeting.id, { response: 'accepted' });
      const startsAt = inHours(72);
      const moved = await reschedule(applicant, meeting.id, {
        starts_at: startsAt,
        duration_minutes: 60,
        reason: 'A dentist appointment',
      });
      expect(moved.statusCode).toBe(200);
      expect(moved.body).toMatchObject({
        starts_at: startsAt,
        duration_minutes: 60,
        sequence: 1,
        my_response: 'accepted',
      });
      const seen = (await company.call(meetingsContract.get, { params: { id: meeting.id } })).body;
      expect(seen.my_response).toBe('pending');
      const told = await toldCompany('meeting_rescheduled', meeting.id);
      expect(told?.body).toContain('“A dentist appointment”');
      // Now the applicant moved it, the organizer answers the new time.
      expect((await respond(company, meeting.id, { response: 'accepted' })).statusCode).toBe(409);
      const past = await reschedule(company, meeting.id, { starts_at: inHours(-2) });
      expect(past.statusCode).toBe(400);
      expect(past.error?.error).toBe(meetingTexts.startsInPast);
      const same = await reschedule(company, meeting.id, { starts_at: startsAt });
      expect(same.error?.error).toBe(meetingTexts.sameTime);
    });

    it('cancels with a reason, once, and then nothing else happens to it', async () => {
      const { meeting } = await scheduleInterview();
      const noReason = await cancel(applicant, meeting.id, { reason: '   ' });
      expect(noReason.statusCode).toBe(400);
      expect(noReason.error?.fields?.reason).toBe(meetingTexts.reasonRequired);
      const cancelled = await cancel(applicant, meeting.id, { reason: 'I took another job.' });
      expect(cancelled.body).toMatchObject({
        status: 'cancelled',
        cancel_reason: 'I took another job.',
        sequence: 1,
      });
      const told = await toldCompany('meeting_cancelled', meeting.id);
      expect(told?.body).toContain('“I took another job.”');
      const again = await cancel(company, meeting.id, { reason: 'Twice' });
      expect(again.statusCode).toBe(409);
      expect(again.error?.error).toBe(meetingTexts.alreadyCancelled);
      const answer = await respond(applicant, meeting.id, { response: 'accepted' });
      expect(answer.statusCode).toBe(409);
      expect(answer.error?.error).toBe(meetingTexts.cancelledNoAnswer);
      const move = await reschedule(company, meeting.id, { starts_at: inHours(90) });
      expect(move.error?.error).toBe(meetingTexts.cancelledNoReschedule);
    });

    it('keeps a meeting that is over as it was', async () => {
      const { meeting } = await scheduleInterview();
      await db()
        .update(meetings)
        .set({ startsAt: new Date(Date.now() - 2 * HOUR_MS) })
        .where(eq(meetings.id, meeting.id));
      expect((await respond(applicant, meeting.id, { response: 'accepted' })).error?.error).toBe(
        meetingTexts.overNoAnswer,
      );
      expect((await reschedule(company, meeting.id, { starts_at: inHours(5) })).error?.error).toBe(
        meetingTexts.overNoReschedule,
      );
      expect((await cancel(company, meeting.id, { reason: 'Late' })).error?.error).toBe(meetingTexts.overNoCancel);
    });
  });

  describe('a call with the account manager', () => {
    it('is refused while the company has no manager, and booked with the manager once it has one', async () => {
      const body = { starts_at: inHours(30), duration_minutes: 30, notes: 'Quarterly plan' };
      const none = await company.call(meetingsContract.scheduleAccountManagerCall, { body });
      expect(none.statusCode).toBe(409);
      expect(none.error?.error).toBe(meetingTexts.noAccountManager);
      const manager = await signedInAccount(testApp, { role: 'account_manager', name: 'Maya Manager' });
      await db().update(companies).set({ accountManagerId: manager.user.id }).where(eq(companies.id, companyId));
      const booked = await company.call(meetingsContract.scheduleAccountManagerCall, { body });
      expect(booked.statusCode).toBe(201);
      expect(booked.body).toMatchObject({ type: 'check_in', notes: 'Quarterly plan', application_id: null });
      const seen = await manager.call(meetingsContract.get, { params: { id: booked.body.id } });
      expect(seen.body).toMatchObject({ my_response: 'pending' });
      const accepted = await respond(manager, booked.body.id, { response: 'accepted' });
      expect(accepted.statusCode).toBe(200);
      await db().update(companies).set({ accountManagerId: null }).where(eq(companies.id, companyId));
    });
  });

  describe('time zones', () => {
    const zoneOf = async (account: Account) => (await account.call(accountContract.timeZone)).body.time_zone;
    const putZone = (account: Account, time_zone: string) =>
      account.call(accountContract.updateTimeZone, { body: { time_zone } });

    it('keeps each person’s own zone where their role keeps it, and refuses one that is not a zone', async () => {
      const person = await signedInAccount(testApp, { role: 'applicant' });
      const manager = await signedInAccount(testApp, { role: 'account_manager' });
      const admin = await signedInAccount(testApp, { role: 'admin' });
      for (const account of [person, manager, admin]) expect(await zoneOf(account)).toBeNull();

      const saved = await putZone(person, 'Asia/Kolkata');
      expect(saved.statusCode).toBe(200);
      expect(saved.body).toEqual({ time_zone: 'Asia/Kolkata' });
      expect(await zoneOf(person)).toBe('Asia/Kolkata');
      // An applicant's zone is their profile's, the one companies read; never a second copy on users.
      const [profile] = await db()
        .select({ zone: applicantProfiles.timezone })
        .from(applicantProfiles)
        .where(eq(applicantProfiles.userId, person.user.id));
      expect(profile?.zone).toBe('Asia/Kolkata');
      const [own] = await db().select({ zone: users.timeZone }).from(users).where(eq(users.id, person.user.id));
      expect(own?.zone).toBeNull();
      const profileRead = await person.call(talentContract.ownProfile);
      expect(profileRead.body.timezone).toBe('Asia/Kolkata');

      for (const [account, zone] of [
        [manager, 'Europe/Lisbon'],
        [admin, 'Pacific/Auckland'],
      ] as const) {
        expect((await putZone(account, zone)).body).toEqual({ time_zone: zone });
        expect(await zoneOf(account)).toBe(zone);
        const [row] = await db().select({ zone: users.timeZone }).from(users).where(eq(users.id, account.user.id));
        expect(row?.zone).toBe(zone);
      }
      const [audit] = await db()
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.actorId, manager.user.id), eq(auditLogs.action, 'account.time_zone_changed')));
      expect(audit?.details).toEqual({ before: null, after: 'Europe/Lisbon' });

      for (const bad of ['Mars/Olympus', '+05:00', 'est5edt', 'UTC+08:00', '', 42, null]) {
        // Some are not even text: sent as a hand-written request would.
        const response = await person.callUnchecked(accountContract.updateTimeZone, { body: { time_zone: bad } });
        expect(response.statusCode, String(bad)).toBe(400);
        expect(response.error?.fields?.time_zone).toBe(meetingTexts.timeZone);
        expect(response.error?.error).toContain(meetingTexts.timeZone);
      }
      expect(await zoneOf(person)).toBe('Asia/Kolkata');
      const visitor = await callContract((options) => testApp.app.inject(options), accountContract.timeZone);
      expect(visitor.statusCode).toBe(401);
    });

    // The case: the company in New York schedules 9:00 AM its time with an applicant in Manila.
    it('reads 9:00 in New York as one UTC instant that Manila’s email, .ics and room all agree on', async () => {
      const { year, month, monthNumber } = nextWinterFifteenth();
      const day = `${year}-${monthNumber}-15`;
      const maria = await signedInAccount(testApp, {
        role: 'applicant',
        name: 'Maria Santos',
        timeZone: 'Asia/Manila',
      });
      const dana = await signedInAccount(testApp, {
        role: 'company',
        name: 'Dana Whitfield',
        timeZone: 'America/New_York',
      });
      const danaCompany = await companyIdOf(dana);
      const job = await buildJob(db(), { companyId: danaCompany, title: 'Night Support' });
      const application = await buildApplication(db(), { jobId: job.id, applicantId: maria.user.id });
      const invitees = await dana.call(meetingsContract.invitees, { query: { application_id: application.id } });
      expect(invitees.body.items[0]).toMatchObject({ applicant_name: 'Maria Santos', time_zone: 'Asia/Manila' });

      // The dialog sends the moment it read on Dana's clock: 9:00 AM in New York (UTC−5 in winter).
      const response = await schedule(
        {
          application_id: application.id,
          type: 'interview',
          starts_at: `${day}T09:00:00-05:00`,
          duration_minutes: 30,
        },
        dana,
      );
      expect(response.statusCode, response.error?.error).toBe(201);
      const meeting = response.body;
      expect(meeting.starts_at).toBe(`${day}T14:00:00.000Z`);
      const stored = await db().execute(
        sql`select to_char(starts_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as utc from meetings where id = ${meeting.id}`,
      );
      expect((stored as unknown as { rows: Array<{ utc: string }> }).rows[0]?.utc).toBe(`${day} 14:00`);
      expect(meeting.participants.map((person) => [person.name, person.time_zone, person.is_you])).toEqual([
        ['Dana Whitfield', 'America/New_York', true],
        ['Maria Santos', 'Asia/Manila', false],
      ]);

      // The same moment on each clock, the 15th in both places.
      const weekday = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: 'UTC' }).format(
        new Date(meeting.starts_at),
      );
      const inManila = `${weekday}, ${month} 15, 10:00 PM (Asia/Manila)`;
      const inNewYork = `${weekday}, ${month} 15, 9:00 AM (America/New_York)`;

      // Maria's invitation (in the app, and the email made from it) says her own time.
      const [invited] = await db()
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, maria.user.id), eq(notifications.type, 'meeting_invited')));
      expect(invited?.body).toBe(`Interview: Night Support · ${inManila}. Accept or decline it on your Meetings page.`);

      // The reminder emails: each person's own time, the zone named.
      const { mailer, config } = testApp.app.appContext;
      await sendMeetingReminder({
        db: db(),
        mailer,
        publicUrl: config.publicUrl,
        job: { meetingId: meeting.id, sequence: 0, lead: '24h' },
      });
      const reminderTo = async (email: string) =>
        (
          await db()
            .select({ text: emailOutbox.text })
            .from(emailOutbox)
            .where(
              and(eq(emailOutbox.toAddress, email), eq(emailOutbox.subject, `Reminder: ${meeting.title} is tomorrow`)),
            )
        )[0]?.text;
      expect(await reminderTo(maria.user.email)).toContain(
        `with Dana Whitfield starts ${inManila} and lasts 30 minutes`,
      );
      expect(await reminderTo(dana.user.email)).toContain(`with Maria Santos starts ${inNewYork} and lasts 30 minutes`);

      // Each one's .ics: the same absolute instant (UTC), and the description in the reader's zone.
      for (const [reader, when] of [
        [
          maria,
          `When: ${weekday}, ${month} 15, 10:00 PM your time (Asia/Manila) · 9:00 AM for Dana Whitfield (America/New_York)`,
        ],
        [
          dana,
          `When: ${weekday}, ${month} 15, 9:00 AM your time (America/New_York) · 10:00 PM for Maria Santos (Asia/Manila)`,
        ],
      ] as const) {
        const ics = await reader.call(meetingsContract.downloadCalendar, { params: { id: meeting.id } });
        const [event] = parseCalendar(ics.rawPayload.toString());
        expect(event).toMatchObject({
          start: `${day}T14:00:00.000Z`,
          startZone: 'UTC',
          end: `${day}T14:30:00.000Z`,
        });
        expect(event?.description.split('\n')[0]).toBe(when);
      }

      // The room page's data: the same instant, each participant's zone, read as Maria reads it.
      const token = meeting.join_url.split('/meet/')[1] ?? '';
      const room = (await maria.call(meetingsContract.room, { params: { token } })).body;
      expect(room.starts_at).toBe(meeting.starts_at);
      const me = room.participants.find((person) => person.is_you);
      expect(me).toMatchObject({ name: 'Maria Santos', time_zone: 'Asia/Manila' });
      expect(
        meetingTimeInZones(
          room.starts_at,
          me?.time_zone ?? null,
          room.participants.filter((person) => !person.is_you),
        ),
      ).toBe(
        `${weekday}, ${month} 15, 10:00 PM your time (Asia/Manila) · 9:00 AM for Dana Whitfield (America/New_York)`,
      );
    });

    it('asks whoever schedules or moves a meeting for their own zone first, and names an invitee without one', async () => {
      const zoneless = await signedInAccount(testApp, { role: 'company', name: 'Nora Nozone' });
      const zonelessCompany = await companyIdOf(zoneless);
      const una = await signedInAccount(testApp, { role: 'applicant', name: 'Una Zone' });
      const job = await buildJob(db(), { companyId: zonelessCompany, title: 'Analyst' });
      const application = await buildApplication(db(), { jobId: job.id, applicantId: una.user.id });
      const body: ScheduleMeetingInput = {
        application_id: application.id,
        type: 'intro',
        starts_at: inHours(30),
        duration_minutes: 30,
      };

      const refused = await schedule(body, zoneless);
      expect(refused.statusCode).toBe(409);
      expect(refused.error?.error).toBe(meetingTexts.ownTimeZoneRequired);
      expect(await statusOf(application.id)).toBe('submitted');
      const manager = await signedInAccount(testApp, { role: 'account_manager' });
      await db().update(companies).set({ accountManagerId: manager.user.id }).where(eq(companies.id, zonelessCompany));
      const call = await zoneless.call(meetingsContract.scheduleAccountManagerCall, {
        body: { starts_at: inHours(30), duration_minutes: 30 },
      });
      expect(call.statusCode).toBe(409);
      expect(call.error?.error).toBe(meetingTexts.ownTimeZoneRequired);

      // Once set, it is scheduled; Una, who set none, is said to have none, never given UTC as hers.
      await putZone(zoneless, 'America/Chicago');
      const meeting = (await schedule(body, zoneless)).body;
      expect(meeting.participants.find((person) => person.name === 'Una Zone')?.time_zone).toBeNull();
      expect(meetingTimeInZones(meeting.starts_at, 'America/Chicago', [{ name: 'Una Zone', time_zone: null }])).toMatch(
        / your time \(America\/Chicago\) · Una Zone has not set a time zone$/,
      );
      const [told] = await db()
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, una.user.id), eq(notifications.type, 'meeting_invited')));
      expect(told?.body).toContain(' UTC (you have not set a time zone on Tandem). Accept or decline');
      const invitee = await zoneless.call(meetingsContract.accountManagerCallInvitee);
      expect(invitee.body).toEqual({ account_manager: { name: manager.user.name, time_zone: null } });

      // Una moves it only once she has a zone of her own.
      const move = await reschedule(una, meeting.id, { starts_at: inHours(40) });
      expect(move.statusCode).toBe(409);
      expect(move.error?.error).toBe(meetingTexts.ownTimeZoneRequired);
      await putZone(una, 'Africa/Lagos');
      expect((await reschedule(una, meeting.id, { starts_at: inHours(40) })).statusCode).toBe(200);
    });

    it('shows each side its own time across the day the US changes its clocks', async () => {
      const sunday = nextUsSpringForward();
      const saturday = new Date(sunday.getTime() - DAY_MS);
      const { meeting } = await scheduleInterview({ starts_at: sunday.toISOString() });
      expect(meeting.participants.map((person) => [person.name, person.time_zone])).toEqual([
        ['Ada Lovelace', 'Europe/London'],
        ['Rita Recruiter', 'America/New_York'],
      ]);
      const ada = [{ name: 'Ada Lovelace', time_zone: 'Europe/London' }];
      const date = sunday.getUTCDate();
      // New York is on daylight time that Sunday (UTC−4), London not yet (UTC+0): four hours apart.
      expect(meetingTimeInZones(meeting.starts_at, 'America/New_York', ada)).toBe(
        `Sun, Mar ${date}, 11:00 AM your time (America/New_York) · 3:00 PM for Ada Lovelace (Europe/London)`,
      );
      // The day before, the same UTC time is five hours apart.
      expect(meetingTimeInZones(saturday, 'America/New_York', ada)).toBe(
        `Sat, Mar ${saturday.getUTCDate()}, 10:00 AM your time (America/New_York) · 3:00 PM for Ada Lovelace (Europe/London)`,
      );
      // A late evening in New York is the next day in London.
      const evening = new Date(sunday.getTime() + 9 * HOUR_MS);
      expect(meetingTimeInZones(evening, 'America/New_York', ada)).toBe(
        `Sun, Mar ${date}, 8:00 PM your time (America/New_York) · Mon, Mar ${date + 1}, 12:00 AM for Ada Lovelace (Europe/London)`,
      );
      const [invited] = await db()
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, applicant.user.id),
            eq(notifications.link, `/applicant/meetings?meeting=${meeting.id}`),
          ),
        );
      expect(invited?.body).toContain(`Sun, Mar ${date}, 3:00 PM (Europe/London)`);
    });
  });

  describe('iCalendar', () => {
    it('gives one meeting as an .ics: stable UID, UTC start, sequence, status, attendees', async () => {
      const { meeting } = await scheduleInterview({ starts_at: '2027-01-12T09:30:00.000Z', title: 'Final round' });
      const download = async () => applicant.call(meetingsContract.downloadCalendar, { params: { id: meeting.id } });
      const first = await download();
      expect(first.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expect(first.headers['content-disposition']).toBe('attachment; filename="final-round.ics"');
      expect(first.rawPayload.toString()).toContain('DTSTART:20270112T093000Z');
      const [event] = parseCalendar(first.rawPayload.toString());
      const host = new URL(testApp.config.publicUrl).hostname;
      expect(event).toMatchObject({
        uid: `${meeting.id}@${host}`,
        sequence: 0,
        status: 'CONFIRMED',
        summary: 'Final round',
        url: `${PUBLIC_URL}${meeting.join_url}`,
        start: '2027-01-12T09:30:00.000Z',
        startZone: 'UTC',
        end: '2027-01-12T10:15:00.000Z',
        organizer: company.user.email,
      });
      expect(event?.attendees).toEqual(
        expect.arrayContaining([
          { email: applicant.user.email, partstat: 'NEEDS-ACTION' },
          { email: company.user.email, partstat: 'ACCEPTED' },
        ]),
      );
      await cancel(company, meeting.id, { reason: 'Filled the role' });
      const [after] = parseCalendar((await download()).rawPayload.toString());
      expect(after).toMatchObject({ uid: event?.uid, sequence: 1, status: 'CANCELLED' });
    });

    it('serves a private feed by its token, replaces it on request, and 404s unknown tokens', async () => {
      const person = await signedInAccount(testApp, { role: 'applicant', name: 'Fay Feed' });
      expect((await person.call(meetingsContract.calendarFeed)).body).toEqual({
        exists: false,
        created_at: null,
      });
      const ahead = await newApplication('submitted', person.user.id);
      const kept = (
        await schedule({ application_id: ahead.id, type: 'intro', starts_at: inHours(30), duration_minutes: 30 })
      ).body;
      const dropped = (
        await schedule({ application_id: ahead.id, type: 'check_in', starts_at: inHours(40), duration_minutes: 30 })
      ).body;
      await cancel(person, dropped.id, { reason: 'Clash' });
      const old = (
        await schedule({ application_id: ahead.id, type: 'check_in', starts_at: inHours(50), duration_minutes: 30 })
      ).body;
      await db()
        .update(meetings)
        .set({ startsAt: new Date(Date.now() - 40 * DAY_MS) })
        .where(eq(meetings.id, old.id));

      const created = await person.call(meetingsContract.createCalendarFeed);
      expect(created.statusCode).toBe(201);
      const { url } = created.body;
      expect(url).toMatch(new RegExp(`^${PUBLIC_URL}/api/calendar/[A-Za-z0-9_-]{32}\\.ics$`));
      expect((await person.call(meetingsContract.calendarFeed)).body.exists).toBe(true);
      const path = new URL(url).pathname;
      const feed = await testApp.app.inject({ method: 'GET', url: path });
      expect(feed.statusCode).toBe(200);
      expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
      const events = parseCalendar(feed.body);
      expect(events.map((event) => [event.uid?.toString().split('@')[0], event.status])).toEqual([
        [kept.id, 'CONFIRMED'],
        [dropped.id, 'CANCELLED'],
      ]);

      const rotated = (await person.call(meetingsContract.createCalendarFeed)).body;
      expect(rotated.url).not.toBe(url);
      const stale = await testApp.app.inject({ method: 'GET', url: path });
      expect(stale.statusCode).toBe(404);
      expect(stale.json().error).toBe(meetingTexts.feedNotFound);
      expect((await testApp.app.inject({ method: 'GET', url: new URL(rotated.url).pathname })).statusCode).toBe(200);
      const malformed = await callContract(
        (options) => testApp.app.inject(options),
        meetingsContract.calendarFeedFile,
        {
          params: { token: 'nonsense!' },
        },
      );
      expect(malformed.statusCode).toBe(400);
    });

    // Rows written before names and titles were kept to one line, or by an import, may hold line breaks:
    // they stay inside their values, and neither the download nor the feed can be broken or added to.
    it('keeps line breaks, quotes and separators in names and titles inside their values', async () => {
      const hostile = 'Eve "Q" ^ Evil; Esq.,\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nSUMMARY:Injected';
      const person = await signedInAccount(testApp, { role: 'applicant', name: hostile });
      const application = await newApplication('submitted', person.user.id);
      const created = await schedule({
        application_id: application.id,
        type: 'interview',
        starts_at: inHours(20),
        duration_minutes: 30,
      });
      const meeting = created.body;
      await db().update(meetings).set({ title: hostile }).where(eq(meetings.id, meeting.id));
      const asParsed = hostile.replaceAll('\r\n', '\n');

      const downloaded = await person.call(meetingsContract.downloadCalendar, { params: { id: meeting.id } });
      const download = { statusCode: downloaded.statusCode, body: downloaded.rawPayload.toString() };
      const feedUrl = (await person.call(meetingsContract.createCalendarFeed)).body.url;
      const feed = await testApp.app.inject({ method: 'GET', url: new URL(feedUrl).pathname });
      for (const [response, calendarName] of [
        [download, asParsed],
        [feed, `Tandem meetings: ${asParsed}`],
      ] as const) {
        expect(response.statusCode, response.body).toBe(200);
        expect(response.body.endsWith('END:VCALENDAR\r\n')).toBe(true);
        expect(response.body.split('\r\n').every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true);
        const calendar = new ICAL.Component(ICAL.parse(response.body));
        expect(readText(calendar.getFirstPropertyValue('x-wr-calname'))).toBe(calendarName);
        expect(readText(calendar.getFirstPropertyValue('name'))).toBe(calendarName);
        const events = calendar.getAllSubcomponents('vevent');
        expect(events).toHaveLength(1);
        expect(events[0]?.getFirstPropertyValue('summary')).toBe(asParsed);
        const names = events[0]?.getAllProperties('attendee').map((property) => property.getParameter('cn'));
        expect(names).toEqual(expect.arrayContaining([asParsed, 'Rita Recruiter']));
      }
    });
  });

  describe('reminders', () => {
    const recordingQueue = () => {
      const sent: Array<{ name: JobName; data: unknown; options?: SendOptions }> = [];
      const queue: JobQueue = {
        send: async <N extends JobName>(name: N, data: JobData[N], options?: SendOptions) => {
          sent.push({ name, data, options });
        },
        work: async () => {},
        schedule: async () => {},
        stop: async () => {},
      };
      return { queue, sent };
    };

    it('queues one job per lead still ahead, keyed by the meeting’s sequence', async () => {
      const { queue, sent } = recordingQueue();
      const startsAt = new Date(Date.now() + 2 * DAY_MS);
      await enqueueMeetingReminders({ jobs: queue, meeting: { id: 'm1', sequence: 3, startsAt } });
      expect(sent).toEqual([
        {
          name: 'meeting-reminder',
          data: { meetingId: 'm1', sequence: 3, lead: '24h' },
          options: { startAfter: new Date(startsAt.getTime() - DAY_MS), singletonKey: 'm1:3:24h' },
        },
        {
          name: 'meeting-reminder',
          data: { meetingId: 'm1', sequence: 3, lead: '15m' },
          options: { startAfter: new Date(startsAt.getTime() - 15 * 60_000), singletonKey: 'm1:3:15m' },
        },
      ]);
      sent.length = 0;
      await enqueueMeetingReminders({
        jobs: queue,
        meeting: { id: 'm2', sequence: 0, startsAt: new Date(Date.now() + HOUR_MS) },
      });
      expect(sent.map((job) => (job.data as { lead: string }).lead)).toEqual(['15m']);
    });

    it('queues the reminders of a scheduled or moved meeting on the job queue', async () => {
      const { meeting } = await scheduleInterview({ starts_at: inHours(30) });
      const queued = async () =>
        (
          (await db().execute(
            sql`select singleton_key as key, start_after as at from pgboss.job where name = 'meeting-reminder' and data->>'meetingId' = ${meeting.id} order by singleton_key`,
          )) as unknown as { rows: Array<{ key: string; at: Date | string }> }
        ).rows.map((row) => [row.key, new Date(row.at).toISOString()]);
      const startsAt = Date.parse(meeting.starts_at);
      expect(await queued()).toEqual([
        [`${meeting.id}:0:15m`, new Date(startsAt - 15 * 60_000).toISOString()],
        [`${meeting.id}:0:24h`, new Date(startsAt - DAY_MS).toISOString()],
      ]);
      const later = Date.parse(inHours(10));
      await reschedule(applicant, meeting.id, { starts_at: new Date(later).toISOString() });
      expect((await queued()).slice(2)).toEqual([[`${meeting.id}:1:15m`, new Date(later - 15 * 60_000).toISOString()]]);
    });

    it('emails who is coming, once, and nothing for a moved or cancelled meeting', async () => {
      const { meeting } = await scheduleInterview();
      const { mailer, config } = testApp.app.appContext;
      const remind = (sequence: number, lead: '24h' | '15m' = '24h') =>
        sendMeetingReminder({
          db: db(),
          mailer,
          publicUrl: config.publicUrl,
          job: { meetingId: meeting.id, sequence, lead },
        });
      expect(await remind(0)).toEqual({ sent: 2 });
      const [mail] = await db()
        .select()
        .from(emailOutbox)
        .where(
          and(
            eq(emailOutbox.toAddress, applicant.user.email),
            eq(emailOutbox.subject, `Reminder: ${meeting.title} is tomorrow`),
          ),
        );
      expect(mail?.text).toContain(`${PUBLIC_URL}${meeting.join_url}`);
      expect(mail?.text).toContain('You have not answered the invitation yet');
      expect(await remind(0)).toEqual({ sent: 0 });
      await reschedule(applicant, meeting.id, { starts_at: inHours(100) });
      expect(await remind(0, '15m')).toEqual({ sent: 0 });
      expect(await remind(1, '15m')).toEqual({ sent: 2 });
      await respond(company, meeting.id, { response: 'declined' });
      await cancel(applicant, meeting.id, { reason: 'Declined' });
      expect(await remind(2, '24h')).toEqual({ sent: 0 });
    });

    it('skips a meeting every invitee declined', async () => {
      const { meeting } = await scheduleInterview();
      await respond(applicant, meeting.id, { response: 'declined', reason: 'Not interested' });
      const { mailer, config } = testApp.app.appContext;
      expect(
        await sendMeetingReminder({
          db: db(),
          mailer,
          publicUrl: config.publicUrl,
          job: { meetingId: meeting.id, sequence: 0, lead: '15m' },
        }),
      ).toEqual({ sent: 0 });
    });
  });
});
