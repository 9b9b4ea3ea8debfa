import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeCalendarApis, startFakeCalendarApis } from '../../testing/fake-calendar-apis';
import type { CalendarOAuthTokens } from './calendar-oauth';
import { CalendarAccessRefused, CalendarUnreachable, type EventToWrite } from './calendar-provider';
import { createMicrosoftCalendar } from './microsoft-calendar';

// Microsoft Graph v1.0 as the fake answers it (its documented shapes): calendars, calendarView/delta with its
// deltaLink, writes with a transactionId, and the OAuth token's refresh.
describe('Microsoft 365 calendar', () => {
  let fake: FakeCalendarApis;
  const calendarId = 'AAMkCal1';
  const window = { from: new Date('2026-03-01T00:00:00Z'), to: new Date('2026-04-01T00:00:00Z') };
  const freshTokens = (accessToken = 'ms-access-1'): CalendarOAuthTokens => {
    fake.validAccessTokens.add(accessToken);
    return { accessToken, refreshToken: 'ms-refresh-1', expiresAt: new Date(Date.now() + 3600_000).toISOString() };
  };
  const calendarWith = (tokens: CalendarOAuthTokens, saved: CalendarOAuthTokens[] = []) =>
    createMicrosoftCalendar({
      tokens,
      clientId: 'ms-client',
      clientSecret: 'ms-secret',
      onTokens: (next) => void saved.push(next),
      apiBase: fake.url,
    });
  const event = (id: string, start: string, end: string, extra: Record<string, unknown> = {}) => ({
    id,
    iCalUId: `uid-${id}`,
    subject: id,
    showAs: 'busy',
    isCancelled: false,
    start: { dateTime: `${start}.0000000`, timeZone: 'UTC' },
    end: { dateTime: `${end}.0000000`, timeZone: 'UTC' },
    responseStatus: { response: 'organizer' },
    ...extra,
  });

  beforeAll(async () => {
    fake = await startFakeCalendarApis();
    fake.putEvent('microsoft', calendarId, event('dentist', '2026-03-02T09:00:00', '2026-03-02T10:00:00'));
    fake.putEvent(
      'microsoft',
      calendarId,
      event('lunch', '2026-03-02T12:00:00', '2026-03-02T13:00:00', { showAs: 'free' }),
    );
    fake.putEvent(
      'microsoft',
      calendarId,
      event('offsite', '2026-03-03T09:00:00', '2026-03-03T10:00:00', { responseStatus: { response: 'declined' } }),
    );
    fake.putEvent(
      'microsoft',
      calendarId,
      event('called-off', '2026-03-04T09:00:00', '2026-03-04T10:00:00', { isCancelled: true }),
    );
    // calendarView expands a series into its occurrences, each with its own id.
    for (const day of ['05', '12']) {
      fake.putEvent(
        'microsoft',
        calendarId,
        event(`standup-${day}`, `2026-03-${day}T08:00:00`, `2026-03-${day}T08:15:00`, {
          type: 'occurrence',
          seriesMasterId: 'standup',
          iCalUId: 'uid-standup',
        }),
      );
    }
    fake.putEvent('microsoft', calendarId, event('later', '2026-05-02T09:00:00', '2026-05-02T10:00:00'));
  });
  afterAll(async () => {
    await fake.close();
  });

  it('lists the calendars, writable where Graph says canEdit, the default marked', async () => {
    expect(await calendarWith(freshTokens()).listCalendars()).toEqual([
      { id: 'AAMkCal1', name: 'Calendar', writable: true, primary: true },
      { id: 'AAMkCal2', name: 'Birthdays', writable: false, primary: false },
    ]);
  });

  it('reads the window through calendarView/delta, following its pages to the deltaLink', async () => {
    const changes = await calendarWith(freshTokens()).readChanges(calendarId, { syncToken: null, ctag: null }, window);
    expect(changes.complete).toBe(true);
    expect(changes.state.syncToken).toContain('/calendarView/delta?$deltatoken=');
    const byId = new Map(changes.events.map((remote) => [remote.id, remote]));
    expect([...byId.keys()].sort()).toEqual(['called-off', 'dentist', 'lunch', 'offsite', 'standup-05', 'standup-12']);
    expect(byId.get('dentist')).toMatchObject({
      uid: 'uid-dentist',
      busy: true,
      declined: false,
      occurrences: [{ startsAt: new Date('2026-03-02T09:00:00Z'), endsAt: new Date('2026-03-02T10:00:00Z') }],
    });
    expect(byId.get('lunch')?.busy).toBe(false);
    expect(byId.get('called-off')?.busy).toBe(false);
    expect(byId.get('offsite')?.declined).toBe(true);
    expect(byId.get('standup-12')?.uid).toBe('uid-standup');
    const [first] = fake.requestsTo('GET', /\/calendarView\/delta$/);
    expect(first?.query.get('startDateTime')).toBe(window.from.toISOString());
    expect(first?.query.get('endDateTime')).toBe(window.to.toISOString());
    expect(first?.headers.prefer).toContain('outlook.timezone="UTC"');
  });

  it('reads only what changed from the deltaLink, removed events by their @removed entries', async () => {
    const calendar = calendarWith(freshTokens());
    const first = await calendar.readChanges(calendarId, { syncToken: null, ctag: null }, window);
    fake.putEvent('microsoft', calendarId, event('dentist', '2026-03-02T15:00:00', '2026-03-02T16:00:00'));
    fake.removeEvent('microsoft', calendarId, 'lunch');
    const next = await calendar.readChanges(calendarId, first.state, window);
    expect(next.complete).toBe(false);
    expect(next.events.map((remote) => remote.id)).toEqual(['dentist']);
    expect(next.events[0]?.occurrences[0]?.startsAt).toEqual(new Date('2026-03-02T15:00:00Z'));
    expect(next.removedIds).toEqual(['lunch']);
  });

  it('reads everything again when Graph no longer knows the delta state (410 Gone)', async () => {
    const calendar = calendarWith(freshTokens());
    const first = await calendar.readChanges(calendarId, { syncToken: null, ctag: null }, window);
    const token = new URL(first.state.syncToken ?? '').searchParams.get('$deltatoken') ?? '';
    fake.expiredSyncTokens.add(token);
    const again = await calendar.readChanges(calendarId, first.state, window);
    expect(again.complete).toBe(true);
    expect(again.events.map((remote) => remote.id)).toContain('dentist');
  });

  it('never follows a delta link to another host with the token', async () => {
    const calendar = calendarWith(freshTokens());
    const before = fake.requests.length;
    const changes = await calendar.readChanges(
      calendarId,
      { syncToken: 'https://attacker.example/steal?$deltatoken=x', ctag: null },
      window,
    );
    expect(changes.complete).toBe(true);
    expect(fake.requests.slice(before)[0]?.path).toMatch(/\/calendarView\/delta$/);
  });

  const meeting: EventToWrite = {
    uid: 'meeting-1@tandem.example',
    title: 'Interview with Ada',
    description: 'Join at https://tandem.example/meetings/1',
    location: 'https://tandem.example/meetings/1',
    startsAt: new Date('2026-03-10T14:00:00Z'),
    endsAt: new Date('2026-03-10T14:30:00Z'),
    sequence: 0,
    cancelled: false,
    ics: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n',
  };

  it('creates a meeting with its UID as the transactionId, updates it, and writes it again if deleted there', async () => {
    const calendar = calendarWith(freshTokens());
    const created = await calendar.putEvent(calendarId, meeting, null);
    const [posted] = fake.requestsTo('POST', /\/me\/calendars\/AAMkCal1\/events$/).slice(-1);
    expect(JSON.parse(posted?.body ?? '{}')).toMatchObject({
      transactionId: meeting.uid,
      subject: meeting.title,
      start: { dateTime: '2026-03-10T14:00:00.000', timeZone: 'UTC' },
      showAs: 'busy',
    });
    // A retried create answers with the first event.
    expect((await calendar.putEvent(calendarId, meeting, null)).id).toBe(created.id);

    const moved = {
      ...meeting,
      sequence: 1,
      startsAt: new Date('2026-03-10T15:00:00Z'),
      endsAt: new Date('2026-03-10T15:30:00Z'),
    };
    const updated = await calendar.putEvent(calendarId, moved, created);
    expect(updated.id).toBe(created.id);
    expect(fake.requestsTo('PATCH', new RegExp(`/me/events/${created.id}$`))).toHaveLength(1);
    const cancelled = await calendar.putEvent(calendarId, { ...moved, cancelled: true }, updated);
    const stored = fake.microsoft.events.get(calendarId)?.find((candidate) => candidate.id === cancelled.id);
    expect(stored).toMatchObject({ subject: 'Cancelled: Interview with Ada', showAs: 'free' });

    fake.removeEvent('microsoft', calendarId, created.id);
    const again = await calendar.putEvent(calendarId, { ...moved, uid: 'meeting-1b@tandem.example' }, created);
    expect(again.id).not.toBe(created.id);
  });

  it('deletes an event, and counts one already gone as deleted', async () => {
    const calendar = calendarWith(freshTokens());
    const created = await calendar.putEvent(calendarId, { ...meeting, uid: 'meeting-2@tandem.example' }, null);
    await calendar.deleteEvent(calendarId, created);
    await calendar.deleteEvent(calendarId, created);
    expect(fake.microsoft.events.get(calendarId)?.some((candidate) => candidate.id === created.id)).toBe(false);
  });

  it('refreshes an expired token at the v2.0 token endpoint, keeping the new refresh token Microsoft gives', async () => {
    const saved: CalendarOAuthTokens[] = [];
    const calendar = calendarWith(
      { accessToken: 'stale', refreshToken: 'ms-refresh-1', expiresAt: new Date(Date.now() - 1000).toISOString() },
      saved,
    );
    await calendar.listCalendars();
    expect(saved).toHaveLength(1);
    expect(saved[0]?.refreshToken).toBe('ms-refresh-1+');
    const [refresh] = fake.requestsTo('POST', /^\/microsoft\/token$/).slice(-1);
    expect(Object.fromEntries(new URLSearchParams(refresh?.body))).toMatchObject({
      grant_type: 'refresh_token',
      refresh_token: 'ms-refresh-1',
      scope: 'offline_access Calendars.ReadWrite User.Read',
    });
  });

  it('says the access was refused when the grant was revoked, unreachable on a 5xx', async () => {
    fake.revokedRefreshTokens.add('ms-revoked');
    const revoked = createMicrosoftCalendar({
      tokens: { accessToken: 'stale', refreshToken: 'ms-revoked', expiresAt: new Date(0).toISOString() },
      clientId: 'ms-client',
      clientSecret: 'ms-secret',
      apiBase: fake.url,
    });
    await expect(revoked.listCalendars()).rejects.toBeInstanceOf(CalendarAccessRefused);
    const calendar = calendarWith(freshTokens());
    fake.failNext('GET', '/microsoft/v1.0/me/calendars', 502);
    await expect(calendar.listCalendars()).rejects.toBeInstanceOf(CalendarUnreachable);
  });
});
