import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type QuestionInput, type Test, type TestInput, testTexts } from '~/shared/assessments';
import type { QueryOf } from '~/shared/contract';
import { malformedIdMessage } from '~/shared/contract-schemas';
import { testsContract } from '~/shared/contracts/assessments';
import type { ApiErrorBody } from '~/shared/errors';
import { auditLogs, jobTests, questions, testFavorites, tests } from '../db/schema';
import { buildTest, buildTestAttempt } from '../seed/test-factories';
import { companyIdOf, insertJob, questionOfEachType } from '../testing/assessment-helpers';
import { sameOriginHeaders, signedInAccount } from '../testing/auth-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';
import { clonedTestName } from './clone-test';

type Account = Awaited<ReturnType<typeof signedInAccount>>;

describe('one test: read, edit, clone, archive, delete', () => {
  let testApp: TestApp;
  let company: Account;
  let companyId: string;

  const createTest = async (body: TestInput) => {
    const response = await company.call(testsContract.create, { body });
    expect(response.statusCode).toBe(201);
    return response.body;
  };
  const read = (id: string) => company.call(testsContract.get, { params: { id } });
  const auditOf = (testId: string) =>
    testApp.database.db.select().from(auditLogs).where(eq(auditLogs.targetId, testId)).orderBy(auditLogs.createdAt);
  const published = (overrides: Partial<TestInput> = {}): TestInput => ({
    name: 'Bookkeeping Basics',
    type: 'mcq',
    time_limit: 30,
    pass_rate: 60,
    description: 'Debits and credits.',
    is_active: true,
    questions: [questionOfEachType['multiple-choice'], questionOfEachType.checkboxes, questionOfEachType.date],
    ...overrides,
  });

  beforeAll(async () => {
    testApp = await createTestApp({ env: { ENABLE_TEST_ROUTES: 'true' } });
    company = await signedInAccount(testApp, { role: 'company' });
    companyId = await companyIdOf(testApp, company.user.id);
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('reads a test with its questions in order', async () => {
    const created = await createTest(published());
    const response = await read(created.id);
    expect(response.statusCode).toBe(200);
    expect(response.body).toEqual(created);
    expect(created.questions.map((question) => question.type)).toEqual(['multiple-choice', 'checkboxes', 'date']);
  });

  it('answers 404 for a test that does not exist, and 400 for an id that cannot name one', async () => {
    const missing = await read('00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.error).toEqual({ error: testTexts.notFound, code: 'not_found' });
    for (const id of ['not-a-uuid', '42']) {
      const response = await read(id);
      expect(response.statusCode, id).toBe(400);
      expect(response.error).toEqual({
        error: malformedIdMessage('test'),
        code: 'validation',
        fields: { id: malformedIdMessage('test') },
      });
    }
  });

  it('replaces fields and questions in one go, keeping the ids of questions sent back, and moves Last Edited', async () => {
    const created = await createTest(published());
    const { db } = testApp.database;
    await db
      .update(tests)
      .set({ updatedAt: new Date('2026-01-01T00:00:00Z') })
      .where(eq(tests.id, created.id));
    const [kept, , alsoKept] = created.questions;
    // Questions as they were read back (possibly missing to the types), sent back to keep their ids.
    const response = await company.callUnchecked(testsContract.update, {
      params: { id: created.id },
      body: {
        name: 'Bookkeeping Essentials',
        type: 'mixed',
        time_limit: 90,
        pass_rate: 65,
        description: '',
        is_active: true,
        questions: [
          { ...alsoKept, answer_key: '2026-12-31' },
          questionOfEachType.rating,
          { ...kept, question: 'Which code is not found?' },
        ],
      },
    });
    expect(response.statusCode).toBe(200);
    const updated = response.body;
    expect(updated).toMatchObject({
      id: created.id,
      name: 'Bookkeeping Essentials',
      type: 'mixed',
      time_limit: 90,
      pass_rate: 65,
      description: '',
      question_count: 3,
    });
    expect(updated.questions.map((question) => [question.id, question.type])).toEqual([
      [alsoKept?.id, 'date'],
      [expect.not.stringMatching(kept?.id ?? ''), 'rating'],
      [kept?.id, 'multiple-choice'],
    ]);
    expect(updated.questions[0]?.answer_key).toBe('2026-12-31');
    expect(updated.questions[2]?.question).toBe('Which code is not found?');
    expect(new Date(updated.updated_at).getTime()).toBeGreaterThan(new Date('2026-01-01T00:00:00Z').getTime());
    expect(await db.select().from(questions).where(eq(questions.testId, created.id))).toHaveLength(3);
    expect((await auditOf(created.id)).map((row) => row.action)).toEqual(['test.created', 'test.updated']);
  });

  it('changes nothing when an edit breaks a rule', async () => {
    const created = await createTest(published());
    const response = await company.call(testsContract.update, {
      params: { id: created.id },
      body: published({ name: 'Renamed', questions: [{ ...questionOfEachType.dropdown, options: ['7'] }] }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.error?.fields).toEqual({ 'questions.0.options': testTexts.optionsRequired });
    const unchanged = (await read(created.id)).body;
    expect(unchanged).toEqual(created);
    const unpublished = await company.call(testsContract.update, {
      params: { id: created.id },
      body: published({ questions: [] }),
    });
    expect(unpublished.error).toMatchObject({
      error: testTexts.requiredFields,
      fields: { questions: testTexts.questionsRequired },
    });
  });

  it('turns a draft into a published test, and a published one back into a draft with defaults', async () => {
    const draft = await createTest({ is_active: false });
    expect(draft).toMatchObject({ name: 'Untitled Test', is_active: false });
    const publishedNow = await company.call(testsContract.update, { params: { id: draft.id }, body: published() });
    expect(publishedNow.body).toMatchObject({ name: 'Bookkeeping Basics', is_active: true, status: 'active' });
    const backToDraft = await company.call(testsContract.update, {
      params: { id: draft.id },
      body: { name: '', type: null, is_active: false },
    });
    expect(backToDraft.body).toMatchObject({
      name: 'Untitled Test',
      type: 'mixed',
      time_limit: 60,
      pass_rate: 70,
      is_active: false,
      questions: [],
    });
  });

  it('clones a test into a draft named “(copy)” with its questions, and nothing else', async () => {
    const source = await createTest(published());
    const { db } = testApp.database;
    const job = await insertJob(testApp, { companyId });
    await db.insert(jobTests).values({ jobId: job.id, testId: source.id });
    await buildTestAttempt(db, { testId: source.id, score: 90 });
    await db.insert(testFavorites).values({ userId: company.user.id, testId: source.id });

    const response = await company.call(testsContract.clone, { params: { id: source.id } });
    expect(response.statusCode).toBe(201);
    const clone = response.body;
    expect(clone).toMatchObject({
      name: 'Bookkeeping Basics (copy)',
      type: 'mcq',
      time_limit: 30,
      pass_rate: 60,
      description: 'Debits and credits.',
      is_active: false,
      status: 'draft',
      is_favorite: false,
      linked_jobs: 0,
      attempts: { total: 0, avg_score: null },
      question_count: 3,
    });
    expect(clone.id).not.toBe(source.id);
    const strip = ({ id: _id, ...question }: Test['questions'][number]) => question;
    expect(clone.questions.map(strip)).toEqual(source.questions.map(strip));
    for (const [index, question] of clone.questions.entries())
      expect(question.id).not.toBe(source.questions[index]?.id);

    const [audit] = await auditOf(clone.id);
    expect(audit).toMatchObject({
      action: 'test.cloned',
      actorId: company.user.id,
      details: { source_test_id: source.id },
    });
  });

  it('keeps a clone’s name within the limit', async () => {
    const longName = `${'A'.repeat(115)} tail`;
    expect(longName).toHaveLength(120);
    expect(clonedTestName(longName)).toBe(`${'A'.repeat(113)} (copy)`);
    expect(clonedTestName('Short')).toBe('Short (copy)');
    const source = await createTest(published({ name: longName }));
    const clone = (await company.call(testsContract.clone, { params: { id: source.id } })).body;
    expect(clone.name).toHaveLength(120);
    expect(clone.name.endsWith(' (copy)')).toBe(true);
  });

  it('archives a test out of the list and the Required Tests dialog, keeping its job links, and restores it', async () => {
    const test = await createTest(published({ name: 'To Archive' }));
    const { db } = testApp.database;
    const job = await insertJob(testApp, { companyId });
    await db.insert(jobTests).values({ jobId: job.id, testId: test.id });
    const inList = async (query: QueryOf<typeof testsContract.list> = {}) =>
      (await company.call(testsContract.list, { query: { q: 'To Archive', ...query } })).body.total;

    const archived = await company.call(testsContract.archive, { params: { id: test.id } });
    expect(archived.statusCode).toBe(200);
    expect(archived.body).toMatchObject({ archived: true, status: 'archived', linked_jobs: 1 });
    expect(await inList()).toBe(0);
    expect(await inList({ active_only: 'true' })).toBe(0);
    expect(await inList({ include_archived: 'true' })).toBe(1);
    expect(await db.select().from(jobTests).where(eq(jobTests.testId, test.id))).toHaveLength(1);
    // Archiving again changes nothing and logs nothing.
    expect((await company.call(testsContract.archive, { params: { id: test.id } })).statusCode).toBe(200);

    const edit = await company.call(testsContract.update, { params: { id: test.id }, body: published() });
    expect(edit.statusCode).toBe(409);
    expect(edit.error).toEqual({ error: testTexts.archivedReadOnly, code: 'conflict' });

    const restored = await company.call(testsContract.restore, { params: { id: test.id } });
    expect(restored.body).toMatchObject({ archived: false, status: 'active', is_active: true });
    expect(await inList({ active_only: 'true' })).toBe(1);
    expect((await auditOf(test.id)).map((row) => row.action)).toEqual([
      'test.created',
      'test.archived',
      'test.restored',
    ]);
  });

  it('deletes a test nobody has taken, with its questions, links and stars', async () => {
    const test = await createTest(published({ name: 'Disposable' }));
    const { db } = testApp.database;
    const job = await insertJob(testApp, { companyId, status: 'draft' });
    await db.insert(jobTests).values({ jobId: job.id, testId: test.id });
    await db.insert(testFavorites).values({ userId: company.user.id, testId: test.id });

    const response = await company.call(testsContract.delete, { params: { id: test.id } });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBeUndefined();
    expect(response.rawPayload.toString()).toBe('');
    expect((await read(test.id)).statusCode).toBe(404);
    expect(await db.select().from(questions).where(eq(questions.testId, test.id))).toEqual([]);
    expect(await db.select().from(jobTests).where(eq(jobTests.testId, test.id))).toEqual([]);
    expect(await db.select().from(testFavorites).where(eq(testFavorites.testId, test.id))).toEqual([]);
    expect((await auditOf(test.id)).map((row) => [row.action, row.details])).toEqual([
      ['test.created', expect.anything()],
      ['test.deleted', { name: 'Disposable' }],
    ]);
  });

  it('refuses to delete a test once it has an attempt: archive instead', async () => {
    const test = await createTest(published({ name: 'Taken' }));
    const attempt = await testApp.app.inject({
      method: 'POST',
      url: '/api/testing/test-attempts',
      payload: { test_id: test.id, score: 64 },
      headers: sameOriginHeaders,
    });
    expect(attempt.statusCode).toBe(201);
    expect(attempt.json()).toMatchObject({ test_id: test.id, status: 'graded', score: 64 });

    const refused = await company.call(testsContract.delete, { params: { id: test.id } });
    expect(refused.statusCode).toBe(409);
    expect(refused.error).toEqual({ error: testTexts.deleteHasAttempts, code: 'conflict' });
    const stillThere = (await read(test.id)).body;
    expect(stillThere.attempts).toEqual({ total: 1, avg_score: 64 });
    expect((await auditOf(test.id)).map((row) => row.action)).toEqual(['test.created']);

    const applicant = await signedInAccount(testApp, { role: 'applicant' });
    const byEmail = await testApp.app.inject({
      method: 'POST',
      url: '/api/testing/test-attempts',
      payload: { test_id: test.id, score: 90, applicant_email: applicant.user.email },
      headers: sameOriginHeaders,
    });
    expect(byEmail.json()).toMatchObject({ applicant_id: applicant.user.id, score: 90 });
    const afterTwo = (await read(test.id)).body;
    expect(afterTwo.attempts).toEqual({ total: 2, avg_score: 77 });

    const assignedOnly = await createTest(published({ name: 'Assigned' }));
    await buildTestAttempt(testApp.database.db, { testId: assignedOnly.id, status: 'assigned' });
    expect((await company.call(testsContract.delete, { params: { id: assignedOnly.id } })).statusCode).toBe(409);
  });

  it('treats another company’s test as one that does not exist, for every action', async () => {
    const { test: foreign } = await buildTest(testApp.database.db, {
      companyId: await companyIdOf(testApp, (await signedInAccount(testApp, { role: 'company' })).user.id),
      name: 'Not yours',
    });
    const params = { id: foreign.id };
    const attempts: Array<[string, () => Promise<{ statusCode: number; error?: ApiErrorBody }>]> = [
      [testsContract.get.name, () => company.call(testsContract.get, { params })],
      [testsContract.update.name, () => company.call(testsContract.update, { params, body: published() })],
      [testsContract.clone.name, () => company.call(testsContract.clone, { params })],
      [testsContract.archive.name, () => company.call(testsContract.archive, { params })],
      [testsContract.restore.name, () => company.call(testsContract.restore, { params })],
      [testsContract.delete.name, () => company.call(testsContract.delete, { params })],
      [
        testsContract.setFavorite.name,
        () => company.call(testsContract.setFavorite, { params, body: { favorite: true } }),
      ],
    ];
    for (const [name, attempt] of attempts) {
      const response = await attempt();
      expect(response.statusCode, name).toBe(404);
      expect(response.error?.error).toBe(testTexts.notFound);
    }
    const [row] = await testApp.database.db.select().from(tests).where(eq(tests.id, foreign.id));
    expect(row).toMatchObject({ name: 'Not yours', archivedAt: null });
    expect(
      await testApp.database.db
        .select()
        .from(testFavorites)
        .where(and(eq(testFavorites.testId, foreign.id), eq(testFavorites.userId, company.user.id))),
    ).toEqual([]);
  });

  it('is refused to applicants and administrators, even on their own terms', async () => {
    const { test } = await buildTest(testApp.database.db, { companyId });
    for (const role of ['applicant', 'admin'] as const) {
      const outsider = await signedInAccount(testApp, { role });
      const params = { id: test.id };
      const calls: Array<[string, () => Promise<{ statusCode: number }>]> = [
        [testsContract.get.name, () => outsider.call(testsContract.get, { params })],
        [testsContract.update.name, () => outsider.call(testsContract.update, { params, body: published() })],
        [testsContract.clone.name, () => outsider.call(testsContract.clone, { params })],
        [testsContract.archive.name, () => outsider.call(testsContract.archive, { params })],
        [testsContract.delete.name, () => outsider.call(testsContract.delete, { params })],
        [
          testsContract.setFavorite.name,
          () => outsider.call(testsContract.setFavorite, { params, body: { favorite: true } }),
        ],
      ];
      for (const [name, call] of calls) {
        const response = await call();
        expect(response.statusCode, `${role} ${name}`).toBe(403);
      }
    }
  });

  it('lets a factory-built test with every question type be edited as it is read', async () => {
    const every: QuestionInput[] = Object.values(questionOfEachType);
    const { test } = await buildTest(testApp.database.db, { companyId, name: 'Round trip', questions: every });
    const asRead = (await read(test.id)).body;
    // The answer sent back as read: its types (a scale's ends as numbers) are the answer's, not the body's.
    const saved = await company.callUnchecked(testsContract.update, {
      params: { id: test.id },
      body: { ...asRead, is_public: false },
    });
    expect(saved.statusCode).toBe(200);
    const { updated_at: _before, ...readRest } = asRead;
    const { updated_at: _after, ...savedRest } = saved.body;
    expect(savedRest).toEqual(readRest);
  });
});
