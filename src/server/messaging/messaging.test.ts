import { createHmac } from 'node:crypto';
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicantMessageList } from '~/shared/applications';
import {
  ATTACHMENT_MAX_BYTES,
  type ConversationDetail,
  type ConversationList,
  type Message,
  type MessageList,
  messagingTexts,
} from '~/shared/messaging';
import { companies, companyMembers, messages, notifications } from '../db/schema';
import { SESSION_COOKIE } from '../platform/auth-context';
import { buildAccount, buildSession } from '../seed/factories';
import { buildApplication, buildJob } from '../seed/job-factories';
import { sameOriginHeaders, signedInAccount } from '../testing/auth-helpers';
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
    companyId = (await company.request({ method: 'GET', url: '/api/company' })).json().id;
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
  const start = (account: Account, body: object) =>
    account.request({ method: 'POST', url: '/api/conversations', payload: body });
  const send = (account: Account, conversationId: string, body: string, clientId: string = crypto.randomUUID()) =>
    account.request({
      method: 'POST',
      url: `/api/conversations/${conversationId}/messages`,
      payload: { client_id: clientId, body },
    });
  const messagesOf = async (account: Account, conversationId: string, query = '') =>
    (
      await account.request({ method: 'GET', url: `/api/conversations/${conversationId}/messages${query}` })
    ).json() as MessageList;
  const unreadOf = async (account: Account) =>
    (await account.request({ method: 'GET', url: '/api/conversations/unread-count' })).json().unread_count as number;
  const listOf = async (account: Account, query = '') =>
    (await account.request({ method: 'GET', url: `/api/conversations${query}` })).json() as ConversationList;

  async function newConversation() {
    const someone = await buildAccount(db(), { role: 'applicant', password: null });
    const job = await buildJob(db(), { companyId });
    await buildApplication(db(), { jobId: job.id, applicantId: someone.user.id });
    const response = await start(company, { applicant_id: someone.user.id });
    return { applicantId: someone.user.id, conversation: response.json() as ConversationDetail };
  }

  describe('starting a conversation', () => {
    it('opens the company’s conversation with an applicant once, about their application', async () => {
      // A company and an applicant of its own: the other tests open conversations between the shared two, and
      // add a member to the company, whom a new conversation would include.
      const recruiter = await signedInAccount(testApp, { role: 'company', name: 'Rita Recruiter' });
      const recruiterCompanyId = (await recruiter.request({ method: 'GET', url: '/api/company' })).json().id;
      const ada = await signedInAccount(testApp, { role: 'applicant', name: 'Ada Lovelace' });
      const job = await buildJob(db(), { companyId: recruiterCompanyId, title: 'Analytical Engineer' });
      const applicationId = (await buildApplication(db(), { jobId: job.id, applicantId: ada.user.id })).id;
      const first = await start(recruiter, { applicant_id: ada.user.id, application_id: applicationId });
      expect(first.statusCode).toBe(201);
      const conversation = first.json() as ConversationDetail;
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
      expect(again.json().id).toBe(conversation.id);
    });

    it('refuses applicants it has no dealings with who are not listed, and other companies’ applications', async () => {
      const unknown = await start(company, { applicant_id: stranger.user.id });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error).toBe(messagingTexts.applicantNotFound);

      const otherCompanyId = (await otherCompany.request({ method: 'GET', url: '/api/company' })).json().id;
      const otherJob = await buildJob(db(), { companyId: otherCompanyId });
      const otherApplication = await buildApplication(db(), { jobId: otherJob.id, applicantId: applicant.user.id });
      const foreign = await start(company, { applicant_id: applicant.user.id, application_id: otherApplication.id });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().error).toBe(messagingTexts.applicationNotFound);
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
        expect(response.json().seq).toBe(index);
      }
      const latest = await messagesOf(company, conversation.id, '?limit=3');
      expect(latest.items.map((message) => message.body)).toEqual(['Message 5', 'Message 6', 'Message 7']);
      expect(latest.has_more).toBe(true);
      const older = await messagesOf(company, conversation.id, '?limit=3&before_seq=5');
      expect(older.items.map((message) => message.seq)).toEqual([2, 3, 4]);
      expect(older.has_more).toBe(true);
      const oldest = await messagesOf(company, conversation.id, '?limit=3&before_seq=2');
      expect(oldest).toMatchObject({ items: [{ seq: 1 }], has_more: false });
      const caughtUp = await messagesOf(company, conversation.id, '?limit=4&after_seq=2');
      expect(caughtUp.items.map((message) => message.seq)).toEqual([3, 4, 5, 6]);
      expect(caughtUp.has_more).toBe(true);
      expect((await messagesOf(company, conversation.id, '?after_seq=7')).items).toEqual([]);

      const both = await company.request({
        method: 'GET',
        url: `/api/conversations/${conversation.id}/messages?after_seq=1&before_seq=3`,
      });
      expect(both.statusCode).toBe(400);
      expect(both.json().error).toBe(messagingTexts.cursorConflict);
    });

    it('stores a retried send once and answers it with the stored message', async () => {
      const { conversation } = await newConversation();
      const clientId = crypto.randomUUID();
      const first = await send(company, conversation.id, '  Hello there  ', clientId);
      expect(first.statusCode).toBe(201);
      const message = first.json() as Message;
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
      expect(retried.json()).toEqual(message);
      const raced = await Promise.all([1, 2, 3].map(() => send(company, conversation.id, 'Once', 'same-id')));
      expect(raced.map((response) => response.statusCode).sort()).toEqual([200, 200, 201]);
      const stored = await db().select().from(messages).where(eq(messages.conversationId, conversation.id));
      expect(stored).toHaveLength(2);
    });

    it('refuses an empty or an overlong message with a sentence', async () => {
      const { conversation } = await newConversation();
      const empty = await send(company, conversation.id, '   ');
      expect(empty.statusCode).toBe(400);
      expect(empty.json().error).toBe(messagingTexts.bodyRequired);
      const long = await send(company, conversation.id, 'x'.repeat(5001));
      expect(long.statusCode).toBe(400);
      expect(long.json().error).toContain(messagingTexts.bodyTooLong);
    });

    it('shows a conversation only to those it is open to, and 404 to everyone else', async () => {
      const { conversation, applicantId } = await newConversation();
      await send(company, conversation.id, 'Only for us');
      for (const outsider of [otherCompany, stranger, admin]) {
        for (const request of [
          { method: 'GET' as const, url: `/api/conversations/${conversation.id}` },
          { method: 'GET' as const, url: `/api/conversations/${conversation.id}/messages` },
          {
            method: 'POST' as const,
            url: `/api/conversations/${conversation.id}/messages`,
            payload: { client_id: 'x', body: 'Hi' },
          },
          { method: 'POST' as const, url: `/api/conversations/${conversation.id}/read`, payload: { seq: 1 } },
        ]) {
          const response = await outsider.request(request);
          expect(response.statusCode, `${request.method} ${request.url}`).toBe(404);
          expect(response.json().error).toBe(messagingTexts.conversationNotFound);
        }
        expect((await listOf(outsider)).items.some((item) => item.id === conversation.id)).toBe(false);
      }

      // Someone who joins the company later reads the company's conversations, and joins in by reading.
      await db().update(companyMembers).set({ companyId }).where(eq(companyMembers.userId, colleague.user.id));
      expect((await messagesOf(colleague, conversation.id)).items).toHaveLength(1);
      await colleague.request({
        method: 'POST',
        url: `/api/conversations/${conversation.id}/read`,
        payload: { seq: 1 },
      });
      const detail = (
        await company.request({ method: 'GET', url: `/api/conversations/${conversation.id}` })
      ).json() as ConversationDetail;
      expect(detail.members.find((member) => member.id === colleague.user.id)?.last_read_seq).toBe(1);
      expect(detail.members.some((member) => member.id === applicantId)).toBe(true);
    });
  });

  describe('unread counts and read receipts', () => {
    it('counts what the other side wrote until it is read, and shows how far each member read', async () => {
      const conversation = (await start(company, { applicant_id: applicant.user.id })).json() as ConversationDetail;
      const before = await unreadOf(applicant);
      await send(company, conversation.id, 'First question');
      const second = (await send(company, conversation.id, 'Second question')).json() as Message;
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

      const read = await applicant.request({
        method: 'POST',
        url: `/api/conversations/${conversation.id}/read`,
        payload: { seq: second.seq },
      });
      expect(read.json()).toEqual({ conversation_id: conversation.id, last_read_seq: second.seq });
      expect(await unreadOf(applicant)).toBe(before);
      // Never back, never past the last message.
      const back = await applicant.request({
        method: 'POST',
        url: `/api/conversations/${conversation.id}/read`,
        payload: { seq: 1 },
      });
      expect(back.json().last_read_seq).toBe(second.seq);
      const past = await applicant.request({
        method: 'POST',
        url: `/api/conversations/${conversation.id}/read`,
        payload: { seq: 10_000 },
      });
      expect(past.json().last_read_seq).toBe(second.seq);
      const detail = (
        await company.request({ method: 'GET', url: `/api/conversations/${conversation.id}` })
      ).json() as ConversationDetail;
      expect(detail.members.find((member) => member.id === applicant.user.id)?.last_read_seq).toBe(second.seq);
    });

    it('finds conversations by name, company and message text, the latest activity first', async () => {
      // An applicant of its own, written to (an empty conversation does not show on their side), who finds the
      // conversation by the company's name below; the shared applicant's unread counts stay as they were.
      const asker = await signedInAccount(testApp, { role: 'applicant' });
      await buildApplication(db(), { jobId: (await buildJob(db(), { companyId })).id, applicantId: asker.user.id });
      const own = (await start(company, { applicant_id: asker.user.id })).json() as ConversationDetail;
      expect((await send(company, own.id, 'Hello again')).statusCode).toBe(201);
      const quiet = await newConversation();
      const busy = await newConversation();
      await send(company, quiet.conversation.id, 'About the quarterly zeppelin report');
      await send(company, busy.conversation.id, 'Something else entirely');
      const all = await listOf(company);
      expect(all.items[0]?.id).toBe(busy.conversation.id);
      const found = await listOf(company, '?q=zeppelin');
      expect(found.items.map((item) => item.id)).toEqual([quiet.conversation.id]);
      expect(found.total).toBe(1);
      // Two letters have no trigram: found without the indexes, the same way.
      const short = await listOf(company, '?q=ep&page_size=50');
      expect(short.items.map((item) => item.id)).toContain(quiet.conversation.id);
      // Past the last page of a search the total still counts its matches.
      expect(await listOf(company, '?q=zeppelin&page=2')).toMatchObject({ items: [], total: 1, page: 2 });
      const byName = await listOf(company, `?q=${encodeURIComponent(asker.user.name)}`);
      expect(byName.items.map((item) => item.id)).toContain(own.id);
      const paged = await listOf(company, '?page=2&page_size=1');
      expect(paged.items.map((item) => item.id)).toEqual([all.items[1]?.id]);
      expect(paged.total).toBe(all.total);
      expect((await listOf(asker, '?q=acme')).items.length).toBeGreaterThan(0);
      expect((await listOf(company, '?q=100%25')).total).toBe(0);
    });

    it('gives the applicant dashboard the messages written to them', async () => {
      const conversation = (await start(company, { applicant_id: applicant.user.id })).json() as ConversationDetail;
      await send(company, conversation.id, 'Can you start on Monday?');
      await send(applicant, conversation.id, 'Yes, I can.');
      const recent = (
        await applicant.request({ method: 'GET', url: '/api/applicant/messages?page_size=5' })
      ).json() as ApplicantMessageList;
      expect(recent.items[0]).toMatchObject({
        from: 'Rita Recruiter, Acme Corp',
        message: 'Can you start on Monday?',
        conversation_id: conversation.id,
      });
      expect(recent.items.some((item) => item.message === 'Yes, I can.')).toBe(false);
    });
  });

  describe('attachments', () => {
    const upload = (account: Account, conversationId: string, content: Buffer, type: string, name: string) =>
      account.request({
        method: 'POST',
        url: `/api/conversations/${conversationId}/attachments`,
        headers: { 'content-type': type, 'x-file-name': encodeURIComponent(name) },
        payload: content,
      });

    it('sends a file with a message, for the conversation’s members only to download, once', async () => {
      const { conversation } = await newConversation();
      const uploaded = await upload(company, conversation.id, Buffer.from('Contract terms'), 'text/plain', 'terms.txt');
      expect(uploaded.statusCode).toBe(201);
      expect(uploaded.json()).toMatchObject({ name: 'terms.txt', content_type: 'text/plain', size: 14 });
      const attachmentId = uploaded.json().id as string;
      const sent = await company.request({
        method: 'POST',
        url: `/api/conversations/${conversation.id}/messages`,
        payload: { client_id: 'with-file', body: '', attachment_id: attachmentId },
      });
      expect(sent.statusCode).toBe(201);
      const message = sent.json() as Message;
      expect(message.attachment).toMatchObject({ name: 'terms.txt', content_type: 'text/plain', size: 14 });
      const download = await company.request({ method: 'GET', url: message.attachment?.url ?? '' });
      expect(download.statusCode).toBe(200);
      expect(download.body).toBe('Contract terms');
      expect(download.headers['content-disposition']).toContain("filename*=UTF-8''terms.txt");
      expect(download.headers['x-content-type-options']).toBe('nosniff');
      expect((await otherCompany.request({ method: 'GET', url: message.attachment?.url ?? '' })).statusCode).toBe(404);
      const malformed = await company.request({
        method: 'GET',
        url: `/api/conversations/${conversation.id}/attachments/not-a-message`,
      });
      expect(malformed.statusCode).toBe(404);
      expect(malformed.json().error).toBe(messagingTexts.attachmentNotFound);

      const reused = await company.request({
        method: 'POST',
        url: `/api/conversations/${conversation.id}/messages`,
        payload: { client_id: 'again', body: 'Again', attachment_id: attachmentId },
      });
      expect(reused.statusCode).toBe(409);
      expect(reused.json().error).toBe(messagingTexts.attachmentExpired);
      const forged = await company.request({
        method: 'POST',
        url: `/api/conversations/${conversation.id}/messages`,
        payload: { client_id: 'forged', body: 'Forged', attachment_id: `${attachmentId.split('.')[0]}.AAAA` },
      });
      expect(forged.statusCode).toBe(400);
      // Uploaded through an instance with another SESSION_SECRET: the answer says why it cannot be sent here.
      const [payload = ''] = attachmentId.split('.');
      const otherKeys = `${payload}.${createHmac('sha256', 'another instance key').update(payload).digest('base64url')}`;
      const elsewhere = await company.request({
        method: 'POST',
        url: `/api/conversations/${conversation.id}/messages`,
        payload: { client_id: 'elsewhere', body: 'From elsewhere', attachment_id: otherKeys },
      });
      expect(elsewhere.statusCode).toBe(400);
      expect(elsewhere.json().error).toBe(messagingTexts.attachmentUnverified);
    });

    it('refuses files of other types, empty files and files over 10 MB with sentences', async () => {
      const { conversation } = await newConversation();
      const html = await upload(company, conversation.id, Buffer.from('<script>'), 'text/html', 'page.html');
      expect(html.statusCode).toBe(415);
      expect(html.json().error).toBe(messagingTexts.attachmentType);
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
      expect(large.json().error).toBe(messagingTexts.attachmentTooLarge);
      const foreign = await upload(otherCompany, conversation.id, Buffer.from('x'), 'text/plain', 'x.txt');
      expect(foreign.statusCode).toBe(404);
    });
  });

  describe('support and the account manager', () => {
    it('lets a person ask the staff, any administrator answer, and nobody else read it', async () => {
      const opened = await applicant.request({ method: 'POST', url: '/api/conversations/support' });
      expect(opened.statusCode).toBe(201);
      const support = opened.json() as ConversationDetail;
      expect(support).toMatchObject({ kind: 'support', title: messagingTexts.supportTitle, counterpart: null });
      expect((await applicant.request({ method: 'POST', url: '/api/conversations/support' })).json().id).toBe(
        support.id,
      );
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
        expect((await outsider.request({ method: 'GET', url: `/api/conversations/${support.id}` })).statusCode).toBe(
          404,
        );
      }
    });

    it('opens the company’s conversation with its account manager once one is assigned', async () => {
      const none = await company.request({ method: 'POST', url: '/api/conversations/account-manager' });
      expect(none.statusCode).toBe(409);
      expect(none.json().error).toBe(messagingTexts.noAccountManager);

      const manager = await signedInAccount(testApp, { role: 'account_manager', name: 'Morgan Manager' });
      await db().update(companies).set({ accountManagerId: manager.user.id }).where(eq(companies.id, companyId));
      const opened = await company.request({ method: 'POST', url: '/api/conversations/account-manager' });
      expect(opened.statusCode).toBe(201);
      const conversation = opened.json() as ConversationDetail;
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
      expect(
        (await otherManager.request({ method: 'GET', url: `/api/conversations/${conversation.id}` })).statusCode,
      ).toBe(404);
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
      const own = (await start(company, { applicant_id: applicant.user.id })).json() as ConversationDetail;

      const sent = (await send(company, own.id, 'Are you there?')).json() as Message;
      const delivered = await waitFor(() =>
        applicantTab.events.find(
          (event) => event.type === 'message.created' && event.message && event.seq === sent.seq,
        ),
      );
      expect(delivered).toEqual({ type: 'message.created', conversation_id: own.id, seq: sent.seq, message: sent });
      // The sender's other tabs hear of it too.
      await waitFor(() => companyTab.events.find((event) => event.type === 'message.created'));

      await applicant.request({ method: 'POST', url: `/api/conversations/${own.id}/read`, payload: { seq: sent.seq } });
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
      const reader = await testApp.app.inject({
        method: 'POST',
        url: `/api/conversations/${conversation.id}/read`,
        headers: { ...sameOriginHeaders, cookie: `${SESSION_COOKIE}=${applicantSession.token}` },
        payload: { seq: 2 },
      });
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
