import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { companiesContract } from '~/shared/contracts/companies';
import { meetingsContract } from '~/shared/contracts/meetings';
import { LIVE_SOCKET_PATH, type LiveEvent } from '~/shared/live-events';
import { roomTexts } from '~/shared/meeting-room';
import { type Meeting, meetingTexts } from '~/shared/meetings';
import { companyMembers, meetings } from '../db/schema';
import { forbiddenMessage } from '../platform/access-control';
import { buildApplication, buildJob } from '../seed/job-factories';
import { signedInAccount } from '../testing/auth-helpers';
import { openLiveSocket, waitForLive } from '../testing/live-test-sockets';
import { createTestApp, type TestApp } from '../testing/test-app';

type Account = Awaited<ReturnType<typeof signedInAccount>>;
type Tab = Awaited<ReturnType<typeof openTabOf>>;

const MINUTE_MS = 60_000;
const media = { audio: true, video: true, screen: false };

async function openTabOf(origin: string, account: Account) {
  const tab = openLiveSocket(`${origin.replace('http', 'ws')}${LIVE_SOCKET_PATH}`, { origin, cookie: account.cookie });
  await tab.opened;
  await waitForLive(() => tab.events.find((event) => event.type === 'ready'));
  const send = (command: object) => tab.socket.send(JSON.stringify(command));
  const find = <T extends LiveEvent['type']>(type: T, match: (event: Extract<LiveEvent, { type: T }>) => boolean) =>
    waitForLive(() =>
      tab.events.find(
        (event): event is Extract<LiveEvent, { type: T }> => event.type === type && match(event as never),
      ),
    );
  const closed = new Promise<void>((resolve) => tab.socket.once('close', () => resolve()));
  return { ...tab, send, find, closed };
}

