import type { AddressInfo } from 'node:net';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companiesContract } from '~/shared/contracts/companies';
import { meetingsContract } from '~/shared/contracts/meetings';
import { messagingContract } from '~/shared/contracts/messaging';
import { LIVE_SOCKET_PATH, type LiveEvent, liveCommandSchema } from '~/shared/live-events';
import type { ConversationDetail } from '~/shared/messaging';
import { type CompanyRole, can, type Principal } from '~/shared/permissions';
import { forbiddenMessage } from '../platform/access-control';
import { buildApplication, buildJob } from '../seed/job-factories';
import { signedInAccount } from '../testing/auth-helpers';
import { openLiveSocket, openReadyLiveTab } from '../testing/live-test-sockets';
import { createTestApp, type TestApp } from '../testing/test-app';
import { buildAssignment } from '../testing/work-factories';
import { liveCommandAccess } from './live-command-access';

type Account = Awaited<ReturnType<typeof signedInAccount>>;
type Tab = ReturnType<typeof openLiveSocket>;

// The live socket's commands, as the route-policy test does for HTTP: every command names the permission of
// its HTTP twin, and every role that twin refuses is refused the command (the hub checks before any feature).
describe('the live socket’s commands, role by role', () => {
  let testApp: TestApp;
  let origin: string;
  let owner: Account;
  let talent: Account;
  let conversation: ConversationDetail;
  let roomToken: string;
  const people: Array<{ label: string; principal: Principal; account: Account }> = [];

  const open = (account: Account): Promise<Tab> => openReadyLiveTab(origin, account.cookie);
  const settle = () => new Promise((resolve) => setTimeout(resolve, 250));

  beforeAll(async () => {
    testApp = await createTestApp();
    await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    origin = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
    owner = await signedInAccount(testApp, { role: 'company', companyName: 'Policy Ltd', timeZone: 'Europe/Paris' });
    const companyId = (await owner.call(companiesContract.profile)).body.id;
    talent = await signedInAccount(testApp, { role: 'applicant', name: 'Tara Talent', timeZone: 'Europe/London' });
    const db = testApp.database.db;
    const job = await buildJob(db, { companyId });
    const application = await buildApplication(db, { jobId: job.id, applicantId: talent.user.id, status: 'hired' });
    // Hired: every company role, Billing too, may read the conversation with her.
    await buildAssignment(db, { companyId, applicantId: talent.user.id, startDate: '2026-11-02' });
    conversation = (await owner.call(messagingContract.start, { body: { applicant_id: talent.user.id } })).body;
    const meeting = await owner.call(meetingsContract.schedule, {
      body: {
        application_id: application.id,
        type: 'interview',
        starts_at: new Date(Date.now() + 5 * 60_000).toISOString(),
        duration_minutes: 30,
      },
    });
    expect(meeting.statusCode, meeting.error?.error).toBe(201);
    roomToken = meeting.body.join_url.split('/').at(-1) ?? '';

    people.push({ label: 'owner', principal: { role: 'company', companyRole: 'owner' }, account: owner });
    for (const role of ['admin', 'hiring_manager', 'billing', 'viewer'] as CompanyRole[]) {
      const account = await signedInAccount(testApp, { role: 'company', company: { id: companyId, role } });
      people.push({ label: role, principal: { role: 'company', companyRole: role }, account });
    }
    people.push({ label: 'applicant', principal: { role: 'applicant' }, account: talent });
    people.push({
      label: 'account manager',
      principal: { role: 'account_manager' },
      account: await signedInAccount(testApp, { role: 'account_manager' }),
    });
    people.push({
      label: 'administrator',
      principal: { role: 'admin' },
      account: await signedInAccount(testApp, { role: 'admin', twoFactorExempt: true }),
    });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('names every command, each with the permission its HTTP twin is registered with', () => {
    const commands = liveCommandSchema.options.map((option) => option.shape.type.value);
    expect(Object.keys(liveCommandAccess).sort()).toEqual([...commands].sort());
    const methodsOf = (method: HTTPMethods | HTTPMethods[]) => (Array.isArray(method) ? method : [method]);
    for (const [command, { permission, twin }] of Object.entries(liveCommandAccess)) {
      const route = testApp.app.routeRegistry.find(
        (candidate) => candidate.url === twin.path && methodsOf(candidate.method).includes(twin.method as HTTPMethods),
      );
      expect(route?.config?.access, command).toEqual({ permission });
    }
  });

  it('opens no socket to anyone signed out: the HTTP twin answers them 401', async () => {
    const tab = openLiveSocket(`${origin.replace('http', 'ws')}${LIVE_SOCKET_PATH}`, { origin });
    await expect(tab.opened).rejects.toThrow('HTTP 401');
  });

  it('refuses each command to every role its HTTP twin refuses, and lets the others through to the feature', async () => {
    // Who hears a typing frame: the talent, or for the talent's own, the owner.
    const talentTab = await open(talent);
    const ownerTab = await open(owner);
    let checked = 0;
    for (const { label, principal, account } of people) {
      const tab = account === talent ? talentTab : account === owner ? ownerTab : await open(account);
      const listener = account === talent ? ownerTab : talentTab;
      const mark = listener.events.length;
      const peerId = `peer-${label.replace(/\W/g, '')}-policy`.padEnd(14, '0');
      const room = { room_token: roomToken, peer_id: peerId };
      const send = (command: object) => tab.socket.send(JSON.stringify(command));
      const refusalsBefore = tab.events.filter((event) => event.type === 'room.refused').length;
      send({ type: 'room.chat', ...room, text: 'Hello' });
      send({ type: 'room.state', ...room, state: { audio: true, video: false, screen: false } });
      send({
        type: 'room.signal',
        ...room,
        to_peer_id: 'peer-nobody-00001',
        to_user_id: owner.user.id,
        description: { type: 'offer', sdp: 'v=0' },
      });
      send({ type: 'room.leave', ...room });
      send({ type: 'room.join', ...room, state: { audio: true, video: false, screen: false } });
      send({ type: 'typing', conversation_id: conversation.id });
      send({ type: 'watch_presence', user_ids: [(account === talent ? owner : talent).user.id] });
      await settle();

      const refusals = tab.events
        .filter((event): event is Extract<LiveEvent, { type: 'room.refused' }> => event.type === 'room.refused')
        .slice(refusalsBefore)
        .map((event) => event.message);
      const roomAllowed = can(principal, liveCommandAccess['room.join'].permission);
      // Refused by role: every room command says so. Let through: the room answers in its own words (not
      // joined, not found), or lets them in.
      expect(refusals.filter((message) => message === forbiddenMessage).length, label).toBe(roomAllowed ? 0 : 5);
      if (roomAllowed) {
        expect(refusals.length, label).toBeGreaterThan(0);
      }
      const heardTyping = listener.events
        .slice(mark)
        .some((event) => event.type === 'typing' && event.user_id === account.user.id);
      // Those who may write and read the conversation are heard; no one else.
      const readsConversation = principal.role === 'company' || account === talent;
      expect(heardTyping, label).toBe(can(principal, liveCommandAccess.typing.permission) && readsConversation);
      const presence = tab.events.some((event) => event.type === 'presence');
      expect(presence, label).toBe(can(principal, liveCommandAccess.watch_presence.permission) && readsConversation);
      if (tab !== talentTab && tab !== ownerTab) tab.socket.close();
      checked++;
    }
    expect(checked).toBe(8);
    talentTab.socket.close();
    ownerTab.socket.close();
  });
});
