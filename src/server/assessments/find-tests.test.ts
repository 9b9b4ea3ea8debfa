import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestListQuery } from '~/shared/assessments';
import { testsContract } from '~/shared/contracts/assessments';
import { jobTests, tests } from '../db/schema';
import { buildTest, buildTestAttempt } from '../seed/test-factories';
import { companyIdOf, insertJob, questionOfEachType, signedInColleague } from '../testing/assessment-helpers';
import { signedInAccount } from '../testing/auth-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';

type Account = Awaited<ReturnType<typeof signedInAccount>>;

describe('GET /api/tests', () => {
  let testApp: TestApp;
  let owner: Account;
  let colleague: Account;
  let otherCompany: Account;
  let companyId: string;
  const ids: Record<string, string> = {};

  const list = async (query: TestListQuery = {}, account: Account = owner) => {
    const response = await account.call(testsContract.list, { query });
    expect(response.statusCode, JSON.stringify(query)).toBe(200);
    return response.body;
  };
  const names = async (query: TestListQuery = {}, account: Account = owner) =>
    (await list(query, account)).items.map((item) => item.name);

  beforeAll(async () => {
    testApp = await createTestApp();
    owner = await signedInAccount(testApp, { role: 'company' });
    companyId = await companyIdOf(testApp, owner.user.id);
    colleague = await signedInColleague(testApp, companyId);
    otherCompany = await signedInAccount(testApp, { role: 'company' });
    const { db } = testApp.database;
    const day = (daysAgo: number) => new Date(Date.UTC(2026, 5, 30 - daysAgo));
    const made = [
      { name: 'React Front-End Fundamentals', type: 'coding', updatedAt: day(1), passRate: 75 },
      { name: 'Bookkeeping 100%_ready', type: 'mcq', updatedAt: day(2) },
      { name: 'Customer Support Writing', type: 'language', updatedAt: day(3) },
      { name: 'Draft Ideas', type: 'mixed', isActive: false, updatedAt: day(4) },
      { name: 'Old React Quiz', type: 'coding', archivedAt: day(5), updatedAt: day(5) },
      { name: 'Bookkeeping Level 2', type: 'mcq', updatedAt: day(6) },
    ] as const;
    for (const overrides of made) {
      const { test } = await buildTest(db, { companyId, ...overrides });
      ids[overrides.name] = test.id;
    }
    await buildTest(db, {
      companyId,
      name: 'Everything',
      type: 'mixed',
      updatedAt: day(7),
      questions: Object.values(questionOfEachType),
    }).then(({ test }) => {
      ids.Everything = test.id;
    });
    const { test: foreign } = await buildTest(db, {
      companyId: await companyIdOf(testApp, otherCompany.user.id),
      name: 'React for another company',
    });
    ids.foreign = foreign.id;
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('lists the company’s tests, last edited first, archived ones left out', async () => {
    const result = await list();
    expect(result).toMatchObject({ total: 6, page: 1, page_size: 20 });
    expect(result.items.map((item) => item.name)).toEqual([
      'React Front-End Fundamentals',
      'Bookkeeping 100%_ready',
      'Customer Support Writing',
      'Draft Ideas',
      'Bookkeeping Level 2',
      'Everything',
    ]);
    expect(result.items[0]).toMatchObject({
      type: 'coding',
      pass_rate: 75,
      time_limit: 60,
      is_active: true,
      archived: false,
      status: 'active',
      question_count: 1,
      updated_at: '2026-06-29T00:00:00.000Z',
    });
    expect(result.items.find((item) => item.name === 'Everything')?.question_count).toBe(12);
    expect(result.items.find((item) => item.name === 'Draft Ideas')?.status).toBe('draft');
  });

  it('gives the job form’s Required Tests dialog only published, unarchived tests', async () => {
    const result = await list({ active_only: 'true' });
    expect(result.items.map((item) => item.name)).toEqual([
      'React Front-End Fundamentals',
      'Bookkeeping 100%_ready',
      'Customer Support Writing',
      'Bookkeeping Level 2',
      'Everything',
    ]);
    for (const item of result.items) {
      expect(item).toEqual(
        expect.objectContaining({ id: expect.any(String), name: expect.any(String), type: expect.any(String) }),
      );
      expect(typeof item.pass_rate).toBe('number');
    }
    expect(await names({ active_only: 'true', include_archived: 'true' })).not.toContain('Old React Quiz');
  });

  it('searches names in any case, taking % and _ literally', async () => {
    expect(await names({ q: 'REACT' })).toEqual(['React Front-End Fundamentals']);
    expect(await names({ q: 'react', include_archived: 'true' })).toEqual([
      'React Front-End Fundamentals',
      'Old React Quiz',
    ]);
    expect(await names({ q: '100%' })).toEqual(['Bookkeeping 100%_ready']);
    expect(await names({ q: '_' })).toEqual(['Bookkeeping 100%_ready']);
    expect(await names({ q: 'bookkeeping' })).toEqual(['Bookkeeping 100%_ready', 'Bookkeeping Level 2']);
    expect(await names({ q: 'nothing like it' })).toEqual([]);
  });

  it('filters by type and includes archived tests on request', async () => {
    expect(await names({ type: 'coding' })).toEqual(['React Front-End Fundamentals']);
    expect(await names({ type: 'coding', include_archived: 'true' })).toEqual([
      'React Front-End Fundamentals',
      'Old React Quiz',
    ]);
    const archived = (await list({ include_archived: 'true' })).items.find((item) => item.name === 'Old React Quiz');
    expect(archived).toMatchObject({ archived: true, status: 'archived', is_active: true });
    const refused = await owner.callUnchecked(testsContract.list, { query: { type: 'video' } });
    expect(refused.statusCode).toBe(400);
  });

  it('pages on the server', async () => {
    const first = await list({ page_size: 4 });
    const second = await list({ page_size: 4, page: 2 });
    expect(first).toMatchObject({ total: 6, page: 1, page_size: 4 });
    expect(second).toMatchObject({ total: 6, page: 2, page_size: 4 });
    expect(first.items).toHaveLength(4);
    expect(second.items.map((item) => item.name)).toEqual(['Bookkeeping Level 2', 'Everything']);
    expect((await list({ page_size: 4, page: 3 })).items).toEqual([]);
    expect((await owner.call(testsContract.list, { query: { page_size: 101 } })).statusCode).toBe(400);
    expect((await owner.call(testsContract.list, { query: { page: 0 } })).statusCode).toBe(400);
  });

  it('sorts by name', async () => {
    expect(await names({ sort: 'name_asc' })).toEqual([
      'Bookkeeping 100%_ready',
      'Bookkeeping Level 2',
      'Customer Support Writing',
      'Draft Ideas',
      'Everything',
      'React Front-End Fundamentals',
    ]);
  });

  it('counts linked jobs that are not archived, and attempts with the mean score of graded ones', async () => {
    const { db } = testApp.database;
    const reactId = ids['React Front-End Fundamentals'] as string;
    const writingId = ids['Customer Support Writing'] as string;
    const openJob = await insertJob(testApp, { companyId, status: 'open' });
    const draftJob = await insertJob(testApp, { companyId, status: 'draft' });
    const archivedJob = await insertJob(testApp, { companyId, status: 'archived' });
    await db.insert(jobTests).values([
      { jobId: openJob.id, testId: reactId },
      { jobId: draftJob.id, testId: reactId },
      { jobId: archivedJob.id, testId: reactId },
      { jobId: openJob.id, testId: writingId },
    ]);
    await buildTestAttempt(db, { testId: reactId, status: 'graded', score: 80, jobId: openJob.id });
    await buildTestAttempt(db, { testId: reactId, status: 'graded', score: 91 });
    await buildTestAttempt(db, { testId: reactId, status: 'submitted' });
    await buildTestAttempt(db, { testId: reactId, status: 'assigned' });
    await buildTestAttempt(db, { testId: writingId, status: 'started' });

    const byName = Object.fromEntries((await list()).items.map((item) => [item.name, item]));
    expect(byName['React Front-End Fundamentals']).toMatchObject({
      linked_jobs: 2,
      // (80 + 91) / 2 = 85.5, rounded half up.
      attempts: { total: 4, avg_score: 86 },
    });
    expect(byName['Customer Support Writing']).toMatchObject({
      linked_jobs: 1,
      attempts: { total: 1, avg_score: null },
    });
    expect(byName['Draft Ideas']).toMatchObject({ linked_jobs: 0, attempts: { total: 0, avg_score: null } });

    expect((await names({ sort: 'attempts_desc' })).slice(0, 2)).toEqual([
      'React Front-End Fundamentals',
      'Customer Support Writing',
    ]);
    // What another company's tests have done is none of this company's business, and vice versa.
    const foreign = (await list({}, otherCompany)).items;
    expect(foreign).toHaveLength(1);
    expect(foreign[0]).toMatchObject({ name: 'React for another company', linked_jobs: 0, attempts: { total: 0 } });
  });

  it('keeps each user’s own stars, through a re-read and a repeat', async () => {
    const star = (account: Account, id: string, favorite: boolean) =>
      account.call(testsContract.setFavorite, { params: { id }, body: { favorite } });
    const reactId = ids['React Front-End Fundamentals'] as string;
    const writingId = ids['Customer Support Writing'] as string;

    const starred = await star(owner, reactId, true);
    expect(starred.statusCode).toBe(200);
    expect(starred.body).toEqual({ favorite: true });
    expect((await star(owner, reactId, true)).body).toEqual({ favorite: true });
    await star(colleague, writingId, true);

    const favoritesOf = async (account: Account) =>
      (await list({}, account)).items.filter((item) => item.is_favorite).map((item) => item.name);
    expect(await favoritesOf(owner)).toEqual(['React Front-End Fundamentals']);
    expect(await favoritesOf(colleague)).toEqual(['Customer Support Writing']);
    expect(await names({ favorites_only: 'true' }, owner)).toEqual(['React Front-End Fundamentals']);
    expect(await names({ favorites_only: 'true' }, colleague)).toEqual(['Customer Support Writing']);
    expect((await list({ favorites_only: 'true' }, owner)).total).toBe(1);
    const one = await owner.call(testsContract.get, { params: { id: reactId } });
    expect(one.body.is_favorite).toBe(true);

    expect((await star(owner, reactId, false)).body).toEqual({ favorite: false });
    expect((await star(owner, reactId, false)).statusCode).toBe(200);
    expect(await favoritesOf(owner)).toEqual([]);
    expect(await favoritesOf(colleague)).toEqual(['Customer Support Writing']);

    const [updated] = await testApp.database.db.select().from(tests).where(eq(tests.id, reactId));
    expect(updated?.updatedAt.toISOString()).toBe('2026-06-29T00:00:00.000Z');
  });

  it('shows a colleague the company’s tests, and another company none of them', async () => {
    expect((await list({}, colleague)).total).toBe(6);
    expect(await names({ q: 'react' }, otherCompany)).toEqual(['React for another company']);
    expect(await names({ include_archived: 'true' })).not.toContain('React for another company');
  });

  it('is refused to applicants and administrators', async () => {
    for (const role of ['applicant', 'admin'] as const) {
      const outsider = await signedInAccount(testApp, { role });
      const response = await outsider.call(testsContract.list, { query: { active_only: 'true' } });
      expect(response.statusCode, role).toBe(403);
    }
  });
});
