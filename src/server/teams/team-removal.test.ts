import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTokensContract } from '~/shared/contracts/api-tokens';
import { authContract } from '~/shared/contracts/auth';
import { jobsContract } from '~/shared/contracts/jobs';
import { meetingsContract } from '~/shared/contracts/meetings';
import { messagingContract } from '~/shared/contracts/messaging';
import { teamContract } from '~/shared/contracts/teams';
import { LIVE_SOCKET_PATH, SESSION_ENDED_CLOSE_CODE } from '~/shared/live-events';
import {
  apiTokens,
  auditLogs,
  bookingLinkHosts,
  bookingLinks,
  calendarFeeds,
  companyMembers,
  conversationMembers,
  jobHiringTeam,
  meetingParticipants,
  meetings,
  messages,
  users,
} from '../db/schema';
import { SESSION_COOKIE } from '../platform/auth-context';
import { buildSession } from '../seed/factories';
import { buildApplication, buildJob } from '../seed/job-factories';
import { companyIdOf, signedInColleague } from '../testing/assessment-helpers';
import { callerFrom, signedInAccount } from '../testing/auth-helpers';
import { callContract } from '../testing/contract-client';
import { startCompanyConversation } from '../testing/conversation-helpers';
import { openLiveSocket, waitForLive } from '../testing/live-test-sockets';
import { createTestApp, type TestApp } from '../testing/test-app';

type Account = Awaited<ReturnType<typeof signedInAccount>>;

