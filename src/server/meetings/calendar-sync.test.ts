import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingContract } from '~/shared/contracts/booking';
import { companiesContract } from '~/shared/contracts/companies';
import { meetingsContract } from '~/shared/contracts/meetings';
import {
  calendarBusyTimes,
  calendarConnections,
  calendarEventCopies,
  connectedCalendars,
  emailOutbox,
  meetingParticipants,
  meetings,
  notifications,
} from '../db/schema';
import { calendarProviderOpener, sealCalendarCredentials } from '../kernels/calendars/calendar-credentials';
import { calendarServerFetch } from '../kernels/calendars/calendar-server-fetch';
import { refreshCalendarConnection } from '../kernels/calendars/refresh-calendar-connection';
import { buildApplication, buildJob } from '../seed/job-factories';
import { signedInAccount } from '../testing/auth-helpers';
import { type RadicaleServer, type RadicaleUser, startRadicale } from '../testing/radicale-server';
import { createTestApp, type TestApp, testTaxIds } from '../testing/test-app';
import { applyCalendarChanges } from './apply-calendar-changes';
import { writeMeetingCopies } from './write-meeting-copies';

type Account = Awaited<ReturnType<typeof signedInAccount>>;

const PUBLIC_URL = 'https://tandem.example';
const DAY_MS = 86_400_000;
const stamp = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

