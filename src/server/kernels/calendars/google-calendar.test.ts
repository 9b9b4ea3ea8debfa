import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeCalendarApis, startFakeCalendarApis } from '../../testing/fake-calendar-apis';
import type { CalendarOAuthTokens } from './calendar-oauth';
import { CalendarAccessRefused, CalendarUnreachable, type EventToWrite } from './calendar-provider';
import { createGoogleCalendar } from './google-calendar';

// Google Calendar API v3 as the fake answers it (its documented shapes): reads, incremental reads, writes and the
// OAuth token's refresh.
describe('Google Calendar', () => {
  let fake: FakeCalendarApis;
  const primary = 'person@gmail.example';
  const window = { from: new Date('2026-03-01T00:00:00Z'), to: new Date('2026-04-01T00:00:00Z') };
  const freshTokens = (accessToken = 'google-access-1'): CalendarOAuthTokens => {
    fake.validAccessTokens.add(accessToken);
    return { accessToken, refreshToken: 'google-refresh-1', expiresAt: new Date(Date.now() + 3600_000).toISOString() };
  };
  const calendarWith = (tokens: CalendarOAuthTokens, saved: CalendarOAuthTokens[] = []) =>
    createGoogleCalendar({
      tokens,
      clientId: 'google-client',
      clientSecret: 'google-secret',
      onTokens: (next) => void saved.push(next),
      apiBase: fake.url,
    });
  const event = (id: string, start: string, end: string, extra: Record<string, unknown> = {}) => ({
    id,
    iCalUID: `${id}@google.com`,
    status: 'confirmed',
    start: { dateTime: start },
    end: { dateTime: end },
    ...extra,
  });

  beforeAll(async () => {
    fake = await startFakeCalendarApis();
    fake.putEvent('google', primary, event('dentist', '2026-03-02T09:00:00Z', '2026-03-02T10:00:00Z'));
    fake.putEvent(
      'google',
      primary,
      event('lunch', '2026-03-02T12:00:00Z', '2026-03-02T13:00:00Z', { transparency: 'transparent' }),
    );
    fake.putEvent(
      'google',
      primary,
      event('offsite', '2026-03-03T09:00:00Z', '2026-03-03T10:00:00Z', {
        attendees: [
          { email: 'boss@example.com', responseStatus: 'accepted' },
          { email: primary, self: true, responseStatus: 'declined' },
        ],
      }),
    );
    // A weekly event as singleEvents=true lists it: each occurrence an item with its own id.
    for (const day of ['05', '12']) {
      fake.putEvent(
        'google',
        primary,
        event(`standup_202603${day}T080000Z`, `2026-03-${day}T08:00:00Z`, `2026-03-${day}T08:15:00Z`, {
          iCalUID: 'standup@google.com',
          recurringEventId: 'standup',
        }),
      );
    }
    // All day, in the calendar's zone (Europe/Berlin).
    fake.putEvent('google', primary, {
      id: 'holiday',
      status: 'confirmed',
      start: { date: '2026-03-20' },
      end: { date: '2026-03-21' },
    });
    // Outside the window.
    fake.putEvent('google', primary, event('later', '2026-05-02T09:00:00Z', '2026-05-02T10:00:00Z'));
  });
  afterAll(async () => {
    await fake.close();
  });

  it('lists the calendars, writable where the person owns or writes to them, the primary marked', async () => {
    const calendars = await calendarWith(freshTokens()).listCalendars();
    expect(calendars).toEqual([
      { id: primary, name: 'Person', writable: true, primary: true },
      { id: 'team@group.calendar.google.com', name: 'Team', writable: true, primary: false },
      { id: 'en.usa#holiday@group.v.calendar.google.com', name: 'Holidays', writable: false, primary: false },
    ]);
  });

  it('reads the window in full with each occurrence expanded, free and declined events marked', async () => {
    const changes = await calendarWith(freshTokens()).readChanges(primary, { syncToken: null, ctag: null }, window);
    expect(changes.complete).toBe(true);
    expect(changes.state.syncToken).toMatch(/^google-sync-/);
    const byId = new Map(changes.events.map((remote) => [remote.id, remote]));
    expect([...byId.keys()].sort()).toEqual(
      ['dentist', 'holiday', 'lunch', 'offsite', 'standup_20260305T080000Z', 'standup_20260312T080000Z'].sort(),
    );
    expect(byId.get('dentist')).toMatchObject({
      uid: 'dentist@google.com',
      busy: true,
      declined: false,
      occurrences: [{ startsAt: new Date('2026-03-02T09:00:00Z'), endsAt: new Date('2026-03-02T10:00:00Z') }],
    });
    expect(byId.get('lunch')).toMatchObject({ busy: false });
    expect(byId.get('offsite')).toMatchObject({ busy: true, declined: true });
    expect(byId.get('standup_20260312T080000Z')).toMatchObject({ uid: 'standup@google.com' });
    expect(byId.get('holiday')?.occurrences).toEqual([
      { startsAt: new Date('2026-03-19T23:00:00Z'), endsAt: new Date('2026-03-20T23:00:00Z') },
    ]);
    const [firstPage] = fake.requestsTo(
      'GET',
      /\/calendars\/person%40gmail\.example\/events$|\/calendars\/person@gmail\.example\/events$/,
    );
    expect(firstPage?.query.get('singleEvents')).toBe('true');
    expect(firstPage?.query.get('timeMin')).toBe(window.from.toISOString());
    expect(firstPage?.query.get('timeMax')).toBe(window.to.toISOString());
  });

  it('reads only what changed since the sync token, a deleted event as removed', async () => {
    const calendar = calendarWith(freshTokens());
    const first = await calendar.readChanges(primary, { syncToken: null, ctag: null }, window);
    fake.putEvent('google', primary, event('dentist', '2026-03-02T15:00:00Z', '2026-03-02T16:00:00Z'));
    fake.removeEvent('google', primary, 'lunch');
    const before = fake.requests.length;
    const next = await calendar.readChanges(primary, first.state, window);
    expect(next.complete).toBe(false);
    expect(next.events.map((remote) => remote.id)).toEqual(['dentist']);
    expect(next.events[0]?.occurrences[0]?.startsAt).toEqual(new Date('2026-03-02T15:00:00Z'));
    expect(next.removedIds).toEqual(['lunch']);
    expect(next.state.syncToken).not.toBe(first.state.syncToken);
    const asked = fake.requests.slice(before)[0];
    expect(asked?.query.get('syncToken')).toBe(first.state.syncToken);
    expect(asked?.query.has('timeMin')).toBe(false);
  });

  it('reads everything again when Google no longer honours the sync token (410 Gone)', async () => {
    const calendar = calendarWith(freshTokens());
    fake.expiredSyncTokens.add('google-sync-expired');
    const changes = await calendar.readChanges(primary, { syncToken: 'google-sync-expired', ctag: null }, window);
    expect(changes.complete).toBe(true);
    expect(changes.events.map((remote) => remote.id)).toContain('dentist');
    expect(changes.state.syncToken).toMatch(/^google-sync-\d+$/);
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

  it('imports a meeting under its UID, updates it in place, and writes it again if it was deleted there', async () => {
    const calendar = calendarWith(freshTokens());
    const created = await calendar.putEvent(primary, meeting, null);
    const [imported] = fake.requestsTo('POST', /\/events\/import$/).slice(-1);
    expect(JSON.parse(imported?.body ?? '{}')).toMatchObject({
      iCalUID: meeting.uid,
      summary: meeting.title,
      start: { dateTime: '2026-03-10T14:00:00.000Z' },
      status: 'confirmed',
      sequence: 0,
    });
    // A retried create finds the same event.
    expect((await calendar.putEvent(primary, meeting, null)).id).toBe(created.id);

    const moved = {
      ...meeting,
      sequence: 1,
      startsAt: new Date('2026-03-10T15:00:00Z'),
      endsAt: new Date('2026-03-10T15:30:00Z'),
    };
    const updated = await calendar.putEvent(primary, moved, created);
    expect(updated.id).toBe(created.id);
    expect(updated.etag).not.toBe(created.etag);
    const stored = fake.google.events.get(primary)?.find((candidate) => candidate.id === created.id);
    expect(stored?.start).toEqual({ dateTime: '2026-03-10T15:00:00.000Z' });

    fake.removeEvent('google', primary, created.id);
    const again = await calendar.putEvent(primary, moved, created);
    expect(fake.google.events.get(primary)?.some((candidate) => candidate.id === again.id)).toBe(true);
  });

  it('deletes an event, and counts one already gone as deleted', async () => {
    const calendar = calendarWith(freshTokens());
    const created = await calendar.putEvent(primary, { ...meeting, uid: 'meeting-2@tandem.example' }, null);
    await calendar.deleteEvent(primary, created);
    await calendar.deleteEvent(primary, created);
    expect(fake.google.events.get(primary)?.some((candidate) => candidate.id === created.id)).toBe(false);
  });

  it('refreshes an expired access token with the refresh token and hands the new tokens on to be sealed', async () => {
    const saved: CalendarOAuthTokens[] = [];
    const calendar = calendarWith(
      { accessToken: 'stale', refreshToken: 'google-refresh-1', expiresAt: new Date(Date.now() - 1000).toISOString() },
      saved,
    );
    await calendar.listCalendars();
    expect(saved).toHaveLength(1);
    expect(saved[0]?.accessToken).toMatch(/^access-/);
    // Google sends no new refresh token on a refresh: the one it had stays.
    expect(saved[0]?.refreshToken).toBe('google-refresh-1');
    const [refresh] = fake.requestsTo('POST', /^\/google\/token$/).slice(-1);
    expect(Object.fromEntries(new URLSearchParams(refresh?.body))).toMatchObject({
      grant_type: 'refresh_token',
      refresh_token: 'google-refresh-1',
      client_id: 'google-client',
      client_secret: 'google-secret',
    });
  });

  it('refreshes once when the API answers 401 to a token it thought current', async () => {
    const saved: CalendarOAuthTokens[] = [];
    const calendar = calendarWith(
      {
        accessToken: 'revoked-early',
        refreshToken: 'google-refresh-1',
        expiresAt: new Date(Date.now() + 3600_000).toISOString(),
      },
      saved,
    );
    expect((await calendar.listCalendars()).length).toBeGreaterThan(0);
    expect(saved).toHaveLength(1);
  });

  it('says the access was refused when the grant was revoked', async () => {
    fake.revokedRefreshTokens.add('google-revoked');
    const calendar = createGoogleCalendar({
      tokens: { accessToken: 'stale', refreshToken: 'google-revoked', expiresAt: new Date(0).toISOString() },
      clientId: 'google-client',
      clientSecret: 'google-secret',
      apiBase: fake.url,
    });
    await expect(calendar.readChanges(primary, { syncToken: null, ctag: null }, window)).rejects.toBeInstanceOf(
      CalendarAccessRefused,
    );
  });

  it('says the service is unreachable on a 5xx, a 429 or no answer', async () => {
    const calendar = calendarWith(freshTokens());
    fake.failNext('GET', '/google/calendar/v3/users/me/calendarList', 503);
    await expect(calendar.listCalendars()).rejects.toBeInstanceOf(CalendarUnreachable);
    fake.failNext('GET', '/google/calendar/v3/users/me/calendarList', 429);
    await expect(calendar.listCalendars()).rejects.toBeInstanceOf(CalendarUnreachable);
    const nowhere = createGoogleCalendar({
      tokens: freshTokens(),
      clientId: 'google-client',
      clientSecret: 'google-secret',
      apiBase: 'http://127.0.0.1:9',
    });
    await expect(nowhere.listCalendars()).rejects.toBeInstanceOf(CalendarUnreachable);
  });
});
