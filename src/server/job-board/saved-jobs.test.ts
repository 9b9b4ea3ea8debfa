import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobBoardContract } from '~/shared/contracts/job-board';
import { jobBoardTexts, type SavedJobsQuery } from '~/shared/job-board';
import { jobs, savedJobs } from '../db/schema';
import { buildJob } from '../seed/job-factories';
import { signedInAccount } from '../testing/auth-helpers';
import { type Account, companyAccount, daysAgo, jobWith, uniqueWord } from '../testing/job-board-test-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';

// The Find Jobs heart (PUT / DELETE /api/applicant/saved-jobs/:id) and the saved list
// (GET /api/applicant/saved-jobs): idempotent, and each applicant's own.
describe('saved jobs API', () => {
  let testApp: TestApp;
  let company: Awaited<ReturnType<typeof companyAccount>>;

  beforeAll(async () => {
    testApp = await createTestApp();
    company = await companyAccount(testApp, 'Northwind Outfitters');
  });
  afterAll(async () => {
    await testApp.close();
  });

  const save = (account: Account, jobId: string) => account.call(jobBoardContract.saveJob, { params: { id: jobId } });
  const unsave = (account: Account, jobId: string) =>
    account.call(jobBoardContract.unsaveJob, { params: { id: jobId } });
  const savedListAnswer = async (account: Account, query: SavedJobsQuery = {}) => {
    const response = await account.call(jobBoardContract.savedJobs, { query });
    expect(response.statusCode, response.error?.error).toBe(200);
    return response;
  };
  const savedList = async (account: Account, query: SavedJobsQuery = {}) =>
    (await savedListAnswer(account, query)).body;
  const rowsOf = (applicantId: string) =>
    testApp.database.db.select().from(savedJobs).where(eq(savedJobs.applicantId, applicantId));
  const newJob = (overrides = {}) => jobWith(testApp, company.companyId, uniqueWord(), overrides);

  it('saves and removes a job, each as often as asked, leaving one row or none', async () => {
    const applicant = await signedInAccount(testApp, { role: 'applicant' });
    const job = await newJob();
    for (let time = 0; time < 2; time++) {
      const response = await save(applicant, job.id);
      expect(response.statusCode).toBe(200);
      expect(response.body).toEqual({ job_id: job.id, is_saved: true });
    }
    expect(await rowsOf(applicant.user.id)).toHaveLength(1);
    const detail = await applicant.call(jobBoardContract.jobPosting, { params: { id: job.id } });
    expect(detail.body.is_saved).toBe(true);
    for (let time = 0; time < 2; time++) {
      const response = await unsave(applicant, job.id);
      expect(response.statusCode).toBe(200);
      expect(response.body).toEqual({ job_id: job.id, is_saved: false });
    }
    expect(await rowsOf(applicant.user.id)).toEqual([]);
  });

  it('cannot save a job the applicant may not see', async () => {
    const applicant = await signedInAccount(testApp, { role: 'applicant' });
    for (const job of [await newJob({ status: 'draft' }), await newJob({ visibility: 'private' })]) {
      const response = await save(applicant, job.id);
      expect(response.statusCode).toBe(404);
      expect(response.error).toEqual({ error: jobBoardTexts.jobNotFound, code: 'not_found' });
    }
    expect((await save(applicant, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect(await rowsOf(applicant.user.id)).toEqual([]);
  });

  it('keeps each applicant’s saves their own', async () => {
    const first = await signedInAccount(testApp, { role: 'applicant' });
    const second = await signedInAccount(testApp, { role: 'applicant' });
    const job = await newJob({ title: 'Shared interest' });
    await save(first, job.id);
    // The second applicant's removal touches only their own (absent) row.
    expect((await unsave(second, job.id)).statusCode).toBe(200);
    expect(await rowsOf(first.user.id)).toHaveLength(1);
    expect((await savedList(second)).items).toEqual([]);
    expect((await savedList(first)).items.map((item) => item.title)).toEqual(['Shared interest']);
    const response = await save(company, job.id);
    expect(response.statusCode).toBe(403);
    expect((await company.call(jobBoardContract.savedJobs)).statusCode).toBe(403);
  });

  it('lists the saved jobs last saved first, a page at a time, as Find Jobs shows them', async () => {
    const applicant = await signedInAccount(testApp, { role: 'applicant' });
    const titles = ['First saved', 'Second saved', 'Third saved'];
    for (const [index, title] of titles.entries()) {
      const job = await newJob({ title });
      await testApp.database.db
        .insert(savedJobs)
        .values({ applicantId: applicant.user.id, jobId: job.id, createdAt: daysAgo(10 - index) });
    }
    const pageAnswer = await savedListAnswer(applicant, { page_size: 2 });
    const page = pageAnswer.body;
    expect(page).toMatchObject({ total: 3, page: 1, page_size: 2 });
    expect(page.items.map((item) => item.title)).toEqual(['Third saved', 'Second saved']);
    expect(page.items[0]).toMatchObject({
      company_name: 'Northwind Outfitters',
      status: 'open',
      is_saved: true,
      application: null,
    });
    // The keys as sent, before the contracts' schemas leave out what they do not declare.
    const found = await applicant.call(jobBoardContract.findJobs, { query: { q: 'Third saved' } });
    const sentKeys = (answer: { rawPayload: Buffer }) =>
      Object.keys(JSON.parse(answer.rawPayload.toString()).items[0] ?? {}).sort();
    expect(sentKeys(pageAnswer)).toEqual(sentKeys(found));
    expect((await savedList(applicant, { page_size: 2, page: 2 })).items.map((item) => item.title)).toEqual([
      'First saved',
    ]);
    expect(await savedList(applicant, { page_size: 2, page: 3 })).toMatchObject({ items: [], total: 3 });
  });

  it('keeps a saved job that closed, saying so, and drops one that was archived', async () => {
    const applicant = await signedInAccount(testApp, { role: 'applicant' });
    const closing = await newJob({ title: 'Closes later' });
    const archived = await buildJob(testApp.database.db, {
      companyId: company.companyId,
      title: 'Archived later',
    });
    await save(applicant, closing.id);
    await save(applicant, archived.id);
    await testApp.database.db.update(jobs).set({ status: 'closed' }).where(eq(jobs.id, closing.id));
    await testApp.database.db.update(jobs).set({ status: 'archived' }).where(eq(jobs.id, archived.id));
    const { items } = await savedList(applicant);
    expect(items.map((item) => [item.title, item.status])).toEqual([['Closes later', 'closed']]);
    // The row stays (the list hides it); removing it still works.
    expect(
      await testApp.database.db
        .select()
        .from(savedJobs)
        .where(and(eq(savedJobs.applicantId, applicant.user.id), eq(savedJobs.jobId, archived.id))),
    ).toHaveLength(1);
  });
});
