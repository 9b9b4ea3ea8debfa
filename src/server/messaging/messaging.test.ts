import { createHmac } from 'node:crypto';
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueryOf } from '~/shared/contract';
import { applicationsContract } from '~/shared/contracts/applications';
import { companiesContract } from '~/shared/contracts/companies';
import { messagingContract } from '~/shared/contracts/messaging';
import {
  ATTACHMENT_MAX_BYTES,
  messagingTexts,
  type SendMessageInput,
  type StartConversationInput,
} from '~/shared/messaging';
import { companies, companyMembers, messages, notifications } from '../db/schema';
import { SESSION_COOKIE } from '../platform/auth-context';
import { buildAccount, buildSession } from '../seed/factories';
import { buildApplication, buildJob } from '../seed/job-factories';
import { callerFrom, signedInAccount } from '../testing/auth-helpers';
import { openReadyLiveTab, waitForLive } from '../testing/live-test-sockets';
import { createTestApp, type TestApp } from '../testing/test-app';

type Account = Awaited<ReturnType<typeof signedInAccount>>;

// Messages: who may read and write, the order and the cursors, idempotent sends, read
// receipts and unread counts, attachments, and live delivery to the other side's sockets.
describe('messaging', () => {
  let testApp: TestApp;
  let dataDirectory: string;
  let company: Account;
  let colleague: Account;
  let otherCompany: Account;
  let applicant: Account;
  let stranger: Account;
  let admin: Account;
  let companyId: string;
  let origin: string;

  beforeAll(async () => {
    dataDirectory = await fs.mkdtemp(path.join(os.tmpdir(), 'tandem-messaging-'));
    testApp = await createTestApp({ env: { DATA_DIR: dataDirectory } });
    await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    origin = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
    company = await signedInAccount(testApp, { role: 'company', name: 'Rita Recruiter', companyName: 'Acme Corp' });
    companyId = await companyIdOf(company);
    colleague = await signedInAccount(testApp, { role: 'company', name: 'Colin Colleague' });
    otherCompany = await signedInAccount(testApp, { role: 'company', companyName: 'Other Corp' });
    applicant = await signedInAccount(testApp, { role: 'applicant', name: 'Ada Lovelace' });
    stranger = await signedInAccount(testApp, { role: 'applicant', name: 'Sam Stranger' });
    admin = await signedInAccount(testApp, { role: 'admin', name: 'Alex Admin', twoFactorExempt: true });
    // The applicant's application gives the company dealings with them: it may write to them.
    const job = await buildJob(testApp.database.db, { companyId });
    await buildApplication(testApp.database.db, { jobId: job.id, applicantId: applicant.user.id });
  });
  afterAll(async () => {
    await testApp.close();
    await fs.rm(dataDirectory, { recursive: true, force: true });
  });

  const db = () => testApp.database.db;
  const start = (account: Account, body: StartConversationInput) => account.call(messagingContract.start, { body });
  const send = (account: Account, conversationId: string, body: string, clientId: string = crypto.randomUUID()) =>
    account.call(messagingContract.send, { params: { id: conversationId }, body: { client_id: clientId, body } });
  const messagesOf = async (
    account: Account,
    conversationId: string,
    query: QueryOf<typeof messagingContract.messages> = {},
  ) => (await account.call(messagingContract.messages, { params: { id: conversationId }, query })).body;
  const unreadOf = async (account: Account) => (await account.call(messagingContract.unreadCount)).body.unread_count;
  const listOf = async (account: Account, query: QueryOf<typeof messagingContract.list> = {}) =>
    (await account.call(messagingContract.list, { query })).body;
  const markRead = (account: Account, conversationId: string, seq: number) =>
    account.call(messagingContract.markRead, { params: { id: conversationId }, body: { seq } });
  const detailOf = async (account: Account, conversationId: string) =>
    (await account.call(messagingContract.get, { params: { id: conversationId } })).body;
  const companyIdOf = async (account: Account) => (await account.call(companiesContract.profile)).body.id;

  async function newConversation() {
    const someone = await buildAccount(db(), { role: 'applicant', password: null });
    const job = await buildJob(db(), { companyId });
    await buildApplication(db(), { jobId: job.id, applicantId: someone.user.id });
    const response = await start(company, { applicant_id: someone.user.id });
    return { applicantId: someone.user.id, conversation: response.body };
  }

  describe('starting a conversation', () => {
    it('opens the company’s conversation with an applicant once, about their application', async () => {
      // A company and an applicant of its own: the other tests open conversations between the shared two, and
      // add a member to the company, whom a new conversation would include.
      const recruiter = await signedInAccount(testApp, { role: 'company', name: 'Rita Recruiter' });
      const recruiterCompanyId = await companyIdOf(recruiter);
      const ada = await signedInAccount(testApp, { role: 'applicant', name: 'Ada Lovelace' });
      const job = await buildJob(db(), { companyId: recruiterCompanyId, title: 'Analytical Engineer' });
      const applicationId = (await buildApplication(db(), { jobId: job.id, applicantId: ada.user.id })).id;
      const first = await start(recruiter, { applicant_id: ada.user.id, application_id: applicationId });
      expect(first.statusCode).toBe(201);
      const conversation = first.body;
      expect(conversation).toMatchObject({
        kind: 'direct',
        title: 'Ada Lovelace',
        counterpart: { id: ada.user.id, name: 'Ada Lovelace', role: 'applicant' },
        last_message: null,
        unread_count: 0,
        last_seq: 0,
        application_id: applicationId,
        context: { application_id: applicationId, job_title: 'Analytical Engineer' },
      });
      expect(conversation.members.map((member) => member.id).sort()).toEqual([recruiter.user.id, ada.user.id].sort());

      const again = await start(recruiter, { applicant_id: ada.user.id });
      expect(again.statusCode).toBe(200);
      expect(again.body.id).toBe(conversation.id);
    });

    it('refuses applicants it has no dealings with who are not listed, and other companies’ applications', async () => {
      const unknown = await start(company, { applicant_id: stranger.user.id });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.error?.error).toBe(messagingTexts.applicantNotFound);

      const otherCompanyId = await companyIdOf(otherCompany);
      const otherJob = await buildJob(db(), { companyId: otherCompanyId });
      const otherApplication = await buildApplication(db(), { jobId: otherJob.id, applicantId: applicant.user.id });
      const foreign = await start(company, { applicant_id: applicant.user.id, application_id: otherApplication.id });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.error?.error).toBe(messagingTexts.applicationNotFound);
    });

    it('lets only companies start one: an applicant answers', async () => {
      const response = await start(applicant, { applicant_id: stranger.user.id });
      expect(response.statusCode).toBe(403);
    });
  });

  describe('reading and writing', () => {
    it('orders messages by seq, pages back, and catches up after a cursor', async () => {
      const { conversation } = await newConversation();
      for (let index = 1; index <= 7; index++) {
        const response = await send(company, conversation.id, `Message ${index}`);
        expect(response.statusCode).toBe(201);
        expect(response.body.seq).toBe(index);
      }
      const latest = await messagesOf(company, conversation.id, { limit: 3 });
      expect(latest.items.map((message) => message.body)).toEqual(['Message 5', 'Message 6', 'Message 7']);
      expect(latest.has_more).toBe(true);
      const older = await messagesOf(company, conversation.id, { limit: 3, before_seq: 5 });
      expect(older.items.map((message) => message.seq)).toEqual([2, 3, 4]);
      expect(older.has_more).toBe(true);
      const oldest = await messagesOf(company, conversation.id, { limit: 3, before_seq: 2 });
      expect(oldest).toMatchObject({ items: [{ seq: 1 }], has_more: false });
      const caughtUp = await messagesOf(company, conversation.id, { limit: 4, after_seq: 2 });
      expect(caughtUp.items.map((message) => message.seq)).toEqual([3, 4, 5, 6]);
      expect(caughtUp.has_more).toBe(true);
      expect((await messagesOf(company, conversation.id, { after_seq: 7 })).items).toEqual([]);

      const both = await company.call(messagingContract.messages, {
        params: { id: conversation.id },
        query: { after_seq: 1, before_seq: 3 },
      });
      expect(both.statusCode).toBe(400);
      expect(both.error?.error).toBe(messagingTexts.cursorConflict);
    });

    it('stores a retried send once and answers it with the stored message', async () => {
      const { conversation } = await newConversation();
      const clientId = crypto.randomUUID();
      const first = await send(company, conversation.id, '  Hello there  ', clientId);
      expect(first.statusCode).toBe(201);
      const message = first.body;
      expect(message).toMatchObject({
        conversation_id: conversation.id,
        seq: 1,
        body: 'Hello there',
        client_id: clientId,
        sender: { id: company.user.id, name: 'Rita Recruiter' },
        attachment: null,
      });
      const retried = await send(company, conversation.id, 'Hello there', clientId);
      expect(retried.statusCode).toBe(200);
      expect(retried.body).toEqual(message);
      const raced = await Promise.all([1, 2, 3].map(() => send(company, conversation.id, 'Once', 'same-id')));
      expect(raced.map((response) => response.statusCode).sort()).toEqual([200, 200, 201]);
      const stored = await db().select().from(messages).where(eq(messages.conversationId, conversation.id));
      expect(stored).toHaveLength(2);
    });

    it('refuses an empty or an overlong message with a sentence', async () => {
      const { conversation } = await newConversation();
      const empty = await send(company, conversation.id, '   ');
      expect(empty.statusCode).toBe(400);
      expect(empty.error?.error).toBe(messagingTexts.bodyRequired);
      const long = await send(company, conversation.id, 'x'.repeat(5001));
      expect(long.statusCode).toBe(400);
      expect(long.error?.error).toContain(messagingTexts.bodyTooLong);
    });

    it('shows a conversation only to those it is open to, and 404 to everyone else', async () => {
      const { conversation, applicantId } = await newConversation();
      await send(company, conversation.id, 'Only for us');
      for (const outsider of [otherCompany, stranger, admin]) {
        const params = { id: conversation.id };
        for (const [endpoint, call] of [
          [messagingContract.get, () => outsider.call(messagingContract.get, { params })],
          [messagingContract.messages, () => outsider.call(messagingContract.messages, { params })],
          [
            messagingContract.send,
            () => outsider.call(messagingContract.send, { params, body: { client_id: 'x', body: 'Hi' } }),
          ],
          [messagingContract.markRead, () => outsider.call(messagingContract.markRead, { params, body: { seq: 1 } })],
        ] as const) {
          const response = await call();
          expect(response.statusCode, `${endpoint.method} ${endpoint.path}`).toBe(404);
          expect(response.error?.error).toBe(messagingTexts.conversationNotFound);
        }
        expect((await listOf(outsider)).items.some((item) => item.id === conversation.id)).toBe(false);
      }

      // Someone who joins the company later reads the company's conversations, and joins in by reading.
      await db().update(companyMembers).set({ companyId }).where(eq(companyMembers.userId, colleague.user.id));
      expect((await messagesOf(colleague, conversation.id)).items).toHaveLength(1);
      await markRead(colleague, conversation.id, 1);
      const detail = await detailOf(company, conversation.id);
      expect(detail.members.find((member) => member.id === colleague.user.id)?.last_read_seq).toBe(1);
      expect(detail.members.some((member) => member.id === applicantId)).toBe(true);
    });
  });

  describe('unread counts and read receipts', () => {
    it('counts what the other side wrote until it is read, and shows how far each member read', async () => {
      const conversation = (await start(company, { applicant_id: applicant.user.id })).body;
      const before = await unreadOf(applicant);
      await send(company, conversation.id, 'First question');
      const second = (await send(company, conversation.id, 'Second question')).body;
      expect(await unreadOf(applicant)).toBe(before + 2);
      const row = (await listOf(applicant)).items.find((item) => item.id === conversation.id);
      expect(row).toMatchObject({
        title: 'Acme Corp',
        counterpart: { id: company.user.id, name: 'Rita Recruiter', role: 'company' },
        unread_count: 2,
        last_message: { body: 'Second question', sender_name: 'Rita Recruiter', has_attachment: false },
      });
      // The sender has read their own messages.
      expect((await listOf(company)).items.find((item) => item.id === conversation.id)?.unread_count).toBe(0);

      const read = await markRead(applicant, conversation.id, second.seq);
      expect(read.body).toEqual({ conversation_id: conversation.id, last_read_seq: second.seq });
      expect(await unreadOf(applicant)).toBe(before);
      // Never back, never past the last message.
      const back = await markRead(applicant, conversation.id, 1);
      expect(back.body.last_read_seq).toBe(second.seq);
      const past = await markRead(applicant, conversation.id, 10_000);
      expect(past.body.last_read_seq).toBe(second.seq);
      const detail = await detailOf(company, conversation.id);
      expect(detail.members.find((member) => member.id === applicant.user.id)?.last_read_seq).toBe(second.seq);
    });

    it('finds conversations by name, company and message text, the latest activity first', async () => {
      // An applicant of its own, written to (an empty conversation does not show on their side), who finds the
      // conversation by the company's name below; the shared applicant's unread counts stay as they were.
      const asker = await signedInAccount(testApp, { role: 'applicant' });
      await buildApplication(db(), { jobId: (await buildJob(db(), { companyId })).id, applicantId: asker.user.id });
      const own = (await start(company, { applicant_id: asker.user.id })).body;
      expect((await send(company, own.id, 'Hello again')).statusCode).toBe(201);
      const quiet = await newConversation();
      const busy = await newConversation();
      await send(company, quiet.conversation.id, 'About the quarterly zeppelin report');
      await send(company, busy.conversation.id, 'Something else entirely');
      const all = await listOf(company);
      expect(all.items[0]?.id).toBe(busy.conversation.id);
      const found = await listOf(company, { q: 'zeppelin' });
      expect(found.items.map((item) => item.id)).toEqual([quiet.conversation.id]);
      expect(found.total).toBe(1);
      // Two letters have no trigram: found without the indexes, the same way.
      const short = await listOf(company, { q: 'ep', page_size: 50 });
      expect(short.items.map((item) => item.id)).toContain(quiet.conversation.id);
      // Past the last page of a search the total still counts its matches.
      expect(await listOf(company, { q: 'zeppelin', page: 2 })).toMatchObject({ items: [], total: 1, page: 2 });
      const byName = await listOf(company, { q: asker.user.name });
      expect(byName.items.map((item) => item.id)).toContain(own.id);
      const paged = await listOf(company, { page: 2, page_size: 1 });
      expect(paged.items.map((item) => item.id)).toEqual([all.items[1]?.id]);
      expect(paged.total).toBe(all.total);
      expect((await listOf(asker, { q: 'acme' })).items.length).toBeGreaterThan(0);
      expect((await listOf(company, { q: '100%' })).total).toBe(0);
    });

    it('gives the applicant dashboard the messages written to them', async () => {
      const conversation = (await start(company, { applicant_id: applicant.user.id })).body;
      await send(company, conversation.id, 'Can you start on Monday?');
      await send(applicant, conversation.id, 'Yes, I can.');
      const recent = (await applicant.call(applicationsContract.messages, { query: { page_size: 5 } })).body;
      expect(recent.items[0]).toMatchObject({
        from: 'Rita Recruiter, Acme Corp',
        message: 'Can you start on Monday?',
        conversation_id: conversation.id,
      });
      expect(recent.items.some((item) => item.message === 'Yes, I can.')).toBe(false);
    });
  });

  describe('attachments', () => {
    // The bytes as the body, their type and name in headers: more than the contract's types describe (a file
    // body is a Blob there, and X-File-Name is not declared), so sent unchecked; the answer is still parsed.
    const upload = (account: Account, conversationId: string, content: Buffer, type: string, name: string) =>
      account.callUnchecked(messagingContract.uploadAttachment, {
        params: { id: conversationId },
        headers: { 'content-type': type, 'x-file-name': encodeURIComponent(name) },
        body: content,
      });
    const sendWith = (conversationId: string, body: SendMessageInput) =>
      company.call(messagingContract.send, { params: { id: conversationId }, body });

    it('sends a file with a message, for the conversation’s members only to download, once', async () => {
      const { conversation } = await newConversation();
      const uploaded = await upload(company, conversation.id, Buffer.from('Contract terms'), 'text/plain', 'terms.txt');
      expect(uploaded.statusCode).toBe(201);
      expect(uploaded.body).toMatchObject({ name: 'terms.txt', content_type: 'text/plain', size: 14 });
      const attachmentId = uploaded.body.id;
      const sent = await sendWith(conversation.id, { client_id: 'with-file', body: '', attachment_id: attachmentId });
      expect(sent.statusCode).toBe(201);
      const message = sent.body;
      expect(message.attachment).toMatchObject({ name: 'terms.txt', content_type: 'text/plain', size: 14 });
      const download = await company.request({ method: 'GET', url: message.attachment?.url ?? '' });
      expect(download.statusCode).toBe(200);
      expect(download.body).toBe('Contract terms');
      expect(download.headers['content-disposition']).toContain("filename*=UTF-8''terms.txt");
      expect(download.headers['x-content-type-options']).toBe('nosniff');
      expect((await otherCompany.request({ method: 'GET', url: message.attachment?.url ?? '' })).statusCode).toBe(404);
      const malformed = await company.call(messagingContract.attachment, {
        params: { id: conversation.id, message_id: 'not-a-message' },
      });
      expect(malformed.statusCode).toBe(404);
      expect(malformed.error?.error).toBe(messagingTexts.attachmentNotFound);

      const reused = await sendWith(conversation.id, {
        client_id: 'again',
        body: 'Again',
        attachment_id: attachmentId,
      });
      expect(reused.statusCode).toBe(409);
      expect(reused.error?.error).toBe(messagingTexts.attachmentExpired);
      const forged = await sendWith(conversation.id, {
        client_id: 'forged',
        body: 'Forged',
        attachment_id: `${attachmentId.split('.')[0]}.AAAA`,
      });
      expect(forged.statusCode).toBe(400);
      // Uploaded through an instance with another SESSION_SECRET: the answer says why it cannot be sent here.
      const [payload = ''] = attachmentId.split('.');
      const otherKeys = `${payload}.${createHmac('sha256', 'another instance key').update(payload).digest('base64url')}`;
      const elsewhere = await sendWith(conversation.id, {
        client_id: 'elsewhere',
        body: 'From elsewhere',
        attachment_id: otherKeys,
      });
      expect(elsewhere.statusCode).toBe(400);
      expect(elsewhere.error?.error).toBe(messagingTexts.attachmentUnverified);
    });

    it('refuses files of other types, empty files and files over 10 MB with sentences', async () => {
      const { conversation } = await newConversation();
      const html = await upload(company, conversation.id, Buffer.from('<script>'), 'text/html', 'page.html');
      expect(html.statusCode).toBe(415);
      expect(html.error?.error).toBe(messagingTexts.attachmentType);
      const empty = await upload(company, conversation.id, Buffer.alloc(0), 'application/pdf', 'empty.pdf');
      expect(empty.statusCode).toBe(400);
      const large = await upload(
        company,
        conversation.id,
        Buffer.alloc(ATTACHMENT_MAX_BYTES + 1),
        'application/pdf',
        'large.pdf',
      );
      expect(large.statusCode).toBe(413);
      expect(large.error?.error).toBe(messagingTexts.attachmentTooLarge);
      const foreign = await upload(otherCompany, conversation.id, Buffer.from('x'), 'text/plain', 'x.txt');
      expect(foreign.statusCode).toBe(404);
    });
  });

  describe('support and the account manager', () => {
    it('lets a person ask the staff, any administrator answer, and nobody else read it', async () => {
      const opened = await applicant.call(messagingContract.openSupport);
      expect(opened.statusCode).toBe(201);
      const support = opened.body;
      expect(support).toMatchObject({ kind: 'support', title: messagingTexts.supportTitle, counterpart: null });
      expect((await applicant.call(messagingContract.openSupport)).body.id).toBe(support.id);
      await send(applicant, support.id, 'I cannot upload my photo.');
      const inbox = await listOf(admin);
      expect(inbox.items.find((item) => item.id === support.id)).toMatchObject({
        title: 'Ada Lovelace',
        unread_count: 1,
      });
      expect((await send(admin, support.id, 'Let us look into it.')).statusCode).toBe(201);
      // The staff share one inbox: what one administrator read is read for the others.
      const otherAdmin = await signedInAccount(testApp, { role: 'admin', twoFactorExempt: true });
      expect((await listOf(otherAdmin)).items.find((item) => item.id === support.id)?.unread_count).toBe(0);
      expect(await unreadOf(admin)).toBe(0);
      expect(await unreadOf(otherAdmin)).toBe(0);
      for (const outsider of [stranger, company]) {
        expect((await outsider.call(messagingContract.get, { params: { id: support.id } })).statusCode).toBe(404);
      }
    });

    it('opens the company’s conversation with its account manager once one is assigned', async () => {
      const none = await company.call(messagingContract.openAccountManager);
      expect(none.statusCode).toBe(409);
      expect(none.error?.error).toBe(messagingTexts.noAccountManager);

      const manager = await signedInAccount(testApp, { role: 'account_manager', name: 'Morgan Manager' });
      await db().update(companies).set({ accountManagerId: manager.user.id }).where(eq(companies.id, companyId));
      const opened = await company.call(messagingContract.openAccountManager);
      expect(opened.statusCode).toBe(201);
      const conversation = opened.body;
      expect(conversation).toMatchObject({
        kind: 'account_manager',
        title: 'Morgan Manager (Account Manager)',
        counterpart: { id: manager.user.id, role: 'account_manager' },
      });
      await send(company, conversation.id, 'Can we talk about next quarter?');
      const managerView = (await listOf(manager)).items.find((item) => item.id === conversation.id);
      expect(managerView).toMatchObject({ title: 'Acme Corp', unread_count: 1 });
      expect((await send(manager, conversation.id, 'Of course.')).statusCode).toBe(201);
      const otherManager = await signedInAccount(testApp, { role: 'account_manager' });
      expect((await otherManager.call(messagingContract.get, { params: { id: conversation.id } })).statusCode).toBe(
        404,
      );
      await db().update(companies).set({ accountManagerId: null }).where(eq(companies.id, companyId));
    });
  });

  describe('live', () => {
    const openSocket = (account: Account) => openReadyLiveTab(origin, account.cookie);
    const waitFor = <T>(read: () => T | undefined) => waitForLive(read, 3000);

    it('delivers a new message, read receipts and typing to the other side’s open tabs', async () => {
      const { conversation } = await newConversation();
      const [applicantTab, companyTab, outsiderTab] = await Promise.all([
        openSocket(applicant),
        openSocket(company),
        openSocket(otherCompany),
      ]);
      // The applicant of newConversation() is someone else: make this one the conversation's applicant.
      const own = (await start(company, { applicant_id: applicant.user.id })).body;

      const sent = (await send(company, own.id, 'Are you there?')).body;
      const delivered = await waitFor(() =>
        applicantTab.events.find(
          (event) => event.type === 'message.created' && event.message && event.seq === sent.seq,
        ),
      );
      expect(delivered).toEqual({ type: 'message.created', conversation_id: own.id, seq: sent.seq, message: sent });
      // The sender's other tabs hear of it too.
      await waitFor(() => companyTab.events.find((event) => event.type === 'message.created'));

      await markRead(applicant, own.id, sent.seq);
      expect(await waitFor(() => companyTab.events.find((event) => event.type === 'conversation.read'))).toEqual({
        type: 'conversation.read',
        conversation_id: own.id,
        user_id: applicant.user.id,
        last_read_seq: sent.seq,
      });

      companyTab.socket.send(JSON.stringify({ type: 'typing', conversation_id: own.id }));
      expect(await waitFor(() => applicantTab.events.find((event) => event.type === 'typing'))).toEqual({
        type: 'typing',
        conversation_id: own.id,
        user_id: company.user.id,
        name: 'Rita Recruiter',
      });
      // Someone outside the conversation can neither hear nor fake it.
      outsiderTab.socket.send(JSON.stringify({ type: 'typing', conversation_id: conversation.id }));
      await send(company, conversation.id, 'Not for the outsider');
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(outsiderTab.events.some((event) => event.type === 'message.created' || event.type === 'typing')).toBe(
        false,
      );
      expect(companyTab.events.filter((event) => event.type === 'typing')).toEqual([]);
      for (const tab of [applicantTab, companyTab, outsiderTab]) tab.socket.close();
    });

    it('tells a person who is away, once per conversation until they read the notification', async () => {
      const { conversation, applicantId } = await newConversation();
      await send(company, conversation.id, 'Hello while you are away');
      await send(company, conversation.id, 'And again');
      const told = await db()
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, applicantId), eq(notifications.type, 'message_received')));
      expect(told).toHaveLength(1);
      expect(told[0]).toMatchObject({
        title: 'New message from Rita Recruiter',
        body: 'Hello while you are away',
        link: `/applicant/messages?conversation=${conversation.id}`,
      });
      // Reading the conversation clears its notification; the next message while away tells them again.
      const applicantSession = await buildSession(db(), applicantId);
      const reader = await callerFrom(testApp, { cookie: `${SESSION_COOKIE}=${applicantSession.token}` }).call(
        messagingContract.markRead,
        { params: { id: conversation.id }, body: { seq: 2 } },
      );
      expect(reader.statusCode).toBe(200);
      const [cleared] = await db()
        .select()
        .from(notifications)
        .where(eq(notifications.id, told[0]?.id ?? ''));
      expect(cleared?.readAt).not.toBeNull();
      await send(company, conversation.id, 'A third one');
      const again = await db()
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, applicantId), eq(notifications.type, 'message_received')));
      expect(again).toHaveLength(2);
    });
  });
});