// Two-way calendar sync against a real CalDAV server (Debian's Radicale on loopback, decision 059): busy times
// in a person's own calendar take slots off a booking link; a Tandem meeting is written into both people's
// calendars with its UID; moving, declining or deleting it there moves, declines or cancels it on Tandem, the
// other side told; a change Tandem cannot take is written back; the second read of an unchanged calendar reads
// nothing; a wrong password marks the account failing in a sentence. Jobs are run here by hand (no workers),
// so each step is seen in order.
describe('calendar sync with a CalDAV server', () => {
  let testApp: TestApp;
  let radicale: RadicaleServer;
  let organizer: Account;
  let applicant: Account;
  let companyId: string;
  const ritaDav: RadicaleUser = { username: 'rita', password: 'rita-app-password' };
  const mariaDav: RadicaleUser = { username: 'maria', password: 'maria-app-password' };
  const calendars: Record<string, { connectionId: string; calendarUrl: string }> = {};
  let requests: string[] = [];

  const db = () => testApp.database.db;
  // Every request to Radicale counted by method, to see what a refresh reads.
  const countingFetch = () => {
    const transport = calendarServerFetch({ privateTargets: true });
    return (async (input: string | URL | Request, init?: RequestInit) => {
      requests.push(init?.method ?? 'GET');
      return transport(input, init);
    }) as typeof fetch;
  };
  const openProvider = () =>
    calendarProviderOpener({ db: db(), cipher: testTaxIds, config: testApp.config, fetch: countingFetch() });
  const refresh = (who: 'rita' | 'maria') =>
    refreshCalendarConnection({ db: db(), provider: openProvider(), connectionId: calendars[who]?.connectionId ?? '' });
  const writeCopies = (meetingId: string) =>
    writeMeetingCopies({
      db: db(),
      publicUrl: PUBLIC_URL,
      meetingId,
      openProvider: async (connectionId) => {
        const [connection] = await db()
          .select()
          .from(calendarConnections)
          .where(eq(calendarConnections.id, connectionId));
        return connection ? openProvider()(connection) : null;
      },
    });
  const apply = (changes: Awaited<ReturnType<typeof refresh>>) =>
    applyCalendarChanges({
      db: db(),
      jobs: testApp.app.appContext.jobs,
      mailer: testApp.app.appContext.mailer,
      publicUrl: PUBLIC_URL,
      changes,
    });
  const queued = async (name: string) =>
    (
      (await db().execute(sql`select data from pgboss.job where name = ${name}`)) as unknown as {
        rows: Array<{ data: Record<string, string> }>;
      }
    ).rows.map((row) => row.data);

  const connect = async (who: 'rita' | 'maria', user: Account, dav: RadicaleUser) => {
    const calendarUrl = await radicale.createCalendar(dav, 'personal', `${dav.username}’s calendar`);
    const connectionId = randomUUID();
    await db()
      .insert(calendarConnections)
      .values({
        id: connectionId,
        userId: user.user.id,
        provider: 'caldav',
        accountName: `${dav.username}@127.0.0.1`,
        serverUrl: radicale.url,
        username: dav.username,
        credentialsSealed: sealCalendarCredentials({ cipher: testTaxIds, connectionId, secret: dav.password }),
        writeCalendarId: calendarUrl,
      });
    await db().insert(connectedCalendars).values({ connectionId, calendarId: calendarUrl, name: 'Personal' });
    calendars[who] = { connectionId, calendarUrl };
  };

  const sendLink = async () => {
    const job = await buildJob(db(), { companyId, title: 'Support Engineer' });
    const application = await buildApplication(db(), {
      jobId: job.id,
      status: 'submitted',
      applicantId: applicant.user.id,
    });
    const response = await organizer.call(bookingContract.createLink, {
      body: { application_id: application.id, type: 'interview', duration_minutes: 30, colleague_ids: [] },
    });
    expect(response.statusCode, response.error?.error).toBe(201);
    return { linkId: response.body.id, applicationId: application.id };
  };
  const slotsOf = async (linkId: string) =>
    (await applicant.call(bookingContract.getLink, { params: { id: linkId } })).body.days.flatMap((day) =>
      day.slots.map((slot) => slot.starts_at),
    );
  const bookMeeting = async () => {
    const { linkId } = await sendLink();
    const slots = await slotsOf(linkId);
    const booked = await applicant.call(bookingContract.book, {
      params: { id: linkId },
      body: { starts_at: slots[0] as string },
    });
    expect(booked.statusCode, booked.error?.error).toBe(201);
    await writeCopies(booked.body.id);
    return booked.body;
  };
  const copyUrl = (who: 'rita' | 'maria', meetingId: string) =>
    `${calendars[who]?.calendarUrl}${meetingId}%40tandem.example.ics`;
  const event = (lines: string[]) =>
    [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Test//EN',
      'BEGIN:VEVENT',
      ...lines,
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
  // What a calendar app does to the copy: the same event with some lines changed.
  const editCopy = async (who: 'rita' | 'maria', meetingId: string, edit: (ics: string) => string) => {
    const dav = who === 'rita' ? ritaDav : mariaDav;
    const ics = await (await radicale.getEvent(dav, copyUrl(who, meetingId))).text();
    const response = await radicale.putEvent(dav, copyUrl(who, meetingId), edit(ics.replace(/\r\n /g, '')));
    expect(response.status).toBeLessThan(300);
  };
  const meetingOf = async (id: string) => (await db().select().from(meetings).where(eq(meetings.id, id)))[0];

  beforeAll(async () => {
    [testApp, radicale] = await Promise.all([
      createTestApp({ env: { PUBLIC_URL, JOB_WORKERS: 'false' } }),
      startRadicale({ users: [ritaDav, mariaDav] }),
    ]);
    organizer = await signedInAccount(testApp, {
      role: 'company',
      name: 'Rita Recruiter',
      timeZone: 'America/New_York',
    });
    applicant = await signedInAccount(testApp, { role: 'applicant', name: 'Maria Santos', timeZone: 'Asia/Manila' });
    companyId = (await organizer.call(companiesContract.profile)).body.id;
    await connect('rita', organizer, ritaDav);
    await connect('maria', applicant, mariaDav);
  }, 60_000);
  afterAll(async () => {
    await testApp?.close();
    await radicale?.stop();
  });

  it('takes the slots that clash with either person’s own events off the booking link, and tells the scheduler the times', async () => {
    const { linkId, applicationId } = await sendLink();
    const before = await slotsOf(linkId);
    expect(before.length).toBeGreaterThan(4);
    // Never read: the page answered from the cache and queued a refresh of each account.
    const refreshes = (await queued('calendar.refresh-connection')).map((data) => data.connectionId).sort();
    expect(refreshes).toEqual([calendars.rita?.connectionId, calendars.maria?.connectionId].sort());

    const hostBusy = new Date(before.at(-1) as string);
    const inviteeBusy = new Date(before.at(-3) as string);
    await radicale.putEvent(
      ritaDav,
      `${calendars.rita?.calendarUrl}dentist.ics`,
      event([
        'UID:dentist',
        `DTSTAMP:${stamp(new Date())}`,
        `DTSTART:${stamp(hostBusy)}`,
        'DURATION:PT30M',
        'SUMMARY:Dentist',
      ]),
    );
    await radicale.putEvent(
      mariaDav,
      `${calendars.maria?.calendarUrl}gym.ics`,
      event([
        'UID:gym',
        `DTSTAMP:${stamp(new Date())}`,
        `DTSTART:${stamp(inviteeBusy)}`,
        'DURATION:PT30M',
        'SUMMARY:Gym',
      ]),
    );
    expect(await refresh('rita')).toEqual([]);
    expect(await refresh('maria')).toEqual([]);

    const after = await slotsOf(linkId);
    expect(after).not.toContain(hostBusy.toISOString());
    expect(after).not.toContain(inviteeBusy.toISOString());
    expect(after).toContain(before[0]);

    // The scheduler sees the applicant's calendar as times only.
    const busy = await organizer.call(meetingsContract.inviteeBusy, {
      params: { application_id: applicationId },
      query: { from: new Date(inviteeBusy.getTime() - 3_600_000).toISOString(), hours: 3 },
    });
    expect(busy.body.items).toEqual([
      {
        starts_at: inviteeBusy.toISOString(),
        ends_at: new Date(inviteeBusy.getTime() + 1_800_000).toISOString(),
        source: 'calendar',
      },
    ]);
    expect(JSON.stringify(busy.body)).not.toContain('Gym');
  });

  it('reads an unchanged calendar by its ctag alone', async () => {
    requests = [];
    expect(await refresh('rita')).toEqual([]);
    expect(requests).toEqual(['PROPFIND']);
    const [connection] = await db()
      .select()
      .from(calendarConnections)
      .where(eq(calendarConnections.id, calendars.rita?.connectionId ?? ''));
    expect(connection).toMatchObject({ status: 'active', lastError: null });
  });

  it('writes a booked meeting into both calendars under its UID, which does not count as busy', async () => {
    const meeting = await bookMeeting();
    expect((await queued('calendar.write-meeting-copies')).map((data) => data.meetingId)).toContain(meeting.id);
    const written = await (await radicale.getEvent(ritaDav, copyUrl('rita', meeting.id))).text();
    expect(written).toContain(`UID:${meeting.id}@tandem.example`);
    expect(written).toContain('SCHEDULE-AGENT=CLIENT');
    expect(written).not.toContain('METHOD:');
    expect(await radicale.listEvents(mariaDav, calendars.maria?.calendarUrl ?? '')).toContain(
      decodeURIComponent(new URL(copyUrl('maria', meeting.id)).pathname),
    );
    // Written again (a retried job): nothing new.
    requests = [];
    await writeCopies(meeting.id);
    expect(requests).toEqual([]);

    // Reading Tandem's own write back: no change, and no busy time of its own.
    requests = [];
    expect(await refresh('rita')).toEqual([]);
    expect(requests).toContain('REPORT');
    const busy = await db()
      .select()
      .from(calendarBusyTimes)
      .where(eq(calendarBusyTimes.eventId, copyUrl('rita', meeting.id)));
    expect(busy).toEqual([]);
  });

  it('moves the meeting on Tandem when it is moved in a calendar, and tells the other side', async () => {
    const meeting = await bookMeeting();
    const newStart = new Date(Date.parse(meeting.starts_at) + DAY_MS + 3_600_000);
    await editCopy('maria', meeting.id, (ics) =>
      ics
        .replace(/^DTSTART:.*$/m, () => `DTSTART:${stamp(newStart)}`)
        .replace(/^DTEND:.*$/m, () => `DTEND:${stamp(new Date(newStart.getTime() + 45 * 60_000))}`),
    );
    const changes = await refresh('maria');
    expect(changes).toEqual([
      { kind: 'moved', meetingId: meeting.id, userId: applicant.user.id, startsAt: newStart, durationMinutes: 45 },
    ]);
    await apply(changes);
    expect(await meetingOf(meeting.id)).toMatchObject({ startsAt: newStart, durationMinutes: 45, sequence: 1 });
    const [notice] = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, organizer.user.id), eq(notifications.type, 'meeting_rescheduled')));
    expect(notice?.title).toBe(`Maria Santos moved ${meeting.title}`);
    expect(notice?.body).toContain('Moved in their calendar');
    const emails = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, organizer.user.email));
    expect(emails.some((email) => email.text.includes('Moved in their calendar'))).toBe(true);

    // The organizer's copy follows.
    await writeCopies(meeting.id);
    const organizersCopy = await (await radicale.getEvent(ritaDav, copyUrl('rita', meeting.id))).text();
    expect(organizersCopy).toContain(`DTSTART:${stamp(newStart)}`);
    expect(organizersCopy).toContain('SEQUENCE:1');
    expect(await refresh('rita')).toEqual([]);
    expect(await refresh('maria')).toEqual([]);
  });

  it('writes a move into the past back into the calendar', async () => {
    const meeting = await bookMeeting();
    const yesterday = new Date(Date.now() - DAY_MS + 3_600_000);
    yesterday.setUTCSeconds(0, 0);
    await editCopy('maria', meeting.id, (ics) =>
      ics
        .replace(/^DTSTART:.*$/m, () => `DTSTART:${stamp(yesterday)}`)
        .replace(/^DTEND:.*$/m, () => `DTEND:${stamp(new Date(yesterday.getTime() + 30 * 60_000))}`),
    );
    const changes = await refresh('maria');
    expect(changes).toMatchObject([{ kind: 'moved', meetingId: meeting.id }]);
    await apply(changes);
    expect((await meetingOf(meeting.id))?.startsAt.toISOString()).toBe(meeting.starts_at);
    await writeCopies(meeting.id);
    const restored = await (await radicale.getEvent(mariaDav, copyUrl('maria', meeting.id))).text();
    expect(restored).toContain(`DTSTART:${stamp(new Date(meeting.starts_at))}`);
    expect(await refresh('maria')).toEqual([]);
  });

  it('declines for the applicant who declined or deleted it in their calendar, and removes their copy', async () => {
    const declined = await bookMeeting();
    await editCopy('maria', declined.id, (ics) =>
      ics.replace(/^(ATTENDEE;[^\n]*)PARTSTAT=ACCEPTED;([^\n]*X-TANDEM-READER=TRUE)/m, '$1PARTSTAT=DECLINED;$2'),
    );
    const deleted = await bookMeeting();
    expect((await radicale.deleteEvent(mariaDav, copyUrl('maria', deleted.id))).status).toBeLessThan(300);
    const changes = await refresh('maria');
    expect(changes).toEqual(
      expect.arrayContaining([
        { kind: 'declined', meetingId: declined.id, userId: applicant.user.id },
        { kind: 'deleted', meetingId: deleted.id, userId: applicant.user.id },
      ]),
    );
    await apply(changes);
    for (const meeting of [declined, deleted]) {
      const [participant] = await db()
        .select({ response: meetingParticipants.response })
        .from(meetingParticipants)
        .where(and(eq(meetingParticipants.meetingId, meeting.id), eq(meetingParticipants.userId, applicant.user.id)));
      expect(participant?.response).toBe('declined');
      await writeCopies(meeting.id);
      expect((await radicale.getEvent(mariaDav, copyUrl('maria', meeting.id))).status).toBe(404);
      // The organizer's copy stays, showing the answer.
      expect(await (await radicale.getEvent(ritaDav, copyUrl('rita', meeting.id))).text()).toContain(
        'PARTSTAT=DECLINED',
      );
    }
    const notices = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, organizer.user.id), eq(notifications.type, 'meeting_responded')));
    expect(notices.map((notice) => notice.body).join(' ')).toContain('Declined in their calendar');
  });

  it('cancels the meeting the organizer deleted from their calendar', async () => {
    const meeting = await bookMeeting();
    expect((await radicale.deleteEvent(ritaDav, copyUrl('rita', meeting.id))).status).toBeLessThan(300);
    const changes = await refresh('rita');
    expect(changes).toEqual([{ kind: 'deleted', meetingId: meeting.id, userId: organizer.user.id }]);
    await apply(changes);
    expect(await meetingOf(meeting.id)).toMatchObject({
      status: 'cancelled',
      cancelReason: "Removed from the organizer's calendar",
    });
    await writeCopies(meeting.id);
    expect((await radicale.getEvent(mariaDav, copyUrl('maria', meeting.id))).status).toBe(404);
    expect(await db().select().from(calendarEventCopies).where(eq(calendarEventCopies.meetingId, meeting.id))).toEqual(
      [],
    );
  });

  it('marks an account whose password is refused failing, in a sentence, keeping its busy times', async () => {
    const connectionId = calendars.rita?.connectionId ?? '';
    const busyBefore = await db()
      .select()
      .from(calendarBusyTimes)
      .where(eq(calendarBusyTimes.connectionId, connectionId));
    expect(busyBefore.length).toBeGreaterThan(0);
    await db()
      .update(calendarConnections)
      .set({ credentialsSealed: sealCalendarCredentials({ cipher: testTaxIds, connectionId, secret: 'revoked' }) })
      .where(eq(calendarConnections.id, connectionId));
    // The next read is a full one (a day passed), so the password is asked for.
    await db()
      .update(connectedCalendars)
      .set({ syncedAt: null })
      .where(eq(connectedCalendars.connectionId, connectionId));
    expect(await refresh('rita')).toEqual([]);
    const [connection] = await db().select().from(calendarConnections).where(eq(calendarConnections.id, connectionId));
    expect(connection).toMatchObject({
      status: 'failing',
      lastError: 'The calendar server refused the user name or app password.',
    });
    expect(await db().select().from(calendarBusyTimes).where(eq(calendarBusyTimes.connectionId, connectionId))).toEqual(
      busyBefore,
    );
  });
});
