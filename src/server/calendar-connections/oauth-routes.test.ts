import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { pathOf } from '~/shared/contract';
import {
  type CalendarOauthProvider,
  calendarOauthContract,
  calendarOauthTexts,
} from '~/shared/contracts/calendar-oauth';
import { auditLogs, calendarConnections, connectedCalendars } from '../db/schema';
import { openCalendarCredentials } from '../kernels/calendars/calendar-credentials';
import type { CalendarOAuthTokens } from '../kernels/calendars/calendar-oauth';
import { pushStateOf } from '../kernels/calendars/calendar-push';
import { signedInAccount } from '../testing/auth-helpers';
import { type FakeCalendarApis, startFakeCalendarApis } from '../testing/fake-calendar-apis';
import { createTestApp, TEST_SECRET, type TestApp, testTaxIds } from '../testing/test-app';

type Account = Awaited<ReturnType<typeof signedInAccount>>;

const PUBLIC_URL = 'https://tandem.example';
const FLOW_COOKIE = 'tandem_calendar_oauth';

const cookieOf = (response: LightMyRequestResponse, name: string) => {
  const cookie = response.cookies.find((candidate) => candidate.name === name);
  return cookie ? `${name}=${cookie.value}` : '';
};

// Connecting Google Calendar and Microsoft 365 through their consent (decision 059), against a loopback fake of
// their authorization, token, user-info and calendar endpoints; and their push notices.
describe('calendar accounts through OAuth', () => {
  let fake: FakeCalendarApis;
  let testApp: TestApp;
  let person: Account;
  const sent: Array<{ name: string; data: unknown }> = [];

  beforeAll(async () => {
    fake = await startFakeCalendarApis();
    testApp = await createTestApp({
      env: {
        PUBLIC_URL,
        GOOGLE_CALENDAR_CLIENT_ID: 'google-client',
        GOOGLE_CALENDAR_CLIENT_SECRET: 'google-secret',
        MICROSOFT_CALENDAR_CLIENT_ID: 'ms-client',
        MICROSOFT_CALENDAR_CLIENT_SECRET: 'ms-secret',
        CALENDAR_APIS_URL: fake.url,
      },
    });
    vi.spyOn(testApp.app.appContext.jobs, 'send').mockImplementation(async (name, data) => {
      sent.push({ name, data });
    });
    person = await signedInAccount(testApp, { role: 'company' });
  });
  afterEach(() => {
    sent.length = 0;
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await testApp?.close();
    await fake?.close();
  });

  const start = (provider: CalendarOauthProvider, caller: Account = person) =>
    caller.request({ method: 'GET', url: pathOf(calendarOauthContract.start.path, { provider }) });

  const callback = (
    provider: CalendarOauthProvider,
    query: Record<string, string>,
    flowCookie: string,
    caller: Account = person,
  ) =>
    caller.request({
      method: 'GET',
      url: `${pathOf(calendarOauthContract.callback.path, { provider })}?${new URLSearchParams(query)}`,
      headers: { cookie: `${caller.cookie}; ${flowCookie}` },
    });

  // Start, then come back as the provider sends the browser back after consent.
  async function connect(provider: CalendarOauthProvider, caller: Account = person) {
    const started = await start(provider, caller);
    const state = new URL(String(started.headers.location)).searchParams.get('state') ?? '';
    const answer = await callback(
      provider,
      { code: fake.issueCode(provider), state },
      cookieOf(started, FLOW_COOKIE),
      caller,
    );
    await testApp.app.appContext.background.drain();
    return { started, answer };
  }

  const connectionOf = async (userId: string, provider: CalendarOauthProvider) => {
    const [row] = await testApp.database.db
      .select()
      .from(calendarConnections)
      .where(and(eq(calendarConnections.userId, userId), eq(calendarConnections.provider, provider)));
    return row;
  };

  it('sends the browser to Google’s consent with the calendar scopes, offline access, state and PKCE', async () => {
    const started = await start('google');
    expect(started.statusCode).toBe(302);
    const location = new URL(String(started.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(`${fake.url}/google/auth`);
    const parameters = Object.fromEntries(location.searchParams);
    expect(parameters).toMatchObject({
      client_id: 'google-client',
      redirect_uri: `${PUBLIC_URL}${pathOf(calendarOauthContract.callback.path, { provider: 'google' })}`,
      response_type: 'code',
      code_challenge_method: 'S256',
      access_type: 'offline',
      prompt: 'consent',
    });
    expect(parameters.scope?.split(' ')).toEqual(
      expect.arrayContaining([
        'https://www.googleapis.com/auth/calendar.events',
        'https://www.googleapis.com/auth/calendar.readonly',
      ]),
    );
    expect(parameters.state).toMatch(/^[\w-]{20,}$/);
    expect(parameters.code_challenge).toMatch(/^[\w-]{43}$/);
    const flow = started.cookies.find((cookie) => cookie.name === FLOW_COOKIE);
    expect(flow).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: true });
    // Signed: the verifier inside is never trusted unsigned.
    expect(flow?.value).toMatch(/\}\.[A-Za-z0-9+/=_-]{40,}$/);
  });

  it('refuses a callback whose state is not the one this browser started with (400, a sentence)', async () => {
    const started = await start('google');
    const answer = await callback(
      'google',
      { code: fake.issueCode('google'), state: 'forged-state' },
      cookieOf(started, FLOW_COOKIE),
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'validation', error: calendarOauthTexts.flowMissing });
    // And without the cookie at all.
    const state = new URL(String(started.headers.location)).searchParams.get('state') ?? '';
    const bare = await callback('google', { code: fake.issueCode('google'), state }, '');
    expect(bare.statusCode).toBe(400);
    expect(await connectionOf(person.user.id, 'google')).toBeUndefined();
  });

  it('connects the Google account: tokens sealed (never plain), its calendars listed, the primary written to', async () => {
    const { started, answer } = await connect('google');
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toBe('/company/settings?tab=calendars&calendar_connected=google');

    // The code was exchanged with the PKCE verifier whose challenge the start sent.
    const [exchange] = fake.requestsTo('POST', /^\/google\/token$/);
    const form = new URLSearchParams(exchange?.body);
    expect(form.get('grant_type')).toBe('authorization_code');
    const challenge = createHash('sha256')
      .update(form.get('code_verifier') ?? '')
      .digest('base64url');
    expect(new URL(String(started.headers.location)).searchParams.get('code_challenge')).toBe(challenge);

    const row = await connectionOf(person.user.id, 'google');
    expect(row).toMatchObject({
      accountName: 'person@gmail.example',
      writeCalendarId: 'person@gmail.example',
      status: 'active',
    });
    const tokens = JSON.parse(
      openCalendarCredentials({ cipher: testTaxIds, connection: row ?? { id: '', credentialsSealed: '' } }),
    ) as CalendarOAuthTokens;
    expect(tokens.refreshToken).toMatch(/^refresh-/);
    expect(row?.credentialsSealed).not.toContain(tokens.accessToken);
    expect(row?.credentialsSealed).not.toContain(tokens.refreshToken ?? '');

    const calendars = await testApp.database.db
      .select()
      .from(connectedCalendars)
      .where(eq(connectedCalendars.connectionId, row?.id ?? ''));
    expect(calendars.map((calendar) => calendar.name).sort()).toEqual(['Holidays', 'Person', 'Team']);
    expect(calendars.every((calendar) => calendar.checksBusy)).toBe(true);

    expect(sent).toContainEqual({ name: 'calendar.refresh-connection', data: { connectionId: row?.id } });
    const [audit] = await testApp.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.targetId, row?.id ?? ''));
    expect(audit).toMatchObject({ action: 'calendar_connection.connected', actorId: person.user.id });

    // PUBLIC_URL is https: each calendar is watched, the channels kept inside the sealed tokens.
    const watches = fake.requestsTo('POST', /\/events\/watch$/);
    expect(watches).toHaveLength(3);
    expect(JSON.parse(watches[0]?.body ?? '{}')).toMatchObject({
      type: 'web_hook',
      address: `${PUBLIC_URL}${calendarOauthContract.pushGoogle.path}`,
      token: pushStateOf(TEST_SECRET, row?.id ?? ''),
    });
    const after = await connectionOf(person.user.id, 'google');
    const kept = JSON.parse(
      openCalendarCredentials({ cipher: testTaxIds, connection: after ?? { id: '', credentialsSealed: '' } }),
    ) as CalendarOAuthTokens;
    expect(kept.pushChannels?.map((channel) => channel.calendarId).sort()).toEqual(
      calendars.map((calendar) => calendar.calendarId).sort(),
    );
  });

  it('connects the same account again as a reconnect: one row, new tokens', async () => {
    const before = await connectionOf(person.user.id, 'google');
    const { answer } = await connect('google');
    expect(answer.statusCode).toBe(302);
    const rows = await testApp.database.db
      .select()
      .from(calendarConnections)
      .where(eq(calendarConnections.userId, person.user.id));
    expect(rows.filter((row) => row.provider === 'google')).toHaveLength(1);
    expect(rows[0]?.id).toBe(before?.id);
    expect(rows[0]?.credentialsSealed).not.toBe(before?.credentialsSealed);
  });

  it('goes back with the reason when the person says no at the provider', async () => {
    const started = await start('microsoft');
    const state = new URL(String(started.headers.location)).searchParams.get('state') ?? '';
    const answer = await callback('microsoft', { error: 'access_denied', state }, cookieOf(started, FLOW_COOKIE));
    expect(answer.statusCode).toBe(302);
    const back = new URL(String(answer.headers.location), PUBLIC_URL);
    expect(back.searchParams.get('calendar_error')).toBe(calendarOauthTexts.refused('microsoft'));
  });

  it('connects a Microsoft account with Graph’s scopes, the default calendar written to', async () => {
    const applicant = await signedInAccount(testApp, { role: 'applicant' });
    const { started, answer } = await connect('microsoft', applicant);
    const location = new URL(String(started.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(`${fake.url}/microsoft/authorize`);
    expect(location.searchParams.get('scope')).toBe('offline_access Calendars.ReadWrite User.Read');
    expect(answer.headers.location).toBe('/applicant/settings?tab=calendars&calendar_connected=microsoft');
    const row = await connectionOf(applicant.user.id, 'microsoft');
    expect(row).toMatchObject({ accountName: 'person@outlook.example', writeCalendarId: 'AAMkCal1' });
    const subscriptions = fake.requestsTo('POST', /^\/microsoft\/v1\.0\/subscriptions$/);
    expect(subscriptions.length).toBe(2);
    expect(JSON.parse(subscriptions[0]?.body ?? '{}')).toMatchObject({
      changeType: 'created,updated,deleted',
      notificationUrl: `${PUBLIC_URL}${calendarOauthContract.pushMicrosoft.path}`,
      clientState: pushStateOf(TEST_SECRET, row?.id ?? ''),
    });
  });

  it('queues a refresh on a Google push notice with the channel’s token, and refuses any other', async () => {
    const row = await connectionOf(person.user.id, 'google');
    const notice = (token: string, resourceState = 'exists') =>
      testApp.app.inject({
        method: 'POST',
        url: calendarOauthContract.pushGoogle.path,
        headers: { 'x-goog-channel-token': token, 'x-goog-resource-state': resourceState, 'x-goog-channel-id': 'c1' },
      });
    // A channel's first notice only says it stands.
    expect((await notice(pushStateOf(TEST_SECRET, row?.id ?? ''), 'sync')).statusCode).toBe(204);
    expect(sent).toEqual([]);
    const good = await notice(pushStateOf(TEST_SECRET, row?.id ?? ''));
    expect(good.statusCode).toBe(204);
    expect(sent).toContainEqual({ name: 'calendar.refresh-connection', data: { connectionId: row?.id } });
    sent.length = 0;
    const forged = await notice(pushStateOf('another-secret-of-at-least-32-characters', row?.id ?? ''));
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error).toBe(calendarOauthTexts.pushRefused);
    expect(sent).toEqual([]);
  });

  it('echoes Graph’s validationToken, and queues a refresh on a notice with the clientState', async () => {
    const validation = await testApp.app.inject({
      method: 'POST',
      url: `${calendarOauthContract.pushMicrosoft.path}?validationToken=${encodeURIComponent('Validation: token 1')}`,
      headers: { 'content-type': 'text/plain' },
    });
    expect(validation.statusCode).toBe(200);
    expect(validation.headers['content-type']).toContain('text/plain');
    expect(validation.body).toBe('Validation: token 1');

    const [row] = await testApp.database.db
      .select()
      .from(calendarConnections)
      .where(eq(calendarConnections.provider, 'microsoft'));
    const notice = (clientState: string) =>
      testApp.app.inject({
        method: 'POST',
        url: calendarOauthContract.pushMicrosoft.path,
        payload: { value: [{ subscriptionId: 'sub-1', clientState, changeType: 'updated' }] },
      });
    expect((await notice(pushStateOf(TEST_SECRET, row?.id ?? ''))).statusCode).toBe(202);
    expect(sent.map((job) => job.name)).toContain('calendar.refresh-connection');
    expect((await notice('not-ours')).statusCode).toBe(403);
  });

  it('answers 404 with a sentence where the provider is not configured', async () => {
    const { GOOGLE_CALENDAR_CLIENT_ID } = testApp.config;
    testApp.config.GOOGLE_CALENDAR_CLIENT_ID = undefined;
    try {
      const answer = await start('google');
      expect(answer.statusCode).toBe(404);
      expect(answer.json().error).toBe(calendarOauthTexts.notConfigured('google'));
    } finally {
      testApp.config.GOOGLE_CALENDAR_CLIENT_ID = GOOGLE_CALENDAR_CLIENT_ID;
    }
  });
});