// Who may be in a meeting's video room, and when: the server relays a room's signaling only between its
// participants and the members of its company, only while the room is open, checking every message.
describe('the meeting video room', () => {
  let testApp: TestApp;
  let origin: string;
  let organizer: Account;
  let colleague: Account;
  let applicant: Account;
  let stranger: Account;
  let meeting: Meeting;
  let roomToken: string;
  const tabs: Tab[] = [];

  beforeAll(async () => {
    testApp = await createTestApp();
    await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    origin = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
    organizer = await signedInAccount(testApp, { role: 'company', name: 'Rita Recruiter', timeZone: 'Europe/Paris' });
    applicant = await signedInAccount(testApp, { role: 'applicant', name: 'Ada Lovelace', timeZone: 'Europe/London' });
    stranger = await signedInAccount(testApp, { role: 'company', name: 'Sam Stranger' });
    colleague = await signedInAccount(testApp, { role: 'company', name: 'Cole Colleague' });
    const companyId = (await organizer.call(companiesContract.profile)).body.id;
    // A second member of the organizer's company, not invited.
    await testApp.database.db
      .update(companyMembers)
      .set({ companyId })
      .where(eq(companyMembers.userId, colleague.user.id));
    const db = testApp.database.db;
    const job = await buildJob(db, { companyId, title: 'Support Engineer' });
    const application = await buildApplication(db, {
      jobId: job.id,
      status: 'submitted',
      applicantId: applicant.user.id,
    });
    const response = await organizer.call(meetingsContract.schedule, {
      body: {
        application_id: application.id,
        type: 'interview',
        starts_at: new Date(Date.now() + 48 * 60 * MINUTE_MS).toISOString(),
        duration_minutes: 30,
      },
    });
    expect(response.statusCode, response.error?.error).toBe(201);
    meeting = response.body;
    roomToken = meeting.join_url.split('/').at(-1) ?? '';
  });
  afterAll(async () => {
    await testApp.close();
  });
  beforeEach(async () => {
    for (const tab of tabs.splice(0)) tab.socket.close();
    await moveMeeting({ startsInMinutes: 5, status: 'scheduled' });
  });

  const moveMeeting = ({ startsInMinutes, status }: { startsInMinutes: number; status: 'scheduled' | 'cancelled' }) =>
    testApp.database.db
      .update(meetings)
      .set({ startsAt: new Date(Date.now() + startsInMinutes * MINUTE_MS), status })
      .where(eq(meetings.id, meeting.id));

  async function open(account: Account) {
    const tab = await openTabOf(origin, account);
    tabs.push(tab);
    return tab;
  }
  const join = (tab: Tab, peerId: string) =>
    tab.send({ type: 'room.join', room_token: roomToken, peer_id: peerId, state: media });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

  it('lets the invitees and the organizer’s colleagues in, and tells each who joined and left', async () => {
    const [rita, ada, cole] = await Promise.all([open(organizer), open(applicant), open(colleague)]);
    // Those in the room hear who comes in.
    join(ada, 'peer-ada-0000009');
    await ada.find('room.joined', (event) => event.peer_id === 'peer-ada-0000009');
    join(rita, 'peer-rita-000001');
    const heard = await ada.find('room.joined', (event) => event.peer_id === 'peer-rita-000001');
    // The server says who it is from, not the sender.
    expect(heard).toMatchObject({
      meeting_id: meeting.id,
      user_id: organizer.user.id,
      name: 'Rita Recruiter',
      state: media,
    });
    join(cole, 'peer-cole-000001');
    await rita.find(
      'room.joined',
      (event) => event.peer_id === 'peer-cole-000001' && event.user_id === colleague.user.id,
    );
    // The page behind the link opens for the colleague too.
    expect((await colleague.call(meetingsContract.room, { params: { token: roomToken } })).statusCode).toBe(200);

    cole.socket.close();
    await rita.find('room.left', (event) => event.peer_id === 'peer-cole-000001');
    await ada.find('room.left', (event) => event.peer_id === 'peer-cole-000001');
    rita.send({ type: 'room.leave', room_token: roomToken, peer_id: 'peer-rita-000001' });
    await ada.find('room.left', (event) => event.peer_id === 'peer-rita-000001');
  });

  it('relays an offer, candidates and chat to the one tab meant, and refuses a stranger everything', async () => {
    const [rita, ada, sam] = await Promise.all([open(organizer), open(applicant), open(stranger)]);
    join(rita, 'peer-rita-000002');
    await rita.find('room.joined', (event) => event.peer_id === 'peer-rita-000002');
    join(ada, 'peer-ada-0000001');
    await rita.find('room.joined', (event) => event.peer_id === 'peer-ada-0000001');
    rita.send({
      type: 'room.signal',
      room_token: roomToken,
      peer_id: 'peer-rita-000002',
      to_peer_id: 'peer-ada-0000001',
      to_user_id: applicant.user.id,
      description: { type: 'offer', sdp: 'v=0\r\n' },
      candidates: [
        { candidate: 'candidate:1 1 udp 2122260223 127.0.0.1 40000 typ host', sdpMid: '0', sdpMLineIndex: 0 },
      ],
    });
    const offer = await ada.find('room.signal', (event) => event.peer_id === 'peer-rita-000002');
    expect(offer).toMatchObject({
      to_peer_id: 'peer-ada-0000001',
      user_id: organizer.user.id,
      description: { type: 'offer' },
    });
    expect(offer.candidates).toHaveLength(1);
    ada.send({
      type: 'room.chat',
      room_token: roomToken,
      peer_id: 'peer-ada-0000001',
      text: '  Hello, can you hear me?  ',
    });
    const chat = await rita.find('room.chat', (event) => event.peer_id === 'peer-ada-0000001');
    expect(chat).toMatchObject({ text: 'Hello, can you hear me?', name: 'Ada Lovelace' });

    // A stranger with the token: refused, in the room's own words, on every kind of message…
    for (const command of [
      { type: 'room.join', state: media },
      { type: 'room.chat', text: 'Let me in' },
      {
        type: 'room.signal',
        to_peer_id: 'peer-ada-0000001',
        to_user_id: applicant.user.id,
        description: { type: 'offer', sdp: 'v=0' },
      },
    ]) {
      sam.send({ ...command, room_token: roomToken, peer_id: 'peer-sam-0000001' });
    }
    await settle();
    const refusals = sam.events.filter((event) => event.type === 'room.refused');
    expect(refusals.map((event) => event.type === 'room.refused' && event.message)).toEqual([
      meetingTexts.roomNotFound,
      meetingTexts.roomNotFound,
      meetingTexts.roomNotFound,
    ]);
    // …and nobody in the room hears a word of theirs.
    for (const tab of [rita, ada])
      expect(tab.events.filter((event) => 'user_id' in event && event.user_id === stranger.user.id)).toEqual([]);
    expect((await stranger.call(meetingsContract.room, { params: { token: roomToken } })).statusCode).toBe(404);

    // A participant cannot use the room to reach someone outside it.
    ada.send({
      type: 'room.signal',
      room_token: roomToken,
      peer_id: 'peer-ada-0000001',
      to_peer_id: 'peer-sam-0000001',
      to_user_id: stranger.user.id,
      description: { type: 'offer', sdp: 'v=0' },
    });
    await settle();
    expect(sam.events.filter((event) => event.type === 'room.signal')).toEqual([]);
  });

  // Over HTTP a Billing member is refused the room (403, decision 032); the socket says the same. And a room's
  // events reach only the tabs in it: a colleague who may join hears nothing until they do.
  it('refuses a Billing member as HTTP does, and tells only the tabs in the room what happens there', async () => {
    const companyId = (await organizer.call(companiesContract.profile)).body.id;
    const billing = await signedInAccount(testApp, { role: 'company', company: { id: companyId, role: 'billing' } });
    expect((await billing.call(meetingsContract.room, { params: { token: roomToken } })).statusCode).toBe(403);
    const [rita, cole, bill] = await Promise.all([open(organizer), open(colleague), open(billing)]);
    join(rita, 'peer-rita-000003');
    await rita.find('room.joined', (event) => event.peer_id === 'peer-rita-000003');
    rita.send({ type: 'room.chat', room_token: roomToken, peer_id: 'peer-rita-000003', text: 'Anyone here?' });
    await rita.find('room.chat', (event) => event.peer_id === 'peer-rita-000003');

    // Billing: refused on every kind of message, and hears nothing of the room.
    for (const command of [
      { type: 'room.join', state: media },
      { type: 'room.chat', text: 'Let me in' },
      { type: 'room.state', state: media },
    ]) {
      bill.send({ ...command, room_token: roomToken, peer_id: 'peer-bill-000001' });
    }
    // A colleague who may join but has not: what they send is refused, and they hear nothing.
    cole.send({ type: 'room.chat', room_token: roomToken, peer_id: 'peer-cole-000003', text: 'Watching' });
    await settle();
    expect(
      bill.events.filter((event) => event.type === 'room.refused').map((event) => 'message' in event && event.message),
    ).toEqual([forbiddenMessage, forbiddenMessage, forbiddenMessage]);
    expect(
      cole.events.filter((event) => event.type === 'room.refused').map((event) => 'message' in event && event.message),
    ).toEqual([roomTexts.notJoined]);
    for (const tab of [bill, cole]) {
      expect(tab.events.filter((event) => event.type.startsWith('room.') && event.type !== 'room.refused')).toEqual([]);
    }
    expect(rita.events.filter((event) => 'user_id' in event && event.user_id !== organizer.user.id)).toEqual([]);

    // Once in, the colleague hears the room.
    join(cole, 'peer-cole-000003');
    await rita.find('room.joined', (event) => event.peer_id === 'peer-cole-000003');
    rita.send({ type: 'room.chat', room_token: roomToken, peer_id: 'peer-rita-000003', text: 'Welcome' });
    await cole.find('room.chat', (event) => event.text === 'Welcome');
    expect(bill.events.filter((event) => event.type === 'room.chat')).toEqual([]);
  });

  // A company member who took the candidate's peer id could, on leaving, announce the candidate gone.
  it('refuses a place in the room that another person holds', async () => {
    const [ada, rita] = await Promise.all([open(applicant), open(organizer)]);
    join(ada, 'peer-ada-0000004');
    await ada.find('room.joined', (event) => event.peer_id === 'peer-ada-0000004');
    join(rita, 'peer-ada-0000004');
    const refusal = await rita.find('room.refused', (event) => event.peer_id === 'peer-ada-0000004');
    expect(refusal.message).toBe(roomTexts.peerTaken);
    rita.send({ type: 'room.leave', room_token: roomToken, peer_id: 'peer-ada-0000004' });
    await settle();
    expect(ada.events.filter((event) => event.type === 'room.left')).toEqual([]);
  });

  it('opens 15 minutes before the start and closes at the end, or when cancelled', async () => {
    const ada = await open(applicant);
    const cases = [
      { startsInMinutes: 16, status: 'scheduled', message: roomTexts.notYetOpen },
      { startsInMinutes: 14, status: 'scheduled', message: null },
      { startsInMinutes: -29, status: 'scheduled', message: null },
      { startsInMinutes: -31, status: 'scheduled', message: roomTexts.ended },
      { startsInMinutes: 5, status: 'cancelled', message: roomTexts.cancelled },
    ] as const;
    for (const [index, { startsInMinutes, status, message }] of cases.entries()) {
      await moveMeeting({ startsInMinutes, status });
      const peerId = `peer-ada-window-${index}`;
      join(ada, peerId);
      const answer = await waitForLive(() =>
        ada.events.find(
          (event) => (event.type === 'room.refused' || event.type === 'room.joined') && event.peer_id === peerId,
        ),
      );
      if (message === null) expect(answer.type, `${startsInMinutes} minutes`).toBe('room.joined');
      else expect(answer, `${startsInMinutes} minutes`).toMatchObject({ type: 'room.refused', message });
    }
    expect(roomTexts.notYetOpen).toBe('This meeting room opens 15 minutes before the meeting starts.');
  });

  it('holds four tabs at most: a fifth is told the room is full, and gets in once someone leaves', async () => {
    // A room of its own, so no tab of the other cases counts.
    const companyId = (await organizer.call(companiesContract.profile)).body.id;
    const job = await buildJob(testApp.database.db, { companyId, title: 'Data Analyst' });
    const application = await buildApplication(testApp.database.db, {
      jobId: job.id,
      status: 'submitted',
      applicantId: applicant.user.id,
    });
    const created = await organizer.call(meetingsContract.schedule, {
      body: {
        application_id: application.id,
        type: 'interview',
        starts_at: new Date(Date.now() + 5 * MINUTE_MS).toISOString(),
        duration_minutes: 30,
      },
    });
    expect(created.statusCode, created.error?.error).toBe(201);
    const token = created.body.join_url.split('/').at(-1) ?? '';
    const enter = (tab: Tab, peerId: string) =>
      tab.send({ type: 'room.join', room_token: token, peer_id: peerId, state: media });
    const answerTo = (tab: Tab, peerId: string) =>
      waitForLive(() =>
        tab.events.findLast(
          (event) => (event.type === 'room.refused' || event.type === 'room.joined') && event.peer_id === peerId,
        ),
      );

    // The organizer from two tabs, the applicant and a colleague: four.
    const [rita, ritaAgain, ada, cole, adaAgain] = await Promise.all([
      open(organizer),
      open(organizer),
      open(applicant),
      open(colleague),
      open(applicant),
    ]);
    const inside = [
      [rita, 'peer-full-rita-01'],
      [ritaAgain, 'peer-full-rita-02'],
      [ada, 'peer-full-ada-001'],
      [cole, 'peer-full-cole-01'],
    ] as const;
    for (const [tab, peerId] of inside) {
      enter(tab, peerId);
      expect((await answerTo(tab, peerId)).type).toBe('room.joined');
    }
    enter(adaAgain, 'peer-full-ada-002');
    expect(await answerTo(adaAgain, 'peer-full-ada-002')).toMatchObject({
      type: 'room.refused',
      message: 'This room is full: a call holds up to 4 people.',
    });
    expect(roomTexts.full).toBe('This room is full: a call holds up to 4 people.');
    await settle();
    // Nobody in the call hears of the tab turned away.
    for (const [tab] of inside) {
      expect(tab.events.filter((event) => 'peer_id' in event && event.peer_id === 'peer-full-ada-002')).toEqual([]);
    }
    // One already in (a socket that reconnected) joins again.
    enter(rita, 'peer-full-rita-01');
    await waitForLive(() =>
      rita.events.filter((event) => event.type === 'room.joined' && event.peer_id === 'peer-full-rita-01').length === 2
        ? true
        : undefined,
    );

    // The colleague's tab closes: their place is free.
    cole.socket.close();
    await rita.find('room.left', (event) => event.peer_id === 'peer-full-cole-01');
    enter(adaAgain, 'peer-full-ada-003');
    expect((await answerTo(adaAgain, 'peer-full-ada-003')).type).toBe('room.joined');
  });
});

