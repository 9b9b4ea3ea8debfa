import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BodyOf } from '~/shared/contract';
import { applicationsContract } from '~/shared/contracts/applications';
import { companiesContract } from '~/shared/contracts/companies';
import { meetingsContract } from '~/shared/contracts/meetings';
import { meetingTexts, type ScheduleMeetingInput } from '~/shared/meetings';
import { companies, emailOutbox, meetings, notifications } from '../db/schema';
import { buildApplication, buildJob } from '../seed/job-factories';
import { signedInAccount } from '../testing/auth-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';
import { sendMeetingReminder } from './send-meeting-reminder';

type Account = Awaited<ReturnType<typeof signedInAccount>>;

const PUBLIC_URL = 'https://tandem.example';
const HOUR_MS = 3_600_000;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR_MS).toISOString();
const ZOOM = 'https://us02web.zoom.us/j/81234567890?pwd=AbCdEf123';
const MEET = 'https://meet.google.com/abc-defg-hij';

// LOCATION and URL of each event of a calendar file, as a calendar app reads them.
function placesOf(body: string) {
  const calendar = new ICAL.Component(ICAL.parse(body));
  return calendar.getAllSubcomponents('vevent').map((vevent) => ({
    location: vevent.getFirstPropertyValue('location'),
    url: vevent.getFirstPropertyValue('url'),
    description: String(vevent.getFirstPropertyValue('description')),
  }));
}

