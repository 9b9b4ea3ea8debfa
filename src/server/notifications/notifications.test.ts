import type { AddressInfo } from 'node:net';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { NotificationType } from '~/shared/applications';
import type { BodyOf } from '~/shared/contract';
import { malformedIdMessage } from '~/shared/contract-schemas';
import { notificationsContract } from '~/shared/contracts/notifications';
import { LIVE_SOCKET_PATH, type LiveEvent } from '~/shared/live-events';
import { emailPreferenceTypesByRole, notificationTexts } from '~/shared/notifications';
import type { CompanyRole } from '~/shared/permissions';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { conversationMembers, conversations, emailOutbox, messages, notifications } from '../db/schema';
import { notify } from '../kernels/notices/notify';
import { companyIdOf, signedInColleague } from '../testing/assessment-helpers';
import { signedInAccount } from '../testing/auth-helpers';
import { callContract } from '../testing/contract-client';
import { createTestApp, type TestApp } from '../testing/test-app';
import { DIGEST_AFTER_MS, sendMessageDigests } from './send-message-digests';

type Account = Awaited<ReturnType<typeof signedInAccount>>;

const fast = { JOB_POLLING_SECONDS: '0.5' };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitUntil<T>(read: () => Promise<T | undefined> | T | undefined, timeoutMs = 10_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() - started > timeoutMs) throw new Error('timed out');
    await pause(50);
  }
}