// The STUN and TURN servers a room's browser calls through: coturn's REST credentials (username
// "<expiry>:<user id>", password base64 HMAC-SHA1 of it), only for someone allowed in while it is open.
describe('the video room’s TURN credentials', () => {
  const TURN_SECRET = 'turn-secret-for-the-room-tests-0123456789';
  let testApp: TestApp;
  let organizer: Account;
  let stranger: Account;
  let meetingId: string;
  let roomToken: string;

  beforeAll(async () => {
    testApp = await createTestApp({
      env: {
        STUN_URLS: 'stun:turn.example.com:3478',
        TURN_URL: 'turn:turn.example.com:3478?transport=udp,turns:turn.example.com:5349?transport=tcp',
        TURN_SECRET,
      },
    });
    organizer = await signedInAccount(testApp, { role: 'company', timeZone: 'Europe/Paris' });
    stranger = await signedInAccount(testApp, { role: 'applicant' });
    const applicant = await signedInAccount(testApp, { role: 'applicant' });
    const companyId = (await organizer.call(companiesContract.profile)).body.id;
    const db = testApp.database.db;
    const job = await buildJob(db, { companyId });
    const application = await buildApplication(db, {
      jobId: job.id,
      status: 'submitted',
      applicantId: applicant.user.id,
    });
    const response = await organizer.call(meetingsContract.schedule, {
      body: {
        application_id: application.id,
        type: 'interview',
        starts_at: new Date(Date.now() + 48 * 60 * MINUTE_MS).toISOString(),
        duration_minutes: 45,
      },
    });
    expect(response.statusCode, response.error?.error).toBe(201);
    meetingId = response.body.id;
    roomToken = response.body.join_url.split('/').at(-1) ?? '';
  });
  afterAll(async () => {
    await testApp.close();
  });

  const iceServers = (account: Account) =>
    account.call(meetingsContract.roomIceServers, { params: { token: roomToken } });
  const startIn = (minutes: number) =>
    testApp.database.db
      .update(meetings)
      .set({ startsAt: new Date(Date.now() + minutes * MINUTE_MS) })
      .where(eq(meetings.id, meetingId));

  it('signs credentials coturn checks, standing until 15 minutes after the meeting ends', async () => {
    await startIn(10);
    const response = await iceServers(organizer);
    expect(response.statusCode, response.error?.error).toBe(200);
    const body = response.body;
    const [stun, turn] = body.ice_servers;
    expect(stun).toEqual({ urls: ['stun:turn.example.com:3478'] });
    expect(turn?.urls).toEqual([
      'turn:turn.example.com:3478?transport=udp',
      'turns:turn.example.com:5349?transport=tcp',
    ]);
    const [expiry, userId] = (turn?.username ?? '').split(':');
    expect(userId).toBe(organizer.user.id);
    // The meeting ends 10 + 45 minutes from now; the credentials 15 minutes after that.
    const expected = Date.now() + (10 + 45 + 15) * MINUTE_MS;
    expect(Number(expiry) * 1000).toBeGreaterThan(expected - 10_000);
    expect(Number(expiry) * 1000).toBeLessThanOrEqual(expected);
    expect(body.expires_at).toBe(new Date(Number(expiry) * 1000).toISOString());
    expect(turn?.credential).toBe(
      createHmac('sha1', TURN_SECRET)
        .update(turn?.username ?? '')
        .digest('base64'),
    );
    expect(turn?.credential).toMatch(/^[A-Za-z0-9+/]{27}=$/);
  });

  it('gives none to someone not invited, nor while the room is shut', async () => {
    await startIn(10);
    const refused = await iceServers(stranger);
    expect(refused.statusCode).toBe(404);
    expect(refused.error?.error).toBe(meetingTexts.roomNotFound);
    await startIn(60);
    const early = await iceServers(organizer);
    expect(early.statusCode).toBe(409);
    expect(early.error?.error).toBe(roomTexts.notYetOpen);
    await startIn(-50);
    const late = await iceServers(organizer);
    expect(late.statusCode).toBe(409);
    expect(late.error?.error).toBe(roomTexts.ended);
  });
});
