import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedInAccount } from '~/server/testing/auth-helpers';
import { startCompanyConversation } from '~/server/testing/conversation-helpers';
import { openLiveSocket, waitForLive } from '~/server/testing/live-test-sockets';
import { startTcpProxy, type TcpProxy } from '~/server/testing/tcp-proxy';
import { createTestApp, type TestApp } from '~/server/testing/test-app';
import { messagingContract } from '~/shared/contracts/messaging';
import {
  HEARTBEAT_TIMEOUT_MS,
  LIVE_SOCKET_PATH,
  type LiveEvent,
  RECONNECT_FIRST_DELAY_MS,
  RECONNECT_MAX_DELAY_MS,
} from '~/shared/live-events';
import { callApi } from './api-client';
import {
  getLiveStatus,
  holdLiveConnection,
  type LiveStatus,
  onLiveOpened,
  onLiveSessionEnded,
  sendLive,
  setLiveClock,
  subscribeLive,
} from './live-socket';

// The backoff runs this many times faster (its longest wait takes 0.3 s), and so does the silence limit in
// the tests about silence (1.2 s); elsewhere it keeps its minute, so a busy machine's pause is no drop.
const TIME_SCALE = 50;
const SILENCE_LIMIT_MS = HEARTBEAT_TIMEOUT_MS / TIME_SCALE;
// The server beats as often as it may, a twelfth of the shortened silence limit.
const SERVER_HEARTBEAT_MS = 100;

const NodeWebSocket = globalThis.WebSocket;
const nodeFetch = globalThis.fetch;

