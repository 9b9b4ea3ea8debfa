import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCompaniesContract } from '~/shared/contracts/admin-companies';
import { companiesContract } from '~/shared/contracts/companies';
import { messagingContract } from '~/shared/contracts/messaging';
import { LIVE_SOCKET_PATH } from '~/shared/live-events';
import { conversationMembers } from '../db/schema';
import { buildApplication, buildJob } from '../seed/job-factories';
import { signedInAccount } from '../testing/auth-helpers';
import { openLiveSocket, waitForLive } from '../testing/live-test-sockets';
import { createTestApp, type TestApp } from '../testing/test-app';
import { buildAssignment } from '../testing/work-factories';

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
    companyId = (await company.call(companiesContract.profile)).body.id;
  });
  afterAll(async () => {
    await testApp.close();
  });

  const assign = async (accountManagerId: string | null) => {
    const response = await admin.call(adminCompaniesContract.assignAccountManager, {
      params: { id: companyId },
      body: { accountManagerId },
    });
    expect(response.statusCode, response.error?.error).toBe(200);
  };
  const send = (account: Account, conversationId: string, body: string) =>
    account.call(messagingContract.send, {
      params: { id: conversationId },
      body: { client_id: crypto.randomUUID(), body },
    });

  it('can no longer read, write or hear the conversation', async () => {
    const former = await signedInAccount(testApp, { role: 'account_manager', name: 'Fern Former' });
    const successor = await signedInAccount(testApp, { role: 'account_manager', name: 'Sol Successor' });
    await assign(former.user.id);
    const conversation = (await company.call(messagingContract.openAccountManager)).body;
    expect((await send(company, conversation.id, 'Hello Fern')).statusCode).toBe(201);
    // The manager reads and answers: a member now, with a read cursor of their own.
    expect((await former.call(messagingContract.get, { params: { id: conversation.id } })).statusCode).toBe(200);
    expect((await send(former, conversation.id, 'Hello Relay')).statusCode).toBe(201);
    const formerTab = openLiveSocket(`${origin.replace('http', 'ws')}${LIVE_SOCKET_PATH}`, {
      origin,
      cookie: former.cookie,
    });
    await formerTab.opened;
    await waitForLive(() => formerTab.events.find((event) => event.type === 'ready'));

    await assign(successor.user.id);

    for (const endpoint of [messagingContract.get, messagingContract.messages]) {
      expect((await former.call(endpoint, { params: { id: conversation.id } })).statusCode, endpoint.path).toBe(404);
    }
    expect((await send(former, conversation.id, 'Still here?')).statusCode).toBe(404);
    const list = (await former.call(messagingContract.list)).body;
    expect(list.items.map((item) => item.id)).not.toContain(conversation.id);
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

// Billing has no pipeline (decision 032): of the company's conversations with people, a Billing member reads,
// writes in and hears only those with the talent the company hired; the others' candidates are not its business.
describe('a Billing member and the company’s conversations with people', () => {
  let testApp: TestApp;
  let origin: string;
  let owner: Account;
  let billing: Account;
  let companyId: string;

  beforeAll(async () => {
    testApp = await createTestApp();
    await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    origin = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
    owner = await signedInAccount(testApp, { role: 'company', companyName: 'Ledger Ltd' });
    companyId = (await owner.call(companiesContract.profile)).body.id;
    billing = await signedInAccount(testApp, { role: 'company', company: { id: companyId, role: 'billing' } });
  });
  afterAll(async () => {
    await testApp.close();
  });

  // The owner messages an applicant to one of the company's jobs.
  const startWith = async (applicant: Account) => {
    const job = await buildJob(testApp.database.db, { companyId });
    await buildApplication(testApp.database.db, { jobId: job.id, applicantId: applicant.user.id, status: 'submitted' });
    const response = await owner.call(messagingContract.start, { body: { applicant_id: applicant.user.id } });
    expect(response.statusCode, response.error?.error).toBe(201);
    const conversation = response.body;
    const sent = await owner.call(messagingContract.send, {
      params: { id: conversation.id },
      body: { client_id: crypto.randomUUID(), body: `Hello ${applicant.user.name}` },
    });
    expect(sent.statusCode, sent.error?.error).toBe(201);
    return conversation;
  };

  it('reads and writes only the conversations with hired talent, and hears nothing of a candidate’s', async () => {
    const candidate = await signedInAccount(testApp, { role: 'applicant', name: 'Cara Candidate' });
    const hired = await signedInAccount(testApp, { role: 'applicant', name: 'Hal Hired' });
    await buildAssignment(testApp.database.db, { companyId, applicantId: hired.user.id, startDate: '2026-11-02' });
    const withCandidate = await startWith(candidate);
    const withHired = await startWith(hired);
    const tab = openLiveSocket(`${origin.replace('http', 'ws')}${LIVE_SOCKET_PATH}`, {
      origin,
      cookie: billing.cookie,
    });
    await tab.opened;
    await waitForLive(() => tab.events.find((event) => event.type === 'ready'));

    const listed = (await billing.call(messagingContract.list)).body;
    expect(listed.items.map((item) => item.id)).toEqual([withHired.id]);
    for (const endpoint of [messagingContract.get, messagingContract.messages]) {
      expect((await billing.call(endpoint, { params: { id: withCandidate.id } })).statusCode, endpoint.path).toBe(404);
    }
    const refused = await billing.call(messagingContract.send, {
      params: { id: withCandidate.id },
      body: { client_id: crypto.randomUUID(), body: 'About your invoice' },
    });
    expect(refused.statusCode).toBe(404);
    expect((await billing.call(messagingContract.get, { params: { id: withHired.id } })).statusCode).toBe(200);
    const answered = await billing.call(messagingContract.send, {
      params: { id: withHired.id },
      body: { client_id: crypto.randomUUID(), body: 'Your first invoice is out' },
    });
    expect(answered.statusCode, answered.error?.error).toBe(201);

    // Live: the hired talent's next message reaches the Billing tab; the candidate's does not, nor their typing.
    for (const [applicant, conversation] of [
      [candidate, withCandidate],
      [hired, withHired],
    ] as const) {
      const sent = await applicant.call(messagingContract.send, {
        params: { id: conversation.id },
        body: { client_id: crypto.randomUUID(), body: 'Thanks' },
      });
      expect(sent.statusCode, sent.error?.error).toBe(201);
    }
    await waitForLive(() =>
      tab.events.find((event) => event.type === 'message.created' && event.conversation_id === withHired.id),
    );
    const candidateTab = openLiveSocket(`${origin.replace('http', 'ws')}${LIVE_SOCKET_PATH}`, {
      origin,
      cookie: candidate.cookie,
    });
    await candidateTab.opened;
    await waitForLive(() => candidateTab.events.find((event) => event.type === 'ready'));
    candidateTab.socket.send(JSON.stringify({ type: 'typing', conversation_id: withCandidate.id }));
    // Billing's own typing there is dropped too.
    tab.socket.send(JSON.stringify({ type: 'typing', conversation_id: withCandidate.id }));
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(
      tab.events.filter((event) => 'conversation_id' in event && event.conversation_id === withCandidate.id),
    ).toEqual([]);
    expect(candidateTab.events.filter((event) => event.type === 'typing')).toEqual([]);
    tab.socket.close();
    candidateTab.socket.close();
  });
});
