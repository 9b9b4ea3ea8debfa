import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationStatus } from '~/shared/applications';
import { messageTemplatesContract } from '~/shared/contracts/message-templates';
import {
  BULK_MESSAGE_MAX,
  type ColumnMessageInput,
  fillTemplate,
  firstNameOf,
  type MessageTemplateInput,
  messageTemplateTexts,
  unknownPlaceholderMessage,
  unknownPlaceholders,
} from '~/shared/message-templates';
import type { CompanyRole } from '~/shared/permissions';
import { auditLogs, conversations, messages } from '../db/schema';
import { buildApplication, buildJob } from '../seed/job-factories';
import { companyIdOf, signedInColleague } from '../testing/assessment-helpers';
import { signedInAccount } from '../testing/auth-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';

type Account = Awaited<ReturnType<typeof signedInAccount>>;

// Message templates (issue 32 item 4): the company's CRUD with its placeholders refused when unknown,
// who may read and write them, a stage email filled for its candidate, and a message to a whole column of
// a job's board that reaches exactly that column.
describe('message templates', () => {
  let testApp: TestApp;
  let owner: Account;
  let companyId: string;

  beforeAll(async () => {
    testApp = await createTestApp();
    owner = await signedInAccount(testApp, { role: 'company', name: 'Olive Owner', companyName: 'Acme Robotics' });
    companyId = await companyIdOf(testApp, owner.user.id);
  });
  afterAll(async () => {
    await testApp.close();
  });

  const db = () => testApp.database.db;
  const create = (account: Account, body: MessageTemplateInput) =>
    account.call(messageTemplatesContract.create, { body });
  const list = (account: Account, query: { q?: string; page?: number; page_size?: number } = {}) =>
    account.call(messageTemplatesContract.list, { query });
  const update = (account: Account, id: string, body: MessageTemplateInput) =>
    account.call(messageTemplatesContract.update, { params: { id }, body });
  const remove = (account: Account, id: string) => account.call(messageTemplatesContract.remove, { params: { id } });
  const colleague = (role: CompanyRole) => signedInColleague(testApp, companyId, role);

  // The messages in the company's conversation with an applicant, oldest first.
  async function messagesTo(applicantId: string, ofCompany = companyId) {
    const rows = await db()
      .select({ body: messages.body, seq: messages.seq })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(and(eq(conversations.companyId, ofCompany), eq(conversations.userId, applicantId)));
    return rows.sort((first, second) => first.seq - second.seq).map((row) => row.body);
  }

  describe('placeholders', () => {
    it('fills ours and names the ones it does not know', () => {
      const values = { first_name: 'Ada', job_title: 'Engineer', company_name: 'Acme' };
      expect(fillTemplate('Hi {{first_name}}, the {{ job_title }} role at {{company_name}}.', values)).toBe(
        'Hi Ada, the Engineer role at Acme.',
      );
      expect(unknownPlaceholders('Hi {{name}} and {{ name }}, {{first_name}} {{salary}}')).toEqual([
        '{{name}}',
        '{{salary}}',
      ]);
      expect(firstNameOf('  Grace   Brewster Hopper ')).toBe('Grace');
      expect(firstNameOf('Cher')).toBe('Cher');
    });
  });

  describe('the company’s templates', () => {
    it('are written, listed a page at a time, changed and deleted, each change audited', async () => {
      const created = await create(owner, { name: 'Interview invite', body: 'Hi {{first_name}}, let’s talk.' });
      expect(created.statusCode).toBe(201);
      const template = created.body;
      expect(template).toMatchObject({
        name: 'Interview invite',
        body: 'Hi {{first_name}}, let’s talk.',
        created_by_name: 'Olive Owner',
      });
      await create(owner, { name: 'Another', body: 'Thanks for applying to {{job_title}}.' });
      await create(owner, { name: 'Bye', body: 'Thank you from {{company_name}}.' });

      const firstPage = (await list(owner, { page_size: 2 })).body;
      expect(firstPage).toMatchObject({ total: 3, page: 1, page_size: 2 });
      expect(firstPage.items.map((item) => item.name)).toEqual(['Another', 'Bye']);
      const secondPage = (await list(owner, { page_size: 2, page: 2 })).body;
      expect(secondPage.items.map((item) => item.name)).toEqual(['Interview invite']);
      expect((await list(owner, { q: 'invite' })).body.total).toBe(1);

      const updated = await update(owner, template.id, { name: 'Interview', body: 'Hello {{first_name}}' });
      expect(updated.statusCode).toBe(200);
      expect(updated.body).toMatchObject({ id: template.id, name: 'Interview', body: 'Hello {{first_name}}' });

      const removed = await owner.call(messageTemplatesContract.remove, { params: { id: template.id } });
      expect(removed.statusCode).toBe(204);
      expect((await list(owner)).body.total).toBe(2);

      const audited = await db()
        .select({ action: auditLogs.action, actorId: auditLogs.actorId })
        .from(auditLogs)
        .where(eq(auditLogs.targetId, template.id));
      expect(audited.map((row) => row.action).sort()).toEqual([
        'message_template.created',
        'message_template.deleted',
        'message_template.updated',
      ]);
      expect(audited.every((row) => row.actorId === owner.user.id)).toBe(true);
    });

    it('refuses an unknown placeholder, an empty name and an empty body with field errors', async () => {
      const unknown = await create(owner, { name: 'Oops', body: 'Hi {{name}}, about {{salary}}' });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.error?.fields).toEqual({ body: unknownPlaceholderMessage(['{{name}}', '{{salary}}']) });
      expect(unknown.error?.fields?.body).toBe(
        'Unknown placeholders {{name}}, {{salary}}: use {{first_name}}, {{job_title}}, {{company_name}}.',
      );

      const empty = await create(owner, { name: '  ', body: '' });
      expect(empty.statusCode).toBe(400);
      expect(empty.error?.fields).toEqual({
        name: messageTemplateTexts.nameRequired,
        body: messageTemplateTexts.bodyRequired,
      });
    });

    it('belong to their company: another company reads none and cannot change one', async () => {
      const template = (await create(owner, { name: 'Ours', body: 'Hi' })).body;
      const stranger = await signedInAccount(testApp, { role: 'company' });
      expect((await list(stranger)).body.total).toBe(0);
      const changed = await update(stranger, template.id, { name: 'Theirs', body: 'Hi' });
      expect(changed.statusCode).toBe(404);
      expect(changed.error?.error).toBe(messageTemplateTexts.notFound);
      const deleted = await remove(stranger, template.id);
      expect(deleted.statusCode).toBe(404);
    });

    it('are written by the hiring roles, read by a Viewer, and out of a Billing member’s reach', async () => {
      const hiringManager = await colleague('hiring_manager');
      expect((await create(hiringManager, { name: 'By the hiring manager', body: 'Hi' })).statusCode).toBe(201);
      const admin = await colleague('admin');
      expect((await create(admin, { name: 'By the admin', body: 'Hi' })).statusCode).toBe(201);

      const viewer = await colleague('viewer');
      expect((await list(viewer)).statusCode).toBe(200);
      expect((await create(viewer, { name: 'By the viewer', body: 'Hi' })).statusCode).toBe(403);
      const someTemplate = (await list(viewer)).body.items[0];
      const viewerDelete = await remove(viewer, someTemplate?.id ?? '');
      expect(viewerDelete.statusCode).toBe(403);

      const billing = await colleague('billing');
      expect((await list(billing)).statusCode).toBe(403);
      expect((await create(billing, { name: 'By billing', body: 'Hi' })).statusCode).toBe(403);
    });
  });

  describe('a stage email to one candidate', () => {
    it('goes into the company’s conversation with them, placeholders filled', async () => {
      const job = await buildJob(db(), { companyId, title: 'Robot Whisperer' });
      const application = await buildApplication(db(), {
        jobId: job.id,
        status: 'interviewing',
        applicantName: 'Grace Hopper',
      });
      const sent = await owner.call(messageTemplatesContract.messageApplication, {
        params: { id: application.id },
        body: {
          body: 'Hi {{first_name}}, thanks for applying to {{job_title}} at {{company_name}}.',
          client_id: randomUUID(),
        },
      });
      expect(sent.statusCode).toBe(200);
      expect(await messagesTo(application.applicantId)).toEqual([
        'Hi Grace, thanks for applying to Robot Whisperer at Acme Robotics.',
      ]);

      const unknown = await owner.call(messageTemplatesContract.messageApplication, {
        params: { id: application.id },
        body: { body: 'Hi {{nickname}}', client_id: randomUUID() },
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.error?.fields?.body).toBe(unknownPlaceholderMessage(['{{nickname}}']));

      const viewer = await colleague('viewer');
      const refused = await viewer.call(messageTemplatesContract.messageApplication, {
        params: { id: application.id },
        body: { body: 'Hi', client_id: randomUUID() },
      });
      expect(refused.statusCode).toBe(403);
    });
  });

  describe('a message to a column of the board', () => {
    it('reaches exactly the candidates in that stage and filter, once each, and is audited', async () => {
      const job = await buildJob(db(), { companyId, title: 'Board Job' });
      const otherJob = await buildJob(db(), { companyId, title: 'Other Job' });
      const apply = (status: ApplicationStatus, applicantName: string, jobId = job.id) =>
        buildApplication(db(), { jobId, status, applicantName });
      const ada = await apply('interviewing', 'Ada Lovelace');
      const alan = await apply('interviewing', 'Alan Turing');
      const annie = await apply('interviewing', 'Annie Easley');
      const shortlisted = await apply('shortlisted', 'Sam Short');
      const elsewhere = await apply('interviewing', 'Olga Other', otherJob.id);

      const body = 'Hello {{first_name}}, next step for {{job_title}}.';
      const clientId = randomUUID();
      const send = (message: ColumnMessageInput, account = owner) =>
        account.call(messageTemplatesContract.messageColumn, { params: { id: job.id }, body: message });
      const response = await send({ status: 'interviewing', body, client_id: clientId });
      expect(response.statusCode).toBe(200);
      expect(response.body).toEqual({ sent: 3, skipped: 0 });
      expect(await messagesTo(ada.applicantId)).toEqual(['Hello Ada, next step for Board Job.']);
      expect(await messagesTo(alan.applicantId)).toEqual(['Hello Alan, next step for Board Job.']);
      expect(await messagesTo(annie.applicantId)).toEqual(['Hello Annie, next step for Board Job.']);
      expect(await messagesTo(shortlisted.applicantId)).toEqual([]);
      expect(await messagesTo(elsewhere.applicantId)).toEqual([]);

      // The same send again (a retry) stores nothing new.
      expect((await send({ status: 'interviewing', body, client_id: clientId })).body).toEqual({
        sent: 3,
        skipped: 0,
      });
      expect(await messagesTo(ada.applicantId)).toHaveLength(1);

      // The board's filters narrow the column on the server too.
      const narrowed = await send({ status: 'interviewing', q: 'alan', body: 'Just you', client_id: randomUUID() });
      expect(narrowed.body).toEqual({ sent: 1, skipped: 0 });
      expect(await messagesTo(alan.applicantId)).toEqual(['Hello Alan, next step for Board Job.', 'Just you']);
      expect(await messagesTo(ada.applicantId)).toHaveLength(1);

      // The first send's row: the narrowed send wrote one too, and rows come in no order unless asked.
      const [audit] = await db()
        .select({ details: auditLogs.details, actorId: auditLogs.actorId })
        .from(auditLogs)
        .where(and(eq(auditLogs.action, 'message.bulk_sent'), eq(auditLogs.targetId, job.id)))
        .orderBy(asc(auditLogs.createdAt));
      expect(audit?.actorId).toBe(owner.user.id);
      expect(audit?.details).toMatchObject({ status: 'interviewing', sent: 3, skipped: 0 });

      const empty = await send({ status: 'hired', body, client_id: randomUUID() });
      expect(empty.statusCode).toBe(409);
      expect(empty.error?.error).toBe(messageTemplateTexts.emptyColumn);

      const stranger = await signedInAccount(testApp, { role: 'company' });
      expect((await send({ status: 'interviewing', body, client_id: randomUUID() }, stranger)).statusCode).toBe(404);
      for (const role of ['viewer', 'billing'] as const) {
        const refused = await send({ status: 'interviewing', body, client_id: randomUUID() }, await colleague(role));
        expect(refused.statusCode, role).toBe(403);
      }
    });

    it(`refuses a column of more than ${BULK_MESSAGE_MAX} candidates with a sentence`, async () => {
      const job = await buildJob(db(), { companyId, title: 'Crowded Job' });
      for (let index = 0; index <= BULK_MESSAGE_MAX; index += 1) {
        await buildApplication(db(), { jobId: job.id, status: 'submitted' });
      }
      const response = await owner.call(messageTemplatesContract.messageColumn, {
        params: { id: job.id },
        body: { status: 'submitted', body: 'Hi {{first_name}}', client_id: randomUUID() },
      });
      expect(response.statusCode).toBe(409);
      expect(response.error?.error).toBe(messageTemplateTexts.tooMany(BULK_MESSAGE_MAX + 1));
    });
  });
});
