import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_SOCKET_PATH } from '~/shared/live-events';
import type { ConversationDetail } from '~/shared/messaging';
import { conversationMembers } from '../db/schema';
import { signedInAccount } from '../testing/auth-helpers';
import { openLiveSocket, waitForLive } from '../testing/live-test-sockets';
import { createTestApp, type TestApp } from '../testing/test-app';

type Account = Awaited<ReturnType<typeof signedInAccount>>;

// Access to a relationship's conversation follows the relationship as it stands now: an account manager
// unassigned from a company loses its conversation — reading, writing and live events — at once.
describe('an account manager taken off a company', () => {
  let testApp: TestApp;
  let origin: string;
  let admin: Account;
  let company: Account;
  let companyId: string;
  const db = () => testApp.database.db;

  beforeAll(async () => {
    testApp = await createTestApp();
    await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    origin = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
    admin = await signedInAccount(testApp, { role: 'admin', twoFactorExempt: true });
    company = await signedInAccount(testApp, { role: 'company', companyName: 'Relay Ltd' });
    companyId = (await company.request({ method: 'GET', url: '/api/company' })).json().id;
  });
  afterAll(async () => {
    await testApp.close();
  });

  const assign = async (accountManagerId: string | null) => {
    const response = await admin.request({
      method: 'PUT',
      url: `/api/admin/companies/${companyId}/account-manager`,
      payload: { accountManagerId },
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const send = (account: Account, conversationId: string, body: string) =>
    account.request({
      method: 'POST',
      url: `/api/conversations/${conversationId}/messages`,
      payload: { client_id: crypto.randomUUID(), body },
    });

  it('can no longer read, write or hear the conversation', async () => {
    const former = await signedInAccount(testApp, { role: 'account_manager', name: 'Fern Former' });
    const successor = await signedInAccount(testApp, { role: 'account_manager', name: 'Sol Successor' });
    await assign(former.user.id);
    const conversation = (
      await company.request({ method: 'POST', url: '/api/conversations/account-manager' })
    ).json() as ConversationDetail;
    expect((await send(company, conversation.id, 'Hello Fern')).statusCode).toBe(201);
    // The manager reads and answers: a member now, with a read cursor of their own.
    expect((await former.request({ method: 'GET', url: `/api/conversations/${conversation.id}` })).statusCode).toBe(
      200,
    );
    expect((await send(former, conversation.id, 'Hello Relay')).statusCode).toBe(201);
    const formerTab = openLiveSocket(`${origin.replace('http', 'ws')}${LIVE_SOCKET_PATH}`, {
      origin,
      cookie: former.cookie,
    });
    await formerTab.opened;
    await waitForLive(() => formerTab.events.find((event) => event.type === 'ready'));

    await assign(successor.user.id);

    for (const url of [`/api/conversations/${conversation.id}`, `/api/conversations/${conversation.id}/messages`]) {
      expect((await former.request({ method: 'GET', url })).statusCode, url).toBe(404);
    }
    expect((await send(former, conversation.id, 'Still here?')).statusCode).toBe(404);
    const list = (await former.request({ method: 'GET', url: '/api/conversations' })).json();
    expect(list.items.map((item: { id: string }) => item.id)).not.toContain(conversation.id);
    // Off the member list too, so no digest of unread messages reaches them.
    const members = await db()
      .select({ userId: conversationMembers.userId })
      .from(conversationMembers)
      .where(eq(conversationMembers.conversationId, conversation.id));
    expect(members.map((member) => member.userId)).not.toContain(former.user.id);

    // The successor has it, and the former manager hears nothing of what is said next.
    expect((await send(company, conversation.id, 'Meet Sol')).statusCode).toBe(201);
    expect((await send(successor, conversation.id, 'Hello, I am Sol')).statusCode).toBe(201);
    formerTab.socket.send(JSON.stringify({ type: 'typing', conversation_id: conversation.id }));
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(formerTab.events.filter((event) => event.type === 'message.created' || event.type === 'typing')).toEqual([]);
    formerTab.socket.close();
  });
});
