import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCompaniesContract } from '~/shared/contracts/admin-companies';
import { authContract } from '~/shared/contracts/auth';
import { LIVE_SOCKET_PATH, SESSION_ENDED_CLOSE_CODE } from '~/shared/live-events';
import { HEARTBEAT_SLOTS } from '../platform/live-hub';
import { signedInAccount } from '../testing/auth-helpers';
import { startCompanyConversation } from '../testing/conversation-helpers';
import { openLiveSocket, waitForLive } from '../testing/live-test-sockets';
import { companyIdOf } from '../testing/payment-test-invoices';
import { createTestApp, type TestApp } from '../testing/test-app';

const HEARTBEAT_MS = 1000;

// The live connection: signed in by the session cookie, from our origin only; events reach
// every tab of the people they are for; presence follows open tabs.
describe('the live socket', () => {
  let testApp: TestApp;
  let origin: string;
  let socketUrl: string;

  beforeAll(async () => {
    testApp = await createTestApp({
      env: { LIVE_SESSION_RECHECK_MS: '200', LIVE_HEARTBEAT_MS: String(HEARTBEAT_MS) },
    });
    await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = testApp.app.server.address() as AddressInfo;
    origin = `http://127.0.0.1:${port}`;
    socketUrl = `ws://127.0.0.1:${port}${LIVE_SOCKET_PATH}`;
  });
  afterAll(async () => {
    await testApp.close();
  });

  const open = (headers: Record<string, string>) => openLiveSocket(socketUrl, headers);
  const waitFor = waitForLive;

  it('refuses a visitor who is not signed in, and a page of another site', async () => {
    await expect(open({ origin }).opened).rejects.toThrow('HTTP 401');
    const { cookie } = await signedInAccount(testApp, { role: 'applicant' });
    await expect(open({ origin: 'https://evil.example', cookie }).opened).rejects.toThrow('HTTP 403');
    await expect(open({ cookie }).opened).rejects.toThrow('HTTP 403');
  });

  it('delivers an event to every tab of its person and to nobody else', async () => {
    const ada = await signedInAccount(testApp, { role: 'applicant' });
    const bob = await signedInAccount(testApp, { role: 'applicant' });
    const adaTabs = [open({ origin, cookie: ada.cookie }), open({ origin, cookie: ada.cookie })];
    const bobTab = open({ origin, cookie: bob.cookie });
    await Promise.all([...adaTabs, bobTab].map((tab) => tab.opened));
    for (const tab of adaTabs) {
      await waitFor(() => tab.events.find((event) => event.type === 'ready'));
    }

    await testApp.app.appContext.live.send([ada.user.id], { type: 'meeting.changed', meeting_id: 'm1' });
    for (const tab of adaTabs) {
      expect(await waitFor(() => tab.events.find((event) => event.type === 'meeting.changed'))).toEqual({
        type: 'meeting.changed',
        meeting_id: 'm1',
      });
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(bobTab.events.some((event) => event.type === 'meeting.changed')).toBe(false);
    for (const tab of [...adaTabs, bobTab]) tab.socket.close();
  });

  it('closes the sockets of a session that signed out', async () => {
    const person = await signedInAccount(testApp, { role: 'applicant' });
    const tab = open({ origin, cookie: person.cookie });
    await tab.opened;
    const closed = new Promise<number>((resolve) => tab.socket.once('close', (code) => resolve(code)));
    const signOut = await person.call(authContract.signOut);
    expect(signOut.statusCode).toBeLessThan(300);
    expect(await closed).toBe(SESSION_ENDED_CLOSE_CODE);
  });

  it('tells the tabs of a suspended company’s members at once, then closes them', async () => {
    const admin = await signedInAccount(testApp, { role: 'admin' });
    const member = await signedInAccount(testApp, { role: 'company' });
    const bystander = await signedInAccount(testApp, { role: 'company' });
    const tab = open({ origin, cookie: member.cookie });
    const otherTab = open({ origin, cookie: bystander.cookie });
    await Promise.all([tab.opened, otherTab.opened]);
    await waitFor(() => tab.events.find((event) => event.type === 'ready'));
    const closed = new Promise<number>((resolve) => tab.socket.once('close', (code) => resolve(code)));
    const companyId = await companyIdOf(testApp.database.db, member.user.id);

    const suspended = await admin.call(adminCompaniesContract.bulk, { body: { action: 'suspend', ids: [companyId] } });
    expect(suspended.statusCode, suspended.error?.error).toBe(200);
    expect(await waitFor(() => tab.events.find((event) => event.type === 'session.ended'))).toEqual({
      type: 'session.ended',
    });
    expect(await closed).toBe(SESSION_ENDED_CLOSE_CODE);
    expect(otherTab.events.some((event) => event.type === 'session.ended')).toBe(false);
    otherTab.socket.close();
  });

  it('tells a watcher when a person comes online and goes offline', async () => {
    const watcher = await signedInAccount(testApp, { role: 'company' });
    const person = await signedInAccount(testApp, { role: 'applicant' });
    // A person one shares a conversation with: the company and its applicant.
    await startCompanyConversation(testApp, watcher, person.user.id);
    const watching = open({ origin, cookie: watcher.cookie });
    await watching.opened;
    watching.socket.send(JSON.stringify({ type: 'watch_presence', user_ids: [person.user.id] }));
    const presenceOf = (online: boolean) => () =>
      watching.events.find(
        (event) => event.type === 'presence' && event.user_id === person.user.id && event.online === online,
      );
    await waitFor(presenceOf(false));

    const personTab = open({ origin, cookie: person.cookie });
    await personTab.opened;
    await waitFor(presenceOf(true));
    expect(await testApp.app.appContext.live.onlineAmong([person.user.id, watcher.user.id])).toEqual(
      new Set([person.user.id, watcher.user.id]),
    );

    personTab.socket.close();
    const offlineEvents = () => watching.events.filter((event) => event.type === 'presence' && !event.online);
    await waitFor(() => (offlineEvents().length >= 2 ? true : undefined));
    expect(await testApp.app.appContext.live.onlineAmong([person.user.id])).toEqual(new Set());
    watching.socket.close();
  });

  it('beats each tab in its own slot of the interval, not all of them at once', async () => {
    const person = await signedInAccount(testApp, { role: 'applicant' });
    const tabs = Array.from({ length: HEARTBEAT_SLOTS / 2 }, () => open({ origin, cookie: person.cookie }));
    await Promise.all(tabs.map((tab) => tab.opened));
    const openedAt = Date.now();
    const firstBeatAt = (tab: (typeof tabs)[number]) => {
      const beat = tab.events.find((event) => event.type === 'heartbeat' && Date.parse(event.at) >= openedAt);
      return beat?.type === 'heartbeat' ? Date.parse(beat.at) : undefined;
    };
    const beats = await waitFor(() => {
      const times = tabs.map(firstBeatAt);
      return times.every((time) => time !== undefined) ? (times as number[]) : undefined;
    }, HEARTBEAT_MS * 3);

    // Fifty tabs in fifty slots of ten milliseconds: about half a second between the first beat and the last.
    const spread = Math.max(...beats) - Math.min(...beats);
    expect(spread).toBeGreaterThanOrEqual(HEARTBEAT_MS / 4);
    for (const tab of tabs) tab.socket.close();
  });

  it('closes a socket that stopped answering pings, and keeps one that answers', async () => {
    const person = await signedInAccount(testApp, { role: 'applicant' });
    const silent = openLiveSocket(socketUrl, { origin, cookie: person.cookie }, { autoPong: false });
    const answering = open({ origin, cookie: person.cookie });
    await Promise.all([silent.opened, answering.opened]);
    const closedAfter = new Promise<number>((resolve) => {
      const started = Date.now();
      silent.socket.once('close', () => resolve(Date.now() - started));
    });

    // Pinged at its slot's first beat, found silent at the next: within two intervals.
    expect(await closedAfter).toBeLessThanOrEqual(HEARTBEAT_MS * 2 + 500);
    // The answering tab's slot comes next: past its second beat, it is still open.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(answering.socket.readyState).toBe(answering.socket.OPEN);
    answering.socket.close();
  });
});
