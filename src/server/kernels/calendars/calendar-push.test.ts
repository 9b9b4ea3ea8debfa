import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeCalendarApis, startFakeCalendarApis } from '../../testing/fake-calendar-apis';
import type { CalendarOAuthTokens } from './calendar-oauth';
import { connectionOfPushState, pushStateOf, renewPushChannels } from './calendar-push';
import { createGoogleCalendar } from './google-calendar';
import { createMicrosoftCalendar } from './microsoft-calendar';

const SECRET = 'a-secret-of-at-least-thirty-two-characters';
const CONNECTION = '6a3c1f4e-2b7d-4e8a-9c0f-1d2e3f4a5b6c';
const DAY = 24 * 3600 * 1000;

describe('calendar push channels', () => {
  let fake: FakeCalendarApis;
  beforeAll(async () => {
    fake = await startFakeCalendarApis();
  });
  afterAll(async () => {
    await fake.close();
  });

  const tokens = (pushChannels: CalendarOAuthTokens['pushChannels'] = []): CalendarOAuthTokens => {
    fake.validAccessTokens.add('push-access');
    return {
      accessToken: 'push-access',
      refreshToken: 'r',
      expiresAt: new Date(Date.now() + 3600_000).toISOString(),
      pushChannels,
    };
  };

  it('names its connection in a token only this secret makes', () => {
    const state = pushStateOf(SECRET, CONNECTION);
    expect(state.length).toBeLessThanOrEqual(128);
    expect(connectionOfPushState(SECRET, state)).toBe(CONNECTION);
    expect(connectionOfPushState('another-secret-of-thirty-two-characters!', state)).toBeNull();
    expect(connectionOfPushState(SECRET, state.replace(CONNECTION, '00000000-0000-4000-8000-000000000000'))).toBeNull();
    expect(connectionOfPushState(SECRET, undefined)).toBeNull();
    expect(connectionOfPushState(SECRET, 'no-dot')).toBeNull();
  });

  it('opens a Google channel where there is none, renews one near its end, keeps a fresh one, stops one unwanted', async () => {
    const saved: CalendarOAuthTokens[] = [];
    const now = new Date();
    const calendar = createGoogleCalendar({
      tokens: tokens([
        {
          calendarId: 'person@gmail.example',
          id: 'fresh',
          resourceId: 'r1',
          expiresAt: new Date(now.getTime() + 5 * DAY).toISOString(),
        },
        {
          calendarId: 'team@group.calendar.google.com',
          id: 'ending',
          resourceId: 'r2',
          expiresAt: new Date(now.getTime() + 3600_000).toISOString(),
        },
        {
          calendarId: 'gone@example',
          id: 'unwanted',
          resourceId: 'r3',
          expiresAt: new Date(now.getTime() + 5 * DAY).toISOString(),
        },
      ]),
      clientId: 'c',
      clientSecret: 's',
      apiBase: fake.url,
      onTokens: (next) => void saved.push(next),
    });
    const before = fake.requests.length;
    const { channels, failures } = await renewPushChannels({
      account: { provider: 'google', calendar },
      connectionId: CONNECTION,
      calendarIds: [
        'person@gmail.example',
        'team@group.calendar.google.com',
        'en.usa#holiday@group.v.calendar.google.com',
      ],
      publicUrl: 'https://tandem.example',
      secret: SECRET,
      now,
    });
    expect(failures).toBe(0);
    expect(channels.map((channel) => channel.calendarId)).toEqual([
      'person@gmail.example',
      'team@group.calendar.google.com',
      'en.usa#holiday@group.v.calendar.google.com',
    ]);
    expect(channels[0]?.id).toBe('fresh');
    expect(channels[1]?.id).not.toBe('ending');
    const asked = fake.requests.slice(before).map((request) => `${request.method} ${request.path}`);
    expect(asked.filter((line) => line.endsWith('/events/watch'))).toHaveLength(2);
    const stopped = fake.requests
      .slice(before)
      .filter((request) => request.path.endsWith('/channels/stop'))
      .map((request) => JSON.parse(request.body).id);
    expect(stopped.sort()).toEqual(['ending', 'unwanted']);
    expect(saved.at(-1)?.pushChannels).toEqual(channels);
  });

  it('renews a Graph subscription by its expiry, and opens none where PUBLIC_URL is not https', async () => {
    const calendar = createMicrosoftCalendar({
      tokens: tokens([
        {
          calendarId: 'AAMkCal1',
          id: 'sub-1',
          resourceId: null,
          expiresAt: new Date(Date.now() + 3600_000).toISOString(),
        },
      ]),
      clientId: 'c',
      clientSecret: 's',
      apiBase: fake.url,
    });
    const before = fake.requests.length;
    const { channels } = await renewPushChannels({
      account: { provider: 'microsoft', calendar },
      connectionId: CONNECTION,
      calendarIds: ['AAMkCal1'],
      publicUrl: 'https://tandem.example',
      secret: SECRET,
    });
    expect(fake.requests.slice(before).map((request) => `${request.method} ${request.path}`)).toEqual([
      'PATCH /microsoft/v1.0/subscriptions/sub-1',
    ]);
    expect(Date.parse(channels[0]?.expiresAt ?? '')).toBeGreaterThan(Date.now() + 2 * DAY);

    const plain = fake.requests.length;
    await renewPushChannels({
      account: { provider: 'microsoft', calendar },
      connectionId: CONNECTION,
      calendarIds: ['AAMkCal1', 'AAMkCal2'],
      publicUrl: 'http://localhost:3000',
      secret: SECRET,
    });
    expect(fake.requests.length).toBe(plain);
  });
});
