import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueryOf } from '~/shared/contract';
import { hiringTeamContract } from '~/shared/contracts/hiring-team';
import { hiringTeamTexts } from '~/shared/hiring-team';
import { DEFAULT_SCORECARD_CRITERIA, scorecardTexts } from '~/shared/scorecards';
import { auditLogs, notifications } from '../db/schema';
import { signedInColleague } from '../testing/assessment-helpers';
import { signedInAccount } from '../testing/auth-helpers';
import { companyAccount, jobWith, uniqueWord } from '../testing/job-board-test-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';

type Account = Awaited<ReturnType<typeof signedInAccount>>;

// A job's hiring team and scorecard criteria: who may read and change them, who may join, the notice to
// the member added, the audit rows; and the colleagues a picker offers.
describe('the hiring team API', () => {
  let testApp: TestApp;
  let owner: Awaited<ReturnType<typeof companyAccount>>;
  let hiringManager: Account;
  let billing: Account;
  let viewer: Account;
  let stranger: Awaited<ReturnType<typeof companyAccount>>;

  beforeAll(async () => {
    testApp = await createTestApp();
    owner = await companyAccount(testApp, 'Team Co');
    hiringManager = await signedInAccount(testApp, {
      role: 'company',
      name: 'Hana Hiring',
      company: { id: owner.companyId, role: 'hiring_manager' },
    });
    billing = await signedInColleague(testApp, owner.companyId, 'billing');
    viewer = await signedInAccount(testApp, {
      role: 'company',
      name: 'Vera Viewer',
      company: { id: owner.companyId, role: 'viewer' },
    });
    stranger = await companyAccount(testApp, 'Elsewhere Ltd');
  });
  afterAll(async () => {
    await testApp.close();
  });

  const db = () => testApp.database.db;
  const newJob = () => jobWith(testApp, owner.companyId, uniqueWord(), { title: 'Support Lead' });
  const teamOf = (jobId: string, account: Account = owner) =>
    account.call(hiringTeamContract.get, { params: { id: jobId } });
  const add = (jobId: string, userId: string, account: Account = owner) =>
    account.call(hiringTeamContract.add, { params: { id: jobId }, body: { user_id: userId } });

  it('adds a member who may read the pipeline, tells them with a link to the job, and audits it', async () => {
    const job = await newJob();
    expect((await teamOf(job.id)).body).toEqual({
      members: [],
      scorecard_criteria: [...DEFAULT_SCORECARD_CRITERIA],
      default_criteria: true,
    });
    const added = await add(job.id, hiringManager.user.id);
    expect(added.statusCode, added.error?.error).toBe(201);
    expect(added.body).toMatchObject({ user_id: hiringManager.user.id, name: 'Hana Hiring', role: 'hiring_manager' });

    // A Viewer reads the team.
    const read = await teamOf(job.id, viewer);
    expect(read.statusCode).toBe(200);
    expect(read.body.members.map((member) => member.user_id)).toEqual([hiringManager.user.id]);

    const told = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, hiringManager.user.id), eq(notifications.type, 'hiring_team_added')));
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      title: 'You are on the hiring team for Support Lead',
      link: `/company/jobs/${job.id}`,
    });
    expect(told[0]?.body).toContain(owner.user.name);

    const [audit] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetId, job.id), eq(auditLogs.action, 'job.hiring_team_member_added')));
    expect(audit).toMatchObject({ actorId: owner.user.id, details: { user_id: hiringManager.user.id } });
  });

  it('refuses a member whose role cannot read applications, someone of another company, and a second add', async () => {
    const job = await newJob();
    const billingAdd = await add(job.id, billing.user.id);
    expect(billingAdd.statusCode).toBe(400);
    expect(billingAdd.error).toMatchObject({
      error: hiringTeamTexts.cannotReadPipeline,
      fields: { user_id: hiringTeamTexts.cannotReadPipeline },
    });
    const strangerAdd = await add(job.id, stranger.user.id);
    expect(strangerAdd.statusCode).toBe(400);
    expect(strangerAdd.error?.error).toBe(hiringTeamTexts.notAMember);

    expect((await add(job.id, viewer.user.id)).statusCode).toBe(201);
    const again = await add(job.id, viewer.user.id);
    expect(again.statusCode).toBe(409);
    expect(again.error?.error).toBe(hiringTeamTexts.alreadyOnTeam);
  });

  it('lets only those who may edit jobs change the team, and keeps another company’s job out of sight', async () => {
    const job = await newJob();
    expect((await add(job.id, viewer.user.id, viewer)).statusCode).toBe(403);
    expect((await add(job.id, viewer.user.id, billing)).statusCode).toBe(403);
    expect((await add(job.id, viewer.user.id, hiringManager)).statusCode).toBe(201);
    expect((await teamOf(job.id, stranger)).statusCode).toBe(404);
    expect((await add(job.id, stranger.user.id, stranger)).statusCode).toBe(404);
  });

  it('removes a member, audits it, and says so when they were not on the team', async () => {
    const job = await newJob();
    await add(job.id, viewer.user.id);
    const remove = () =>
      owner.call(hiringTeamContract.remove, { params: { id: job.id }, query: { user_id: viewer.user.id } });
    const removed = await remove();
    expect(removed.statusCode, removed.error?.error).toBe(204);
    expect((await teamOf(job.id)).body.members).toEqual([]);
    const again = await remove();
    expect(again.statusCode).toBe(404);
    expect(again.error?.error).toBe(hiringTeamTexts.notOnTeam);
    const audits = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetId, job.id), eq(auditLogs.action, 'job.hiring_team_member_removed')));
    expect(audits).toHaveLength(1);
  });

  it('sets the scorecard criteria: 1–8 distinct short labels, with field errors otherwise', async () => {
    const job = await newJob();
    const put = (criteria: string[], account: Account = owner) =>
      account.call(hiringTeamContract.setCriteria, { params: { id: job.id }, body: { criteria } });

    const saved = await put([' Ownership ', 'Customer empathy']);
    expect(saved.statusCode, saved.error?.error).toBe(200);
    expect(saved.body).toMatchObject({
      scorecard_criteria: ['Ownership', 'Customer empathy'],
      default_criteria: false,
    });

    expect((await put([])).error).toMatchObject({ fields: { criteria: scorecardTexts.criteriaCount } });
    expect((await put(Array.from({ length: 9 }, (_, index) => `Skill ${index}`))).statusCode).toBe(400);
    expect((await put(['Grit', 'grit'])).error).toMatchObject({
      fields: { criteria: scorecardTexts.criterionRepeated },
    });
    expect((await put(['Grit', ''])).error).toMatchObject({
      fields: { 'criteria.1': scorecardTexts.criterionRequired },
    });
    expect((await put(['x'.repeat(61)])).error).toMatchObject({
      fields: { 'criteria.0': scorecardTexts.criterionTooLong },
    });
    expect((await put(['Grit'], viewer)).statusCode).toBe(403);

    const [audit] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetId, job.id), eq(auditLogs.action, 'job.scorecard_criteria_changed')));
    expect(audit?.details).toEqual({ from: [...DEFAULT_SCORECARD_CRITERIA], to: ['Ownership', 'Customer empathy'] });
  });

  it('offers the colleagues who may read the pipeline, searched, without those already on the job’s team', async () => {
    const job = await newJob();
    await add(job.id, hiringManager.user.id);
    const list = async (query: QueryOf<typeof hiringTeamContract.pipelineMembers> = {}, account: Account = owner) =>
      (await account.call(hiringTeamContract.pipelineMembers, { query })).body.items;
    const everyone = (await list()).map((member) => member.user_id);
    expect(everyone).toEqual(expect.arrayContaining([owner.user.id, hiringManager.user.id, viewer.user.id]));
    expect(everyone).not.toContain(billing.user.id);
    expect(everyone).not.toContain(stranger.user.id);
    expect((await list({ q: 'vera' })).map((member) => member.user_id)).toEqual([viewer.user.id]);
    expect((await list({ not_on_job: job.id })).map((member) => member.user_id)).not.toContain(hiringManager.user.id);
    // Billing cannot read the pipeline, so it has no one to pick.
    expect((await billing.call(hiringTeamContract.pipelineMembers)).statusCode).toBe(403);
  });
});