// The real client module, in a tab signed in as `cookie`, against the real server behind a proxy that
// can take the network away: dropped, refused, or silent.
describe('the live connection of a tab', () => {
  let testApp: TestApp;
  let proxy: TcpProxy;
  let origin: string;
  // The server itself, not through the proxy: another person's tab.
  let serverOrigin: string;
  let cookie = '';
  let jitter = 0.5;
  let isSilenceShortened = false;
  // Sockets the module opened, each one a connection attempt.
  let socketsCreated = 0;
  const requestedDelays: number[] = [];
  const released: Array<() => void> = [];

  beforeAll(async () => {
    testApp = await createTestApp({
      // The server asks which sessions still stand five times a second, not once a minute.
      env: { LIVE_HEARTBEAT_MS: String(SERVER_HEARTBEAT_MS), LIVE_SESSION_RECHECK_MS: '200' },
    });
    await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = testApp.app.server.address() as AddressInfo;
    serverOrigin = `http://127.0.0.1:${port}`;
    proxy = await startTcpProxy({ host: '127.0.0.1', port });
    origin = `http://127.0.0.1:${proxy.port}`;
  });
  afterAll(async () => {
    await proxy.close();
    await testApp.close();
  });

  // What a browser gives the module: a page on the site, the session cookie and the Origin on the socket
  // and on each fetch, the 'online' and visibility events.
  beforeEach(() => {
    proxy.setMode('forward');
    requestedDelays.length = 0;
    jitter = 0.5;
    isSilenceShortened = false;
    socketsCreated = 0;
    vi.stubGlobal('window', Object.assign(new EventTarget(), { location: { href: `${origin}/portal` } }));
    vi.stubGlobal('document', new EventTarget());
    vi.stubGlobal(
      'WebSocket',
      class BrowserWebSocket extends NodeWebSocket {
        constructor(url: string | URL) {
          // Node's WebSocket takes the headers a browser would send itself.
          super(url, { headers: { cookie, origin } } as unknown as string[]);
          socketsCreated += 1;
        }
      },
    );
    vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) =>
      nodeFetch(new URL(input, origin), {
        ...init,
        headers: { ...(init.headers as Record<string, string>), cookie, 'sec-fetch-site': 'same-origin' },
      }),
    );
    released.push(
      setLiveClock({
        setTimeout: (callback, delayMs) => {
          requestedDelays.push(delayMs);
          const isSilenceLimit = delayMs === HEARTBEAT_TIMEOUT_MS;
          return setTimeout(callback, isSilenceLimit && !isSilenceShortened ? delayMs : delayMs / TIME_SCALE);
        },
        clearTimeout: (timer) => clearTimeout(timer),
        random: () => jitter,
      }),
    );
  });
  afterEach(() => {
    for (const release of released.splice(0).reverse()) release();
    proxy.dropConnections();
    vi.unstubAllGlobals();
  });

  // Signs the tab in and holds its connection (as the portal shell does) until the test ends.
  async function openTab(role: 'applicant' | 'company' = 'applicant') {
    const account = await signedInAccount(testApp, { role });
    cookie = account.cookie;
    const events: LiveEvent[] = [];
    released.push(subscribeLive('ready', (event) => events.push(event)));
    released.push(subscribeLive('heartbeat', (event) => events.push(event)));
    released.push(holdLiveConnection());
    await waitForStatus('open');
    return { account, events };
  }

  const waitForStatus = (status: LiveStatus, timeoutMs?: number) =>
    waitForLive(() => (getLiveStatus() === status ? true : undefined), timeoutMs);
  const readiesIn = (events: LiveEvent[]) => events.filter((event) => event.type === 'ready').length;
  const backoffDelays = () => requestedDelays.filter((delay) => delay !== HEARTBEAT_TIMEOUT_MS);
  const silenceDeadlinesSet = () => requestedDelays.filter((delay) => delay === HEARTBEAT_TIMEOUT_MS).length;

  it('reconnects after a drop, waiting longer after each refusal up to the cap, and afresh once back', async () => {
    const { events } = await openTab();
    jitter = 0.999;
    proxy.setMode('refuse');
    proxy.dropConnections();
    await waitForStatus('connecting');
    // Eight refused attempts: the ceiling doubles from the first delay and reaches the cap at the sixth.
    await waitForLive(() => (backoffDelays().length >= 8 ? true : undefined), 5_000);
    const delays = backoffDelays().slice(0, 8);
    expect(getLiveStatus()).toBe('connecting');
    expect(delays[0]).toBeGreaterThanOrEqual(RECONNECT_FIRST_DELAY_MS / 2);
    expect(delays[0]).toBeLessThanOrEqual(RECONNECT_FIRST_DELAY_MS * 1.5);
    for (const [index, delay] of delays.entries()) {
      expect(delay).toBeLessThanOrEqual(RECONNECT_FIRST_DELAY_MS / 2 + RECONNECT_MAX_DELAY_MS);
      if (index > 0) expect(delay).toBeGreaterThanOrEqual(delays[index - 1] as number);
    }
    expect(delays[5]).toBeGreaterThan(delays[4] as number);
    expect(delays.slice(5)).toEqual([delays[5], delays[5], delays[5]]);
    expect(delays[5]).toBeGreaterThan(RECONNECT_MAX_DELAY_MS);

    proxy.setMode('forward');
    await waitForStatus('open');
    expect(readiesIn(events)).toBe(2);
    // Connected again, the next drop starts from the first delay.
    const before = backoffDelays().length;
    proxy.dropConnections();
    await waitForLive(() => (readiesIn(events) === 3 ? true : undefined));
    expect(backoffDelays()[before]).toBeLessThanOrEqual(RECONNECT_FIRST_DELAY_MS * 1.5);
  });

  it('takes a connection that fell silent for dead and opens another', async () => {
    isSilenceShortened = true;
    const { events } = await openTab();
    let lastBeatAt = 0;
    const silences: number[] = [];
    released.push(
      subscribeLive('heartbeat', () => {
        lastBeatAt = Date.now();
      }),
    );
    released.push(subscribeLive('ready', () => silences.push(Date.now() - lastBeatAt)));
    // Each message (the 'ready', then heartbeats) puts the deadline back: a healthy connection stays.
    await waitForLive(
      () => (events.filter((event) => event.type === 'heartbeat').length >= 2 ? true : undefined),
      SILENCE_LIMIT_MS * 4,
    );
    expect(silenceDeadlinesSet()).toBeGreaterThanOrEqual(1 + events.length);
    expect(socketsCreated).toBe(1);
    expect(readiesIn(events)).toBe(1);

    proxy.silenceConnections();
    await waitForLive(() => (readiesIn(events) === 2 ? true : undefined), SILENCE_LIMIT_MS * 4);
    // The next connection came once the silence limit had passed since the last heartbeat, not before.
    expect(silences).toHaveLength(1);
    expect(silences[0]).toBeGreaterThanOrEqual(SILENCE_LIMIT_MS);
    expect(socketsCreated).toBe(2);
    expect(getLiveStatus()).toBe('open');
  });

  it('gives up on a handshake that never finishes and tries again', async () => {
    isSilenceShortened = true;
    const account = await signedInAccount(testApp, { role: 'applicant' });
    cookie = account.cookie;
    proxy.setMode('silent');
    const connectionsBefore = proxy.connectionCount();
    released.push(holdLiveConnection());
    await waitForLive(() => (proxy.connectionCount() === connectionsBefore + 1 ? true : undefined));
    proxy.setMode('forward');
    expect(getLiveStatus()).toBe('connecting');
    await waitForStatus('open', SILENCE_LIMIT_MS * 4);
    expect(socketsCreated).toBe(2);
  });

  it('watches the same people again after a reconnect', async () => {
    const person = await signedInAccount(testApp, { role: 'applicant' });
    const { account: company, events } = await openTab('company');
    // One watches only people one deals with: the company's applicant, in a conversation of theirs.
    await startCompanyConversation(testApp, company, person.user.id);
    const presence: Array<{ online: boolean }> = [];
    released.push(
      subscribeLive('presence', (event) => {
        if (event.user_id === person.user.id) presence.push({ online: event.online });
      }),
    );
    sendLive({ type: 'watch_presence', user_ids: [person.user.id] });
    await waitForLive(() => (presence.length === 1 ? true : undefined));
    expect(presence).toEqual([{ online: false }]);

    proxy.dropConnections();
    await waitForLive(() => (readiesIn(events) === 2 ? true : undefined));
    // The new connection was told whom to watch: the server answers with their state, then their changes.
    await waitForLive(() => (presence.length === 2 ? true : undefined));
    const personTab = openLiveSocket(`${serverOrigin.replace('http:', 'ws:')}${LIVE_SOCKET_PATH}`, {
      origin: serverOrigin,
      cookie: person.cookie,
    });
    try {
      await personTab.opened;
      await waitForLive(() => (presence.length === 3 ? true : undefined));
      expect(presence).toEqual([{ online: false }, { online: false }, { online: true }]);
    } finally {
      personTab.socket.close();
    }
  });

  it('fetches over HTTP what it missed while disconnected, once back', async () => {
    const admin = await signedInAccount(testApp, { role: 'admin', twoFactorExempt: true });
    const { account: applicant } = await openTab();
    const support = (await applicant.request({ method: 'POST', url: '/api/conversations/support' })).json() as {
      id: string;
    };
    const send = (body: string) =>
      admin.request({
        method: 'POST',
        url: `/api/conversations/${support.id}/messages`,
        payload: { client_id: crypto.randomUUID(), body },
      });
    const heard: number[] = [];
    const caughtUp: string[] = [];
    let reconnects = 0;
    released.push(
      subscribeLive('message.created', (event) => {
        if (event.conversation_id === support.id) heard.push(event.seq);
      }),
    );
    // As a screen does: each time the socket opens (here, the reconnect), everything after the last message it knows of.
    released.push(
      onLiveOpened(() => {
        reconnects += 1;
        void callApi(messagingContract.messages, {
          params: { id: support.id },
          query: { after_seq: Math.max(0, ...heard) },
        }).then((page) => caughtUp.push(...page.items.map((message) => message.body)));
      }),
    );

    expect((await send('Hello from support.')).statusCode).toBe(201);
    await waitForLive(() => (heard.length === 1 ? true : undefined));

    proxy.setMode('refuse');
    proxy.dropConnections();
    await waitForStatus('connecting');
    expect((await send('Sent while you were away.')).statusCode).toBe(201);
    expect((await send('And another.')).statusCode).toBe(201);
    proxy.setMode('forward');

    await waitForLive(() => (caughtUp.length === 2 ? true : undefined));
    expect(caughtUp).toEqual(['Sent while you were away.', 'And another.']);
    expect(heard).toHaveLength(1);
    expect(reconnects).toBe(1);
  });

  // The server lost Redis for a while: events from other instances never came, though this socket stayed open.
  it('fetches again and watches the same people again when the server says events were missed', async () => {
    const person = await signedInAccount(testApp, { role: 'applicant' });
    const { account: company, events } = await openTab('company');
    await startCompanyConversation(testApp, company, person.user.id);
    let catchUps = 0;
    released.push(
      onLiveOpened(() => {
        catchUps += 1;
      }),
    );
    const presence: boolean[] = [];
    released.push(subscribeLive('presence', (event) => presence.push(event.online)));
    sendLive({ type: 'watch_presence', user_ids: [person.user.id] });
    await waitForLive(() => (presence.length === 1 ? true : undefined));

    testApp.app.appContext.live.deliverLocally([company.user.id], { type: 'resync' });
    await waitForLive(() => (catchUps === 1 ? true : undefined));
    // The people watched are sent again, and the server answers with their state.
    await waitForLive(() => (presence.length === 2 ? true : undefined));
    expect(getLiveStatus()).toBe('open');
    expect(socketsCreated).toBe(1);
    expect(readiesIn(events)).toBe(1);
  });

  it('says when the server ends the session, so the tab asks who it is instead of waiting', async () => {
    await openTab();
    let endings = 0;
    released.push(
      onLiveSessionEnded(() => {
        endings += 1;
      }),
    );
    // Signed out elsewhere (a suspension ends the session the same way).
    const signOut = await fetch('/api/auth/sign-out', { method: 'POST' });
    expect(signOut.status).toBeLessThan(300);
    await waitForLive(() => (endings === 1 ? true : undefined), 5_000);
    expect(getLiveStatus()).toBe('connecting');
  });
});