// Notifications: the bell's API, live delivery only after commit, emails per preference,
// each once across two instances, and the digest of unread messages.
describe('notifications', () => {
  let testApp: TestApp;
  // A second instance on the same database: its own pool on PostgreSQL, the same handle on PGlite.
  let otherDatabase: DatabaseHandle;
  let otherApp: Awaited<ReturnType<typeof buildApp>>;
  const origins: string[] = [];
  const db = () => testApp.database.db;

  beforeAll(async () => {
    testApp = await createTestApp({ env: fast });
    const url = (testApp.database as DatabaseHandle & { url?: string }).url;
    otherDatabase = url ? await openDatabase({ url, poolSize: 2 }) : testApp.database;
    otherApp = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...fast }),
      secret: 'test-secret-that-is-at-least-32-characters-long',
      database: otherDatabase,
    });
    for (const app of [testApp.app, otherApp]) {
      await app.listen({ host: '127.0.0.1', port: 0 });
      origins.push(`127.0.0.1:${(app.server.address() as AddressInfo).port}`);
    }
  });
  afterAll(async () => {
    await otherApp.close();
    if (otherDatabase !== testApp.database) await otherDatabase.close();
    await testApp.close();
  });

  function openTab(account: Account, instance = 0) {
    const host = origins[instance];
    const socket = new WebSocket(`ws://${host}${LIVE_SOCKET_PATH}`, {
      headers: { origin: `http://${host}`, cookie: account.cookie },
    });
    const events: LiveEvent[] = [];
    socket.on('message', (data) => events.push(JSON.parse(String(data)) as LiveEvent));
    const ready = waitUntil(() => events.find((event) => event.type === 'ready'));
    return { socket, events, ready };
  }

  const tell = (
    userId: string,
    type: NotificationType = 'application_stage_changed',
    title = 'Your application moved',
  ) =>
    ({
      userId,
      type,
      title,
      body: `${title}: it is now with the hiring team.`,
      link: '/applicant/applications',
    }) as const;

  const savePreferences = (account: Account, body: BodyOf<typeof notificationsContract.updatePreferences>) =>
    account.call(notificationsContract.updatePreferences, { body });
  const markRead = (account: Account, id: string) => account.call(notificationsContract.markRead, { params: { id } });

  // Oldest first: a table without ORDER BY returns rows in whatever order its pages hold them.
  const outboxOf = (address: string) =>
    db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, address)).orderBy(asc(emailOutbox.createdAt));
  const handled = (userId: string) =>
    db()
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), sql`${notifications.emailHandledAt} is null`));
  // Every notification of the person had its email decided (and the queue had time to misbehave).
  async function emailsDecided(userId: string) {
    await waitUntil(async () => ((await handled(userId)).length === 0 ? true : undefined));
    await pause(1200);
  }

  describe('the bell’s API', () => {
    it('lists one’s own notifications newest first, a page at a time, with the unread count', async () => {
      const ada = await signedInAccount(testApp, { role: 'applicant' });
      const bob = await signedInAccount(testApp, { role: 'applicant' });
      for (let index = 1; index <= 3; index += 1) {
        await notify({ db: db(), items: tell(ada.user.id, 'application_stage_changed', `Update ${index}`) });
        await pause(5);
      }
      await notify({ db: db(), items: tell(bob.user.id) });

      const first = await ada.call(notificationsContract.list, { query: { page: 1, page_size: 2 } });
      expect(first.statusCode).toBe(200);
      const page = first.body;
      expect(page).toMatchObject({ total: 3, page: 1, page_size: 2, unread_count: 3 });
      expect(page.items.map((item) => item.title)).toEqual(['Update 3', 'Update 2']);
      expect(page.items[0]).toMatchObject({
        type: 'application_stage_changed',
        link: '/applicant/applications',
        read_at: null,
      });
      const second = (await ada.call(notificationsContract.list, { query: { page: 2, page_size: 2 } })).body;
      expect(second.items.map((item) => item.title)).toEqual(['Update 1']);

      const refused = await ada.call(notificationsContract.list, { query: { page_size: 500 } });
      expect(refused.statusCode).toBe(400);
      const visitor = await callContract((options) => testApp.app.inject(options), notificationsContract.list);
      expect(visitor.statusCode).toBe(401);
    });

    it('marks one read, then all, and never someone else’s', async () => {
      const ada = await signedInAccount(testApp, { role: 'company' });
      const eve = await signedInAccount(testApp, { role: 'company' });
      await notify({ db: db(), items: [tell(ada.user.id, 'application_received'), tell(ada.user.id, 'job_filled')] });
      const { items } = (await ada.call(notificationsContract.list)).body;
      const [newest, older] = items;
      if (!newest || !older) throw new Error('expected two notifications');

      const theft = await markRead(eve, newest.id);
      expect(theft.statusCode).toBe(404);
      expect(theft.error?.error).toBe(notificationTexts.notYours);
      const broken = await markRead(ada, 'not-an-id');
      expect(broken.statusCode).toBe(400);
      expect(broken.error?.error).toBe(malformedIdMessage('notification'));

      const one = await markRead(ada, newest.id);
      expect(one.body).toEqual({ unread_count: 1 });
      const again = await markRead(ada, newest.id);
      expect(again.body).toEqual({ unread_count: 1 });
      await notify({ db: db(), items: tell(eve.user.id, 'application_received') });
      const all = await ada.call(notificationsContract.markAllRead);
      expect(all.body).toEqual({ unread_count: 0 });
      const after = (await ada.call(notificationsContract.list)).body;
      expect(after.items.every((item) => item.read_at !== null)).toBe(true);
      // Eve's stays unread.
      expect((await eve.call(notificationsContract.list)).body.unread_count).toBe(1);
    });
  });

  describe('email preferences', () => {
    // A member is offered the kinds their company role may hear of (shared/notifications.ts
    // permissionToHearOf), and cannot switch on one it may not.
    it('offers each company role only the kinds it can receive', async () => {
      const owner = await signedInAccount(testApp, { role: 'company' });
      const companyId = await companyIdOf(testApp, owner.user.id);
      const offeredTo = async (role: CompanyRole) => {
        const member = await signedInColleague(testApp, companyId, role);
        const response = await member.call(notificationsContract.preferences);
        expect(response.statusCode).toBe(200);
        return response.body.preferences.map((preference) => preference.type);
      };
      expect(await offeredTo('owner')).toEqual(emailPreferenceTypesByRole.company);
      expect(await offeredTo('admin')).toEqual(emailPreferenceTypesByRole.company);
      expect(await offeredTo('billing')).toEqual(['message_received', 'timesheet_submitted', 'invoice_issued']);
      expect(await offeredTo('hiring_manager')).toEqual([
        'application_received',
        'application_withdrawn',
        'offer_declined',
        'job_filled',
        'test_submitted',
        'message_received',
        'meeting_responded',
        // Work handed in on a fixed price is theirs to approve.
        'milestone_changed',
        'note_mention',
        'hiring_team_added',
      ]);
      // A Viewer reads everything but approves no timesheet and no milestone's work.
      expect(await offeredTo('viewer')).toEqual(
        emailPreferenceTypesByRole.company.filter(
          (type) => type !== 'timesheet_submitted' && type !== 'milestone_changed',
        ),
      );

      const billing = await signedInColleague(testApp, companyId, 'billing');
      const refused = await savePreferences(billing, { preferences: [{ type: 'application_received', email: true }] });
      expect(refused.statusCode).toBe(400);
      expect(refused.error?.error).toBe('New applications are not sent to your kind of account.');
      const saved = await savePreferences(billing, { preferences: [{ type: 'invoice_issued', email: false }] });
      expect(saved.statusCode).toBe(200);
      expect(saved.body.preferences).toContainEqual({ type: 'invoice_issued', email: false });
    });

    it('lists the role’s kinds, all on until turned off, and refuses kinds the role never gets', async () => {
      const company = await signedInAccount(testApp, { role: 'company' });
      const initial = await company.call(notificationsContract.preferences);
      expect(initial.body.preferences).toEqual(
        emailPreferenceTypesByRole.company.map((type) => ({ type, email: true })),
      );

      const saved = await savePreferences(company, {
        preferences: [
          { type: 'application_received', email: false },
          { type: 'job_filled', email: false },
        ],
      });
      expect(saved.statusCode).toBe(200);
      const off = saved.body.preferences.filter((item) => !item.email);
      expect(off.map((item) => item.type)).toEqual(['application_received', 'job_filled']);
      const turnedBack = await savePreferences(company, { preferences: [{ type: 'job_filled', email: true }] });
      expect(turnedBack.body.preferences.filter((item) => !item.email)).toEqual([
        { type: 'application_received', email: false },
      ]);

      const wrongRole = await savePreferences(company, { preferences: [{ type: 'job_invitation', email: false }] });
      expect(wrongRole.statusCode).toBe(400);
      expect(wrongRole.error?.error).toBe('Job invitations are not sent to your kind of account.');
      // An unknown kind and a switch that is not a boolean, as a hand-written request sends them.
      const malformed = await company.callUnchecked(notificationsContract.updatePreferences, {
        body: { preferences: [{ type: 'nonsense', email: 'yes' }] },
      });
      expect(malformed.statusCode).toBe(400);
    });
  });

  describe('emails', () => {
    it('emails a notification once across two instances, with a link to the thing, when its kind is on', async () => {
      const ada = await signedInAccount(testApp, { role: 'applicant' });
      await notify({ db: db(), items: tell(ada.user.id, 'application_stage_changed', 'You are shortlisted') });
      await emailsDecided(ada.user.id);
      const emails = await outboxOf(ada.user.email);
      expect(emails).toHaveLength(1);
      expect(emails[0]?.subject).toBe('You are shortlisted');
      expect(emails[0]?.text).toContain(`${testApp.config.publicUrl}/applicant/applications`);
      expect(emails[0]?.text).toContain(`${testApp.config.publicUrl}/applicant/settings?tab=notifications`);
    });

    it('sends nothing for a kind turned off, nor for offers and meeting changes, whose own email always goes', async () => {
      const ada = await signedInAccount(testApp, { role: 'applicant' });
      await savePreferences(ada, { preferences: [{ type: 'test_assigned', email: false }] });
      await notify({
        db: db(),
        items: [
          tell(ada.user.id, 'test_assigned', 'A test for you'),
          tell(ada.user.id, 'offer_made', 'An offer'),
          // Their own email carries the calendar invitation (meetings/email-meeting-change.ts).
          tell(ada.user.id, 'meeting_invited', 'An interview'),
          tell(ada.user.id, 'meeting_rescheduled', 'Moved'),
          tell(ada.user.id, 'meeting_cancelled', 'Cancelled'),
        ],
      });
      await emailsDecided(ada.user.id);
      expect(await outboxOf(ada.user.email)).toEqual([]);
    });
  });

  describe('live delivery', () => {
    it('announces a notification after its transaction commits, once per tab, and nothing for a rollback', async () => {
      const ada = await signedInAccount(testApp, { role: 'applicant' });
      const tabs = [openTab(ada, 0), openTab(ada, 1)];
      await Promise.all(tabs.map((tab) => tab.ready));

      await db()
        .transaction(async (tx) => {
          await notify({ db: tx, items: tell(ada.user.id, 'application_stage_changed', 'Never happened') });
          tx.rollback();
        })
        .catch(() => undefined);
      await db().transaction(async (tx) => {
        await notify({ db: tx, items: tell(ada.user.id, 'application_stage_changed', 'Happened') });
        // Not before the commit.
        await pause(300);
        for (const tab of tabs) expect(tab.events.some((event) => event.type === 'notification.created')).toBe(false);
      });
      for (const tab of tabs) {
        const event = await waitUntil(() => tab.events.find((candidate) => candidate.type === 'notification.created'));
        expect(event).toMatchObject({ unread_count: 1, notification: { title: 'Happened', read_at: null } });
      }
      await emailsDecided(ada.user.id);
      for (const tab of tabs) {
        expect(tab.events.filter((event) => event.type === 'notification.created')).toHaveLength(1);
      }
      expect((await outboxOf(ada.user.email)).map((email) => email.subject)).toEqual(['Happened']);

      // Marking read tells the person's tabs (through the bus: across instances when Redis joins them).
      const { items } = (await ada.call(notificationsContract.list)).body;
      await markRead(ada, items[0]?.id ?? '');
      const sameInstance = tabs[0];
      expect(
        await waitUntil(() => sameInstance?.events.find((event) => event.type === 'notifications.unread')),
      ).toEqual({
        type: 'notifications.unread',
        unread_count: 0,
      });
      for (const tab of tabs) tab.socket.close();
    });
  });

  describe('the digest of unread messages', () => {
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

    async function conversationBetween(reader: Account, writer: Account) {
      const [conversation] = await db().insert(conversations).values({ kind: 'direct' }).returning();
      if (!conversation) throw new Error('no conversation');
      await db()
        .insert(conversationMembers)
        .values([
          { conversationId: conversation.id, userId: reader.user.id },
          { conversationId: conversation.id, userId: writer.user.id },
        ]);
      let seq = 0;
      return {
        id: conversation.id,
        async write(body: string, from: Account, createdAt: Date) {
          seq += 1;
          await db()
            .insert(messages)
            .values({
              conversationId: conversation.id,
              seq,
              senderId: from.user.id,
              clientId: `c${seq}`,
              body,
              createdAt,
            });
          await db()
            .update(conversations)
            .set({ lastSeq: seq, lastMessageAt: createdAt })
            .where(eq(conversations.id, conversation.id));
          return seq;
        },
        async readUpTo(reader: Account, upTo: number) {
          await db()
            .update(conversationMembers)
            .set({ lastReadSeq: upTo })
            .where(
              and(
                eq(conversationMembers.conversationId, conversation.id),
                eq(conversationMembers.userId, reader.user.id),
              ),
            );
        },
      };
    }
    const digest = () =>
      sendMessageDigests({ db: db(), mailer: testApp.app.appContext.mailer, publicUrl: testApp.config.publicUrl });

    it('emails each message left unread for 15 minutes once, and nothing for read or fresh ones', async () => {
      const applicant = await signedInAccount(testApp, { role: 'applicant' });
      const company = await signedInAccount(testApp, { role: 'company' });
      const chat = await conversationBetween(applicant, company);
      await chat.write('Are you free on Tuesday?', company, minutesAgo(40));
      await chat.write('Thursday works too.', company, minutesAgo(20));
      await chat.write('My own reply', applicant, minutesAgo(19));
      await chat.write('Just now', company, minutesAgo(1));

      await Promise.all([digest(), digest()]);
      const [email, ...others] = await outboxOf(applicant.user.email);
      expect(others).toEqual([]);
      expect(email?.subject).toBe('You have 2 unread messages on Tandem');
      expect(email?.text).toContain('Are you free on Tuesday?');
      expect(email?.text).toContain('Thursday works too.');
      expect(email?.text).not.toContain('Just now');
      expect(email?.text).not.toContain('My own reply');
      expect(email?.text).toContain(`${testApp.config.publicUrl}/applicant/messages?conversation=${chat.id}`);
      // Each side is told of the other's messages only.
      const [companyEmail, ...more] = await outboxOf(company.user.email);
      expect(more).toEqual([]);
      expect(companyEmail?.text).toContain('My own reply');
      expect(companyEmail?.text).not.toContain('Are you free on Tuesday?');

      // Later: the fresh message is now due, and only it.
      await sendMessageDigests({
        db: db(),
        mailer: testApp.app.appContext.mailer,
        publicUrl: testApp.config.publicUrl,
        now: new Date(Date.now() + DIGEST_AFTER_MS),
      });
      const subjects = (await outboxOf(applicant.user.email)).map((row) => row.subject);
      expect(subjects).toEqual(['You have 2 unread messages on Tandem', 'You have an unread message on Tandem']);
    });

    it('sends nothing once the messages are read, or when the person turned digests off', async () => {
      const reader = await signedInAccount(testApp, { role: 'company' });
      const writer = await signedInAccount(testApp, { role: 'applicant' });
      const chat = await conversationBetween(reader, writer);
      const seq = await chat.write('Hello there', writer, minutesAgo(30));
      await chat.readUpTo(reader, seq);
      await digest();
      expect(await outboxOf(reader.user.email)).toEqual([]);

      const quiet = await signedInAccount(testApp, { role: 'applicant' });
      await savePreferences(quiet, { preferences: [{ type: 'message_received', email: false }] });
      const other = await conversationBetween(quiet, writer);
      await other.write('Ping', writer, minutesAgo(30));
      await digest();
      expect(await outboxOf(quiet.user.email)).toEqual([]);
      const [membership] = await db()
        .select({ digestedSeq: conversationMembers.digestedSeq })
        .from(conversationMembers)
        .where(and(eq(conversationMembers.conversationId, other.id), eq(conversationMembers.userId, quiet.user.id)));
      expect(membership?.digestedSeq).toBe(1);
    });

    it('runs as the scheduled message-digest job on the queue', async () => {
      const applicant = await signedInAccount(testApp, { role: 'applicant' });
      const company = await signedInAccount(testApp, { role: 'company' });
      const chat = await conversationBetween(applicant, company);
      await chat.write('Queued hello', company, minutesAgo(16));
      await testApp.app.appContext.jobs.send('message-digest', {});
      const [email] = await waitUntil(async () => {
        const rows = await outboxOf(applicant.user.email);
        return rows.length > 0 ? rows : undefined;
      });
      expect(email?.text).toContain('Queued hello');
      const schedules = (await db().execute(
        sql`select cron from pgboss.schedule where name = 'message-digest'`,
      )) as unknown as {
        rows: Array<{ cron: string }>;
      };
      expect(schedules.rows).toHaveLength(1);
    });
  });
});
