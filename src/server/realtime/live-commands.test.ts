import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformContract } from '~/shared/contracts/platform';
import { LIVE_SOCKET_PATH, SESSION_ENDED_CLOSE_CODE } from '~/shared/live-events';
import type { ConversationDetail } from '~/shared/messaging';
import { sessions } from '../db/schema';
import { COMMAND_BURST, POLICY_VIOLATION_CLOSE_CODE } from '../platform/live-hub';
import { signedInAccount } from '../testing/auth-helpers';
import { callContract } from '../testing/contract-client';
import { startCompanyConversation } from '../testing/conversation-helpers';
import { openLiveSocket, waitForLive } from '../testing/live-test-sockets';
import { createTestApp, type TestApp } from '../testing/test-app';

type Account = Awaited<ReturnType<typeof signedInAccount>>;

// What a live socket may do, and for how long: commands at a person's pace, presence of the people one
// deals with, and a session that still stands (idle timeout and ADMIN_EMAILS included).
describe('live socket limits', () => {
  let testApp: TestApp;
  let origin: string;
  let company: Account;
  let applicant: Account;
  let conversation: ConversationDetail;

  beforeAll(async () => {
    testApp = await createTestApp({ env: { LIVE_SESSION_RECHECK_MS: '200' } });
    await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    origin = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
    company = await signedInAccount(testApp, { role: 'company', name: 'Cara Company' });
    applicant = await signedInAccount(testApp, { role: 'applicant', name: 'Abe Applicant' });
    conversation = await startCompanyConversation(testApp, company, applicant.user.id);
  });
  afterAll(async () => {
    await testApp.close();
  });

  async function openTab(account: Account) {
    const tab = openLiveSocket(`${origin.replace('http', 'ws')}${LIVE_SOCKET_PATH}`, {
      origin,
      cookie: account.cookie,
    });
    await tab.opened;
    await waitForLive(() => tab.events.find((event) => event.type === 'ready'));
    const closed = new Promise<number>((resolve) => tab.socket.once('close', (code) => resolve(code)));
    return { ...tab, closed };
  }

  it('drops commands past a person’s pace, and closes a tab that floods', async () => {
    const [flooding, listening] = await Promise.all([openTab(company), openTab(applicant)]);
    const frame = JSON.stringify({ type: 'typing', conversation_id: conversation.id });
    for (let sent = 0; sent < 3_000; sent++) flooding.socket.send(frame);
    expect(await flooding.closed).toBe(POLICY_VIOLATION_CLOSE_CODE);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const relayed = listening.events.filter((event) => event.type === 'typing').length;
    expect(relayed).toBeGreaterThan(0);
    expect(relayed).toBeLessThanOrEqual(COMMAND_BURST + 2);
    // The server went on answering meanwhile.
    const health = await callContract((options) => testApp.app.inject(options), platformContract.health);
    expect(health.statusCode).toBe(200);
    listening.socket.close();
  });

  it('shows the presence of people one shares a conversation with, and of nobody else', async () => {
    const admin = await signedInAccount(testApp, { role: 'admin', twoFactorExempt: true });
    const stranger = await signedInAccount(testApp, { role: 'applicant' });
    const [adminTab, companyTab] = await Promise.all([openTab(admin), openTab(company)]);
    const watching = await openTab(stranger);
    watching.socket.send(
      JSON.stringify({ type: 'watch_presence', user_ids: [admin.user.id, company.user.id, applicant.user.id] }),
    );
    const applicantWatching = await openTab(applicant);
    applicantWatching.socket.send(
      JSON.stringify({ type: 'watch_presence', user_ids: [company.user.id, admin.user.id] }),
    );
    // The applicant hears of the company they talk with…
    await waitForLive(() =>
      applicantWatching.events.find(
        (event) => event.type === 'presence' && event.user_id === company.user.id && event.online,
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 150));
    // …and nobody hears of the administrator, or of people they have no dealings with.
    expect(
      applicantWatching.events.filter((event) => event.type === 'presence' && event.user_id === admin.user.id),
    ).toEqual([]);
    expect(watching.events.filter((event) => event.type === 'presence')).toEqual([]);
    adminTab.socket.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(watching.events.filter((event) => event.type === 'presence')).toEqual([]);
    for (const tab of [companyTab, watching, applicantWatching]) tab.socket.close();
  });

  it('closes the tab of a session left idle past the timeout', async () => {
    const person = await signedInAccount(testApp, { role: 'applicant' });
    const tab = await openTab(person);
    const { session_timeout_minutes } = await testApp.app.appContext.settings.get();
    await testApp.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - (session_timeout_minutes + 1) * 60_000) })
      .where(eq(sessions.id, person.sessionId));
    expect(await tab.closed).toBe(SESSION_ENDED_CLOSE_CODE);
  });

  it('closes the tab of an administrator taken off ADMIN_EMAILS', async () => {
    const admin = await signedInAccount(testApp, { role: 'admin', twoFactorExempt: true });
    const tab = await openTab(admin);
    testApp.config.adminEmails.splice(testApp.config.adminEmails.indexOf(admin.user.email), 1);
    expect(await tab.closed).toBe(SESSION_ENDED_CLOSE_CODE);
  });
});