// Someone else's call: the organizer gives a Zoom, Google Meet or Teams link when scheduling or later;
// Join Meeting, the room page, the emails and the calendar files all lead there instead of Tandem's room,
// and only the organizer sets or changes it.
describe('a call held elsewhere', () => {
  let testApp: TestApp;
  let company: Account;
  let applicant: Account;
  let companyId: string;

  beforeAll(async () => {
    testApp = await createTestApp({ env: { PUBLIC_URL } });
    company = await signedInAccount(testApp, { role: 'company', name: 'Rita Recruiter', timeZone: 'America/New_York' });
    applicant = await signedInAccount(testApp, { role: 'applicant', name: 'Ada Lovelace', timeZone: 'Europe/London' });
    companyId = (await company.call(companiesContract.profile)).body.id;
  });
  afterAll(async () => {
    await testApp.close();
  });

  const db = () => testApp.database.db;
  const newApplication = async () => {
    const job = await buildJob(db(), { companyId, title: 'Support Engineer' });
    return buildApplication(db(), { jobId: job.id, status: 'submitted', applicantId: applicant.user.id });
  };
  const schedule = async (body: Partial<ScheduleMeetingInput>) => {
    const application = await newApplication();
    return company.call(meetingsContract.schedule, {
      body: {
        application_id: application.id,
        type: 'interview',
        starts_at: inHours(48),
        duration_minutes: 30,
        ...body,
      },
    });
  };
  const respond = (account: Account, id: string, body: BodyOf<typeof meetingsContract.respond>) =>
    account.call(meetingsContract.respond, { params: { id }, body });
  const reschedule = (account: Account, id: string, body: BodyOf<typeof meetingsContract.reschedule>) =>
    account.call(meetingsContract.reschedule, { params: { id }, body });
  const read = async (account: Account, id: string) =>
    (await account.call(meetingsContract.get, { params: { id } })).body;
  const icsOf = async (account: Account, id: string) =>
    placesOf((await account.call(meetingsContract.downloadCalendar, { params: { id } })).rawPayload.toString())[0];

  it('leads every way in to the organizer’s link: the meeting, the room, the lists, the .ics, the feed and the reminders', async () => {
    const response = await schedule({ call_link: `  ${ZOOM} ` });
    expect(response.statusCode, response.error?.error).toBe(201);
    const meeting = response.body;
    expect(meeting.call_link).toBe(ZOOM);
    // Tandem's room stays, as the page that shows the link.
    expect(meeting.join_url).toMatch(/^\/meet\/[A-Za-z0-9_-]{24}$/);
    expect((await read(applicant, meeting.id)).call_link).toBe(ZOOM);

    const token = meeting.join_url.split('/meet/')[1];
    const room = await applicant.call(meetingsContract.room, { params: { token: token as string } });
    expect(room.body).toMatchObject({ id: meeting.id, call_link: ZOOM });

    const dashboard = await applicant.call(applicationsContract.meetings);
    expect(dashboard.body.items.find((item) => item.id === meeting.id)?.link).toBe(ZOOM);

    for (const reader of [company, applicant]) {
      const event = await icsOf(reader, meeting.id);
      expect(event).toMatchObject({ location: ZOOM, url: ZOOM });
      expect(event?.description).toContain(`Join: ${ZOOM}`);
      expect(event?.description).not.toContain('/meet/');
    }

    const feed = (await applicant.call(meetingsContract.createCalendarFeed)).body;
    const fed = await testApp.app.inject({ method: 'GET', url: new URL(feed.url).pathname });
    const inFeed = placesOf(fed.body);
    expect(inFeed).toContainEqual(expect.objectContaining({ location: ZOOM, url: ZOOM }));

    const { mailer, config } = testApp.app.appContext;
    await sendMeetingReminder({
      db: db(),
      mailer,
      publicUrl: config.publicUrl,
      job: { meetingId: meeting.id, sequence: 0, lead: '15m' },
    });
    const [reminder] = await db()
      .select()
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.toAddress, applicant.user.email),
          eq(emailOutbox.subject, `Reminder: ${meeting.title} starts in 15 minutes`),
        ),
      );
    expect(reminder?.text).toContain(`Join the meeting: ${ZOOM}`);
    expect(reminder?.html).toContain(`href="${ZOOM.replace('&', '&amp;')}"`);
  });

  it('without a link, leads to Tandem’s room as before', async () => {
    const meeting = (await schedule({ call_link: '' })).body;
    expect(meeting.call_link).toBeNull();
    const event = await icsOf(applicant, meeting.id);
    expect(event).toMatchObject({
      location: `${PUBLIC_URL}${meeting.join_url}`,
      url: `${PUBLIC_URL}${meeting.join_url}`,
    });
  });

  it('says what is wrong with a link that is not a call’s https:// address', async () => {
    const cases: Array<[string, string]> = [
      ['zoom.us/j/81234567890', meetingTexts.callLink],
      ['http://zoom.us/j/81234567890', meetingTexts.callLinkNotHttps],
      ['HTTP://zoom.us/j/1', meetingTexts.callLinkNotHttps],
      ['javascript:alert(1)', meetingTexts.callLink],
      ['https://', meetingTexts.callLink],
      ['https://localhost/room', meetingTexts.callLink],
      ['https://zoom.us/j/1 2', meetingTexts.callLink],
      ['https://me:secret@zoom.us/j/1', meetingTexts.callLink],
      ['https://zoom.us/j/1\nEND:VEVENT', meetingTexts.callLink],
      [`https://zoom.us/j/${'1'.repeat(2_000)}`, meetingTexts.callLinkTooLong],
    ];
    for (const [link, message] of cases) {
      const response = await schedule({ call_link: link });
      expect(response.statusCode, link).toBe(400);
      expect(response.error?.fields, link).toEqual({ call_link: message });
    }
    // The database refuses one however it was written.
    const meeting = (await schedule({})).body;
    await expect(
      db().update(meetings).set({ callLink: 'http://zoom.us/j/1' }).where(eq(meetings.id, meeting.id)),
    ).rejects.toThrow();
  });

  it('lets the organizer alone change or remove it, with a new time or without one', async () => {
    const meeting = (await schedule({ call_link: ZOOM })).body;
    expect((await respond(applicant, meeting.id, { response: 'accepted' })).statusCode).toBe(200);

    // The invitee may move the time, not the call.
    const refused = await reschedule(applicant, meeting.id, { starts_at: inHours(50), call_link: MEET });
    expect(refused.statusCode).toBe(403);
    expect(refused.error).toMatchObject({
      error: meetingTexts.callLinkOrganizerOnly,
      fields: { call_link: meetingTexts.callLinkOrganizerOnly },
    });
    const removing = await reschedule(applicant, meeting.id, { starts_at: inHours(50), call_link: null });
    expect(removing.statusCode).toBe(403);
    expect(await read(company, meeting.id)).toMatchObject({ call_link: ZOOM, sequence: 0 });
    // Sending the link as it is changes nothing of it, and a move without it keeps it.
    const moved = await reschedule(applicant, meeting.id, { starts_at: inHours(50), call_link: ZOOM });
    expect(moved.statusCode, moved.error?.error).toBe(200);
    expect(moved.body).toMatchObject({ call_link: ZOOM, sequence: 1 });
    const movedAgain = await reschedule(applicant, meeting.id, { starts_at: inHours(51) });
    expect(movedAgain.body).toMatchObject({ call_link: ZOOM, sequence: 2 });

    // The organizer gives another link at the same time: a new sequence for the calendars, nobody asked again.
    const current = await read(company, meeting.id);
    const relinked = await reschedule(company, meeting.id, { starts_at: current.starts_at, call_link: MEET });
    expect(relinked.statusCode, relinked.error?.error).toBe(200);
    expect(relinked.body).toMatchObject({ call_link: MEET, sequence: 3, starts_at: current.starts_at });
    expect((await read(applicant, meeting.id)).my_response).toBe('accepted');
    const [told] = await db()
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, applicant.user.id),
          eq(notifications.title, `Rita Recruiter changed the call link of ${meeting.title}`),
        ),
      );
    expect(told?.body).toContain(`Join it at ${MEET}.`);
    expect(await icsOf(applicant, meeting.id)).toMatchObject({ location: MEET, url: MEET });

    // Removing it: the room again.
    const removed = await reschedule(company, meeting.id, { starts_at: current.starts_at, call_link: '' });
    expect(removed.body).toMatchObject({ call_link: null, sequence: 4 });
    expect(await icsOf(applicant, meeting.id)).toMatchObject({ url: `${PUBLIC_URL}${meeting.join_url}` });
    // Neither the time nor the link changed: nothing to do.
    const same = await reschedule(company, meeting.id, { starts_at: current.starts_at, call_link: null });
    expect(same.statusCode).toBe(400);
    expect(same.error?.error).toBe(meetingTexts.sameTime);
    const badLink = await reschedule(company, meeting.id, { starts_at: current.starts_at, call_link: 'zoom' });
    expect(badLink.error?.fields).toEqual({ call_link: meetingTexts.callLink });
  });

  it('is given with a call to the account manager too', async () => {
    const manager = await signedInAccount(testApp, { role: 'account_manager', timeZone: 'Europe/Paris' });
    await db().update(companies).set({ accountManagerId: manager.user.id }).where(eq(companies.id, companyId));
    const call = await company.call(meetingsContract.scheduleAccountManagerCall, {
      body: { starts_at: inHours(30), duration_minutes: 30, call_link: MEET },
    });
    expect(call.statusCode, call.error?.error).toBe(201);
    expect((await read(manager, call.body.id)).call_link).toBe(MEET);
    const refused = await company.call(meetingsContract.scheduleAccountManagerCall, {
      body: { starts_at: inHours(30), duration_minutes: 30, call_link: 'http://meet.google.com/x' },
    });
    expect(refused.error?.fields).toEqual({ call_link: meetingTexts.callLinkNotHttps });
  });
});