// Removing a member, or a member leaving, ends what gave them access in one go: the next request with
// their cookie or token is refused, their open socket is closed, and the company's conversations,
// meetings, jobs and calendar feed are closed to them. What they wrote stays under their name.
describe('removing a member from the team', () => {
  let testApp: TestApp;
  let origin: string;
  let socketUrl: string;

  beforeAll(async () => {
    // The hub's own session check runs every minute: a socket closed within seconds was closed by the removal.
    testApp = await createTestApp({ env: { PUBLIC_URL: 'https://tandem.example' } });
    await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = testApp.app.server.address() as AddressInfo;
    origin = `http://127.0.0.1:${port}`;
    socketUrl = `ws://127.0.0.1:${port}${LIVE_SOCKET_PATH}`;
  });
  afterAll(async () => {
    await testApp.close();
  });

  const db = () => testApp.database.db;

  // A member with everything a member can hold: a session and a socket, an API token, a calendar feed, a
  // conversation they read and wrote in, a place on a hiring team and in a coming meeting, and booking
  // links (one they organise, one they host with the owner).
  async function memberWithAccess(owner: Account, companyId: string) {
    const member = await signedInColleague(testApp, companyId, 'hiring_manager');
    const applicant = await signedInAccount(testApp, { role: 'applicant' });
    const conversation = await startCompanyConversation(testApp, owner, applicant.user.id);
    const sent = await member.call(messagingContract.send, {
      params: { id: conversation.id },
      body: { body: 'Looking forward to it.', client_id: 'member-1' },
    });
    expect(sent.statusCode, sent.error?.error).toBe(201);
    const token = await member.call(apiTokensContract.create, { body: { name: 'Script' } });
    expect(token.statusCode, token.error?.error).toBe(201);
    const feed = await member.call(meetingsContract.createCalendarFeed);
    expect(feed.statusCode, feed.error?.error).toBe(201);

    const job = await buildJob(db(), { companyId });
    await db().insert(jobHiringTeam).values({ jobId: job.id, userId: member.user.id });
    const application = await buildApplication(db(), { jobId: job.id, applicantId: applicant.user.id });
    const [meeting] = await db()
      .insert(meetings)
      .values({
        companyId,
        organizerId: owner.user.id,
        applicationId: application.id,
        type: 'interview',
        title: 'Interview',
        startsAt: new Date(Date.now() + 86_400_000),
        durationMinutes: 30,
        roomToken: `room${Math.random().toString(36).slice(2)}${Date.now()}`,
      })
      .returning();
    if (!meeting) throw new Error('No meeting.');
    await db()
      .insert(meetingParticipants)
      .values([
        { meetingId: meeting.id, userId: owner.user.id },
        { meetingId: meeting.id, userId: member.user.id },
      ]);
    const linkValues = {
      companyId,
      inviteeId: applicant.user.id,
      applicationId: application.id,
      type: 'interview' as const,
      durationMinutes: 30,
      bufferMinutes: 0,
      noticeMinutes: 0,
      expiresAt: new Date(Date.now() + 7 * 86_400_000),
    };
    const [organised] = await db()
      .insert(bookingLinks)
      .values({ ...linkValues, organizerId: member.user.id })
      .returning();
    const [hosted] = await db()
      .insert(bookingLinks)
      .values({ ...linkValues, organizerId: owner.user.id })
      .returning();
    if (!organised || !hosted) throw new Error('No booking links.');
    await db().insert(bookingLinkHosts).values({ linkId: hosted.id, userId: member.user.id });
    return {
      member,
      conversationId: conversation.id,
      secret: token.body.secret,
      feedUrl: new URL(feed.body.url),
      jobId: job.id,
      meetingId: meeting.id,
      organisedLinkId: organised.id,
      hostedLinkId: hosted.id,
    };
  }

  async function expectAccessEnded(held: Awaited<ReturnType<typeof memberWithAccess>>) {
    const { member } = held;
    // The old cookie: 401, and its session is gone.
    const withCookie = await member.call(teamContract.members);
    expect(withCookie.statusCode).toBe(401);
    // The API token: 401.
    const withToken = await callContract(
      (options: InjectOptions) =>
        testApp.app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${held.secret}` } }),
      apiTokensContract.list,
    );
    expect(withToken.statusCode).toBe(401);
    const [token] = await db().select().from(apiTokens).where(eq(apiTokens.userId, member.user.id));
    expect(token?.revokedAt).toBeInstanceOf(Date);
    // The calendar feed's address, as it was handed out: gone.
    const feed = await testApp.app.inject({ method: 'GET', url: held.feedUrl.pathname });
    expect(feed.statusCode).toBe(404);
    expect(await db().select().from(calendarFeeds).where(eq(calendarFeeds.userId, member.user.id))).toEqual([]);

    // Signed in again (the account stays, with no company): the conversation is closed to them, and they get no
    // digest of it (their read cursor is gone); company data is refused.
    const session = await buildSession(db(), member.user.id);
    const again = callerFrom(testApp, { cookie: `${SESSION_COOKIE}=${session.token}` });
    const me = (await again.call(authContract.me)).body;
    expect(me.user).toMatchObject({ id: member.user.id, role: 'company', company: null });
    // A former member holds no company permission (403); joined elsewhere, it would not be theirs (404).
    expect([403, 404]).toContain(
      (await again.call(messagingContract.get, { params: { id: held.conversationId } })).statusCode,
    );
    expect((await again.call(teamContract.members)).statusCode).toBe(403);
    expect((await again.call(jobsContract.get, { params: { id: held.jobId } })).statusCode).toBe(403);
    expect(await db().select().from(conversationMembers).where(eq(conversationMembers.userId, member.user.id))).toEqual(
      [],
    );
    // Hiring team and the coming meeting (whose room a participant may enter): left.
    expect(await db().select().from(jobHiringTeam).where(eq(jobHiringTeam.userId, member.user.id))).toEqual([]);
    expect(
      await db()
        .select()
        .from(meetingParticipants)
        .where(and(eq(meetingParticipants.meetingId, held.meetingId), eq(meetingParticipants.userId, member.user.id))),
    ).toEqual([]);
    // The booking link they organised no longer offers their times; the one they hosted offers the owner's.
    const [organised] = await db().select().from(bookingLinks).where(eq(bookingLinks.id, held.organisedLinkId));
    expect(organised?.expiresAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect(await db().select().from(bookingLinkHosts).where(eq(bookingLinkHosts.linkId, held.hostedLinkId))).toEqual(
      [],
    );
    // What they wrote stays under their name; the account stays, with no company.
    const [message] = await db().select().from(messages).where(eq(messages.senderId, member.user.id));
    expect(message?.body).toBe('Looking forward to it.');
    expect(await db().select().from(companyMembers).where(eq(companyMembers.userId, member.user.id))).toEqual([]);
    expect((await db().select().from(users).where(eq(users.id, member.user.id))).length).toBe(1);
  }

  it('ends the removed member’s sessions, token, socket, feed and access to the company at once', async () => {
    const owner = await signedInAccount(testApp, { role: 'company' });
    const companyId = await companyIdOf(testApp, owner.user.id);
    const held = await memberWithAccess(owner, companyId);
    expect((await held.member.call(messagingContract.get, { params: { id: held.conversationId } })).statusCode).toBe(
      200,
    );
    const tab = openLiveSocket(socketUrl, { origin, cookie: held.member.cookie });
    const ownerTab = openLiveSocket(socketUrl, { origin, cookie: owner.cookie });
    await Promise.all([tab.opened, ownerTab.opened]);
    await waitForLive(() => tab.events.find((event) => event.type === 'ready'));
    const closed = new Promise<number>((resolve) => tab.socket.once('close', (code) => resolve(code)));

    const removed = await owner.call(teamContract.remove, { params: { id: held.member.user.id } });
    expect(removed.statusCode, removed.error?.error).toBe(204);

    expect(await waitForLive(() => tab.events.find((event) => event.type === 'session.ended'))).toEqual({
      type: 'session.ended',
    });
    expect(await closed).toBe(SESSION_ENDED_CLOSE_CODE);
    await expectAccessEnded(held);
    const [audit] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'company_member.removed'), eq(auditLogs.targetId, held.member.user.id)));
    expect(audit).toMatchObject({
      actorId: owner.user.id,
      details: {
        company_id: companyId,
        role: 'hiring_manager',
        sessions: 1,
        api_tokens: 1,
        calendar_feed: true,
        conversations_left: 1,
        hiring_teams_left: 1,
        meetings_left: 1,
        booking_links_closed: 1,
      },
    });
    // The owner's tab heard nothing of it and stays open.
    expect(ownerTab.events.some((event) => event.type === 'session.ended')).toBe(false);
    expect(ownerTab.socket.readyState).toBe(ownerTab.socket.OPEN);
    ownerTab.socket.close();
  });

  it('ends the same when a member leaves, audited as their own act', async () => {
    const owner = await signedInAccount(testApp, { role: 'company' });
    const companyId = await companyIdOf(testApp, owner.user.id);
    const held = await memberWithAccess(owner, companyId);
    const tab = openLiveSocket(socketUrl, { origin, cookie: held.member.cookie });
    await tab.opened;
    const closed = new Promise<number>((resolve) => tab.socket.once('close', (code) => resolve(code)));

    const left = await held.member.call(teamContract.leave);
    expect(left.statusCode, left.error?.error).toBe(204);
    expect(await closed).toBe(SESSION_ENDED_CLOSE_CODE);
    await expectAccessEnded(held);
    const [audit] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'company_member.left'), eq(auditLogs.actorId, held.member.user.id)));
    expect(audit).toMatchObject({ targetId: companyId, details: { role: 'hiring_manager', sessions: 1 } });
  });
});
