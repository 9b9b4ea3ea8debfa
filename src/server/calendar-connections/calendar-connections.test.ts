import { and, eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyTexts } from '~/shared/api-keys';
import { apiTokenTexts } from '~/shared/api-tokens';
import { calendarConnectionTexts as texts } from '~/shared/calendar-connections';
import { apiTokensContract } from '~/shared/contracts/api-tokens';
import { calendarConnectionsContract } from '~/shared/contracts/calendar-connections';
import { companyApiKeysContract } from '~/shared/contracts/company-api-keys';
import { auditLogs, calendarBusyTimes, calendarConnections, connectedCalendars } from '../db/schema';
import { signedInAccount } from '../testing/auth-helpers';
import { callContract } from '../testing/contract-client';
import { freePort } from '../testing/free-port';
import { type RadicaleServer, startRadicale } from '../testing/radicale-server';
import { createTestApp, type TestApp } from '../testing/test-app';

type Account = Awaited<ReturnType<typeof signedInAccount>>;

const alice = { username: 'alice', password: 'alice-app-password-1' };
const bob = { username: 'bob', password: 'bob-app-password-2' };

// A person's own calendar accounts (issue 59): connected against a real CalDAV server (Radicale on loopback),
// their secret never shown, only their own reachable, from a session only.
describe('calendar connections', () => {
  let testApp: TestApp;
  let radicale: RadicaleServer;
  const db = () => testApp.database.db;

  beforeAll(async () => {
    // No workers: the refresh each change queues stays queued, for the tests to see, and changes nothing under them.
    [testApp, radicale] = await Promise.all([
      createTestApp({ env: { JOB_WORKERS: 'false' } }),
      startRadicale({ users: [alice, bob] }),
    ]);
    await radicale.createCalendar(alice, 'work', 'Work');
    await radicale.createCalendar(alice, 'family', 'Family');
    await radicale.createCalendar(bob, 'main', 'Main');
  });
  afterAll(async () => {
    await Promise.all([testApp?.close(), radicale?.stop()]);
  });

  const connect = (account: Account, user: { username: string; password: string }) =>
    account.call(calendarConnectionsContract.connectCalDav, {
      body: { server_url: radicale.url, username: user.username, password: user.password },
    });

  // A connection as a test needs one, without a server: the rules of the routes, not CalDAV's.
  async function storedConnection(userId: string, accountName = `someone-${crypto.randomUUID()}@calendar.test`) {
    const [row] = await db()
      .insert(calendarConnections)
      .values({
        userId,
        provider: 'caldav',
        accountName,
        serverUrl: 'https://calendar.test/dav/',
        username: 'someone',
        credentialsSealed: 'sealed',
        writeCalendarId: 'https://calendar.test/dav/a/',
      })
      .returning();
    if (!row) throw new Error('not stored');
    await db()
      .insert(connectedCalendars)
      .values([
        { connectionId: row.id, calendarId: 'https://calendar.test/dav/a/', name: 'Alpha' },
        { connectionId: row.id, calendarId: 'https://calendar.test/dav/b/', name: 'Beta' },
        // A subscribed calendar: read for busy times, never written.
        { connectionId: row.id, calendarId: 'https://calendar.test/dav/holidays/', name: 'Holidays', writable: false },
      ]);
    return row;
  }

  it('connects a CalDAV account: its calendars listed and counted as busy, the password sealed and never shown', async () => {
    const person = await signedInAccount(testApp, { role: 'applicant' });
    const response = await connect(person, alice);
    expect(response.statusCode).toBe(201);
    const connection = response.body;
    expect(connection).toMatchObject({ provider: 'caldav', account_name: `alice@${new URL(radicale.url).host}` });
    expect(connection.status).toBe('active');
    expect(connection.calendars.map((calendar) => calendar.name).sort()).toEqual(['Family', 'Work']);
    expect(connection.calendars.every((calendar) => calendar.checks_busy)).toBe(true);
    expect(connection.calendars.map((calendar) => calendar.id)).toContain(connection.write_calendar_id);
    expect(connection.calendars.filter((calendar) => calendar.is_write_calendar)).toHaveLength(1);
    expect(JSON.stringify(response.body)).not.toContain(alice.password);

    const [row] = await db().select().from(calendarConnections).where(eq(calendarConnections.id, connection.id));
    expect(row?.credentialsSealed).toBeTruthy();
    expect(row?.credentialsSealed).not.toContain(alice.password);
    const listed = await person.call(calendarConnectionsContract.list);
    expect(listed.body.connections.map((item) => item.id)).toEqual([connection.id]);
    expect(listed.body.providers).toEqual({ caldav: true, google: false, microsoft: false });
    expect(JSON.stringify(listed.body)).not.toContain(alice.password);
    const [audit] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'calendar_connection.connected'), eq(auditLogs.targetId, connection.id)));
    expect(audit?.actorId).toBe(person.user.id);
    expect(JSON.stringify(audit?.details)).not.toContain(alice.password);
    const queued = (await db().execute(
      sql`select count(*)::int as count from pgboss.job where name = 'calendar.refresh-connection' and data->>'connectionId' = ${connection.id}`,
    )) as unknown as { rows: Array<{ count: number }> };
    expect(queued.rows[0]?.count).toBeGreaterThanOrEqual(1);

    // The same account again: refused with a sentence, before the server is asked.
    const again = await connect(person, alice);
    expect(again.statusCode).toBe(409);
    expect(again.error?.error).toBe(texts.duplicate);
  });

  it('says at the password when the server refuses it, and at the address when nothing answers there', async () => {
    const person = await signedInAccount(testApp, { role: 'company', companyName: 'Wrong Passwords Ltd' });
    const refused = await connect(person, { username: bob.username, password: 'not-the-password' });
    expect(refused.statusCode).toBe(400);
    expect(refused.error?.fields).toEqual({ password: texts.passwordRefused });
    const closedPort = await freePort();
    const unreachable = await person.call(calendarConnectionsContract.connectCalDav, {
      body: { server_url: `http://127.0.0.1:${closedPort}/`, username: 'bob', password: bob.password },
    });
    expect(unreachable.statusCode).toBe(400);
    expect(unreachable.error?.fields).toEqual({ server_url: texts.serverUnreachable });
    expect(await db().select().from(calendarConnections).where(eq(calendarConnections.userId, person.user.id))).toEqual(
      [],
    );
  });

  it('refuses addresses that are not https (plain http only to this machine, in tests) and empty fields', async () => {
    const person = await signedInAccount(testApp, { role: 'account_manager' });
    const plain = await person.call(calendarConnectionsContract.connectCalDav, {
      body: { server_url: 'http://calendar.example.com/dav/', username: 'someone', password: 'x' },
    });
    expect(plain.statusCode).toBe(400);
    expect(plain.error?.fields).toEqual({ server_url: texts.serverUrlNotHttps });
    const empty = await person.callUnchecked(calendarConnectionsContract.connectCalDav, {
      body: { server_url: 'not an address', username: ' ', password: '' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.error?.fields).toMatchObject({
      server_url: texts.serverUrlInvalid,
      username: texts.usernameRequired,
      password: texts.passwordRequired,
    });
  });

  it('chooses the write calendar and which calendars count as busy; a calendar not counted loses its busy times', async () => {
    const person = await signedInAccount(testApp, { role: 'applicant' });
    const row = await storedConnection(person.user.id);
    await db()
      .insert(calendarBusyTimes)
      .values({
        connectionId: row.id,
        calendarId: 'https://calendar.test/dav/b/',
        eventId: 'dentist.ics',
        startsAt: new Date('2030-01-01T09:00:00Z'),
        endsAt: new Date('2030-01-01T10:00:00Z'),
      });
    const update = (body: Parameters<typeof person.call<typeof calendarConnectionsContract.update>>[1]['body']) =>
      person.call(calendarConnectionsContract.update, { params: { id: row.id }, body });

    const chosen = await update({
      write_calendar_id: 'https://calendar.test/dav/b/',
      calendars: [{ id: 'https://calendar.test/dav/b/', checks_busy: false }],
    });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.body.write_calendar_id).toBe('https://calendar.test/dav/b/');
    expect(chosen.body.calendars).toEqual([
      {
        id: 'https://calendar.test/dav/a/',
        name: 'Alpha',
        checks_busy: true,
        writable: true,
        is_write_calendar: false,
      },
      { id: 'https://calendar.test/dav/b/', name: 'Beta', checks_busy: false, writable: true, is_write_calendar: true },
      {
        id: 'https://calendar.test/dav/holidays/',
        name: 'Holidays',
        checks_busy: true,
        writable: false,
        is_write_calendar: false,
      },
    ]);
    expect(await db().select().from(calendarBusyTimes).where(eq(calendarBusyTimes.connectionId, row.id))).toEqual([]);

    const none = await update({ write_calendar_id: null });
    expect(none.body.write_calendar_id).toBeNull();
    expect(none.body.calendars.some((calendar) => calendar.is_write_calendar)).toBe(false);

    const unknown = await update({ write_calendar_id: 'https://elsewhere.test/dav/x/' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.error?.fields).toEqual({ write_calendar_id: texts.unknownCalendar });
    const readOnly = await update({ write_calendar_id: 'https://calendar.test/dav/holidays/' });
    expect(readOnly.statusCode).toBe(400);
    expect(readOnly.error?.fields).toEqual({ write_calendar_id: texts.readOnlyCalendar });
    const unknownToggle = await update({ calendars: [{ id: 'https://elsewhere.test/dav/x/', checks_busy: true }] });
    expect(unknownToggle.statusCode).toBe(400);
    const nothing = await person.callUnchecked(calendarConnectionsContract.update, {
      params: { id: row.id },
      body: {},
    });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.error?.fields).toEqual({ write_calendar_id: texts.nothingToChange });
    const [audit] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'calendar_connection.updated'), eq(auditLogs.targetId, row.id)));
    expect(audit?.actorId).toBe(person.user.id);
  });

  it('reaches only the person’s own connections: another person’s is not found', async () => {
    const owner = await signedInAccount(testApp, { role: 'applicant' });
    const stranger = await signedInAccount(testApp, { role: 'company', companyName: 'Curious Co' });
    const row = await storedConnection(owner.user.id);
    const params = { id: row.id };
    const tries = [
      await stranger.call(calendarConnectionsContract.update, { params, body: { write_calendar_id: null } }),
      await stranger.call(calendarConnectionsContract.refresh, { params }),
      await stranger.call(calendarConnectionsContract.disconnect, { params }),
      await stranger.call(calendarConnectionsContract.reconnectCalDav, { params, body: { password: 'x' } }),
    ];
    expect(tries.map((response) => response.statusCode)).toEqual([404, 404, 404, 404]);
    expect(tries[0]?.error?.error).toBe(texts.notFound);
    expect((await stranger.call(calendarConnectionsContract.list)).body.connections).toEqual([]);
    const [still] = await db().select().from(calendarConnections).where(eq(calendarConnections.id, row.id));
    expect(still?.writeCalendarId).toBe('https://calendar.test/dav/a/');
  });

  it('is a person’s own: a company API key and a personal API token are refused', async () => {
    const owner = await signedInAccount(testApp, {
      role: 'company',
      companyName: 'Keyed Calendars',
      companyRole: 'owner',
    });
    const withBearer = (secret: string) => (options: InjectOptions) =>
      testApp.app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${secret}` } });
    const key = await owner.call(companyApiKeysContract.create, { body: { name: 'ATS', scopes: ['jobs:read'] } });
    const byKey = await callContract(withBearer(key.body.secret), calendarConnectionsContract.list);
    expect(byKey.statusCode).toBe(403);
    expect(byKey.error?.error).toBe(apiKeyTexts.personalOnly);
    const token = await owner.call(apiTokensContract.create, { body: { name: 'Script', expires_in_days: 30 } });
    const byToken = await callContract(withBearer(token.body.secret), calendarConnectionsContract.list);
    expect(byToken.statusCode).toBe(403);
    expect(byToken.error?.error).toBe(apiTokenTexts.sessionRequired);
  });

  it('refreshes on request (in the background) and disconnects: busy times and records go, audited', async () => {
    const person = await signedInAccount(testApp, { role: 'applicant' });
    const row = await storedConnection(person.user.id);
    const refreshed = await person.call(calendarConnectionsContract.refresh, { params: { id: row.id } });
    expect(refreshed.statusCode).toBe(202);
    expect(refreshed.body.id).toBe(row.id);
    await db()
      .insert(calendarBusyTimes)
      .values({
        connectionId: row.id,
        calendarId: 'https://calendar.test/dav/a/',
        eventId: 'standup.ics',
        startsAt: new Date('2030-01-02T09:00:00Z'),
        endsAt: new Date('2030-01-02T09:15:00Z'),
      });
    const removed = await person.call(calendarConnectionsContract.disconnect, { params: { id: row.id } });
    expect(removed.statusCode).toBe(204);
    expect(await db().select().from(calendarConnections).where(eq(calendarConnections.id, row.id))).toEqual([]);
    expect(await db().select().from(calendarBusyTimes).where(eq(calendarBusyTimes.connectionId, row.id))).toEqual([]);
    const [audit] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'calendar_connection.disconnected'), eq(auditLogs.targetId, row.id)));
    expect(audit?.details).toMatchObject({ account_name: row.accountName });
    const gone = await person.call(calendarConnectionsContract.disconnect, { params: { id: row.id } });
    expect(gone.statusCode).toBe(404);
  });

  it('reconnects a CalDAV account with a new password: failing no more', async () => {
    const person = await signedInAccount(testApp, { role: 'applicant' });
    const connected = await connect(person, bob);
    expect(connected.statusCode).toBe(201);
    await db()
      .update(calendarConnections)
      .set({ status: 'failing', lastError: 'The calendar server refused the user name or app password.' })
      .where(eq(calendarConnections.id, connected.body.id));
    const failing = await person.call(calendarConnectionsContract.list);
    expect(failing.body.connections[0]).toMatchObject({ status: 'failing', last_error: expect.any(String) });
    const wrong = await person.call(calendarConnectionsContract.reconnectCalDav, {
      params: { id: connected.body.id },
      body: { password: 'still-wrong' },
    });
    expect(wrong.error?.fields).toEqual({ password: texts.passwordRefused });
    const fixed = await person.call(calendarConnectionsContract.reconnectCalDav, {
      params: { id: connected.body.id },
      body: { password: bob.password },
    });
    expect(fixed.statusCode).toBe(200);
    expect(fixed.body).toMatchObject({ status: 'active', last_error: null });
  });
});
