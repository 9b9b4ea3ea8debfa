import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BodyOf } from '~/shared/contract';
import { pipelineContract } from '~/shared/contracts/pipeline';
import { hiringTeamTexts } from '~/shared/hiring-team';
import { namesWithAt } from '~/shared/pipeline';
import { auditLogs, notifications } from '../db/schema';
import { buildApplication } from '../seed/job-factories';
import { signedInAccount } from '../testing/auth-helpers';
import { companyAccount, jobWith, uniqueWord } from '../testing/job-board-test-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';

type Account = Awaited<ReturnType<typeof signedInAccount>>;

// @mentions in private notes: each colleague named who may read the pipeline is told, the note keeps its
// author, shows whom it mentions, and a mention of anyone else is refused with a sentence.
describe('@mentions in private notes', () => {
  let testApp: TestApp;
  let author: Awaited<ReturnType<typeof companyAccount>>;
  let colleague: Account;
  let billing: Account;
  let stranger: Awaited<ReturnType<typeof companyAccount>>;

  beforeAll(async () => {
    testApp = await createTestApp();
    author = await companyAccount(testApp, 'Mention Co');
    colleague = await signedInAccount(testApp, {
      role: 'company',
      name: 'Carla Colleague',
      company: { id: author.companyId, role: 'hiring_manager' },
    });
    billing = await signedInAccount(testApp, {
      role: 'company',
      name: 'Bob Billing',
      company: { id: author.companyId, role: 'billing' },
    });
    stranger = await companyAccount(testApp, 'Elsewhere Inc');
  });
  afterAll(async () => {
    await testApp.close();
  });

  const db = () => testApp.database.db;
  const newApplication = async () => {
    const job = await jobWith(testApp, author.companyId, uniqueWord(), { title: 'Data Analyst' });
    return buildApplication(db(), { jobId: job.id, applicantName: 'Grace Hopper', status: 'interviewing' });
  };
  const addNote = (id: string, body: BodyOf<typeof pipelineContract.addNote>) =>
    author.call(pipelineContract.addNote, { params: { id }, body });

  it('tells the colleague mentioned, with a link to the application, and shows the mention on the note', async () => {
    const application = await newApplication();
    const response = await addNote(application.id, {
      body: '@Carla Colleague could you look at the portfolio?',
      mentions: [colleague.user.id],
    });
    expect(response.statusCode, response.error?.error).toBe(201);
    expect(response.body).toMatchObject({
      author_id: author.user.id,
      mentions: [{ user_id: colleague.user.id, name: 'Carla Colleague' }],
    });

    const [told] = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, colleague.user.id), eq(notifications.type, 'note_mention')));
    expect(told).toMatchObject({
      title: `${author.user.name} mentioned you in a note`,
      body: 'On Grace Hopper’s application for Data Analyst.',
      link: `/company/jobs/${application.jobId}?application=${application.id}`,
    });

    // The colleague reads it in the application, attributed to its author.
    const detail = (await colleague.call(pipelineContract.get, { params: { id: application.id } })).body;
    expect(detail.notes[0]).toMatchObject({
      author_name: author.user.name,
      mentions: [{ user_id: colleague.user.id, name: 'Carla Colleague' }],
    });

    const [audit] = await db()
      .select({ details: auditLogs.details })
      .from(auditLogs)
      .where(and(eq(auditLogs.targetId, application.id), eq(auditLogs.action, 'application.note_added')));
    expect(audit?.details).toMatchObject({ mentioned_ids: [colleague.user.id] });
  });

  it('refuses to mention someone of another company or a member who cannot read the pipeline, saving nothing', async () => {
    const application = await newApplication();
    const strangerMention = await addNote(application.id, { body: 'Hi @someone', mentions: [stranger.user.id] });
    expect(strangerMention.statusCode).toBe(400);
    expect(strangerMention.error).toEqual({
      error: hiringTeamTexts.notAMember,
      code: 'validation',
      fields: { mentions: hiringTeamTexts.notAMember },
    });
    const billingMention = await addNote(application.id, {
      body: '@Bob Billing see this',
      mentions: [billing.user.id],
    });
    expect(billingMention.statusCode).toBe(400);
    expect(billingMention.error?.error).toBe(hiringTeamTexts.cannotReadPipeline);
    const malformed = await addNote(application.id, { body: 'Hi', mentions: ['carla'] });
    expect(malformed.statusCode).toBe(400);

    const detail = (await author.call(pipelineContract.get, { params: { id: application.id } })).body;
    expect(detail.notes).toEqual([]);
    const told = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, billing.user.id), eq(notifications.type, 'note_mention')));
    expect(told).toEqual([]);
  });

  it('tells no one of a note without mentions, nor the author of their own mention', async () => {
    const application = await newApplication();
    const response = await addNote(application.id, {
      body: `Note to self, @${author.user.name}`,
      mentions: [author.user.id],
    });
    expect(response.statusCode, response.error?.error).toBe(201);
    const told = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, author.user.id), eq(notifications.type, 'note_mention')));
    expect(told).toEqual([]);
  });

  it('reads "@Name" only as a whole name', () => {
    expect(namesWithAt('Ask @Al please', 'Al')).toBe(true);
    expect(namesWithAt('Ask @Alice please', 'Al')).toBe(false);
    expect(namesWithAt('@Alice, then @Al.', 'Al')).toBe(true);
  });
});
