import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type QuestionInput, type Test, testTexts } from '~/shared/assessments';
import { malformedIdMessage } from '~/shared/contract-schemas';
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

  const send = async (options: InjectOptions, account: Account = company) => account.request(options);
  const createTest = async (payload: object) => {
    const response = await send({ method: 'POST', url: '/api/tests', payload });
    expect(response.statusCode).toBe(201);
    return response.json() as Test;
  };
  const auditOf = (testId: string) =>
    testApp.database.db.select().from(auditLogs).where(eq(auditLogs.targetId, testId)).orderBy(auditLogs.createdAt);
  const published = (overrides: object = {}) => ({
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
    const response = await send({ method: 'GET', url: `/api/tests/${created.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(created);
    expect(created.questions.map((question) => question.type)).toEqual(['multiple-choice', 'checkboxes', 'date']);
  });

  it('answers 404 for a test that does not exist, and 400 for an id that cannot name one', async () => {
    const missing = await send({ method: 'GET', url: '/api/tests/00000000-0000-4000-8000-000000000000' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: testTexts.notFound, code: 'not_found' });
    for (const id of ['not-a-uuid', '42']) {
      const response = await send({ method: 'GET', url: `/api/tests/${id}` });
      expect(response.statusCode, id).toBe(400);
      expect(response.json()).toEqual({
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
    const response = await send({
      method: 'PUT',
      url: `/api/tests/${created.id}`,
      payload: {
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
    const updated = response.json() as Test;
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
    const response = await send({
      method: 'PUT',
      url: `/api/tests/${created.id}`,
      payload: published({ name: 'Renamed', questions: [{ ...questionOfEachType.dropdown, options: ['7'] }] }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ 'questions.0.options': testTexts.optionsRequired });
    const unchanged = (await send({ method: 'GET', url: `/api/tests/${created.id}` })).json() as Test;
    expect(unchanged).toEqual(created);
    const unpublished = await send({
      method: 'PUT',
      url: `/api/tests/${created.id}`,
      payload: published({ questions: [] }),
    });
    expect(unpublished.json()).toMatchObject({
      error: testTexts.requiredFields,
      fields: { questions: testTexts.questionsRequired },
    });
  });

  it('turns a draft into a published test, and a published one back into a draft with defaults', async () => {
    const draft = await createTest({ is_active: false });
    expect(draft).toMatchObject({ name: 'Untitled Test', is_active: false });
    const publishedNow = await send({ method: 'PUT', url: `/api/tests/${draft.id}`, payload: published() });
    expect(publishedNow.json()).toMatchObject({ name: 'Bookkeeping Basics', is_active: true, status: 'active' });
    const backToDraft = await send({
      method: 'PUT',
      url: `/api/tests/${draft.id}`,
      payload: { name: '', type: null, is_active: false },
    });
    expect(backToDraft.json()).toMatchObject({
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

    const response = await send({ method: 'POST', url: `/api/tests/${source.id}/clone` });
    expect(response.statusCode).toBe(201);
    const clone = response.json() as Test;
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
    const clone = (await send({ method: 'POST', url: `/api/tests/${source.id}/clone` })).json() as Test;
    expect(clone.name).toHaveLength(120);
    expect(clone.name.endsWith(' (copy)')).toBe(true);
  });

  it('archives a test out of the list and the Required Tests dialog, keeping its job links, and restores it', async () => {
    const test = await createTest(published({ name: 'To Archive' }));
    const { db } = testApp.database;
    const job = await insertJob(testApp, { companyId });
    await db.insert(jobTests).values({ jobId: job.id, testId: test.id });
    const inList = async (query: string) =>
      (await send({ method: 'GET', url: `/api/tests?q=To%20Archive${query}` })).json().total as number;

    const archived = await send({ method: 'POST', url: `/api/tests/${test.id}/archive` });
    expect(archived.statusCode).toBe(200);
    expect(archived.json()).toMatchObject({ archived: true, status: 'archived', linked_jobs: 1 });
    expect(await inList('')).toBe(0);
    expect(await inList('&active_only=true')).toBe(0);
    expect(await inList('&include_archived=true')).toBe(1);
    expect(await db.select().from(jobTests).where(eq(jobTests.testId, test.id))).toHaveLength(1);
    // Archiving again changes nothing and logs nothing.
    expect((await send({ method: 'POST', url: `/api/tests/${test.id}/archive` })).statusCode).toBe(200);

    const edit = await send({ method: 'PUT', url: `/api/tests/${test.id}`, payload: published() });
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toEqual({ error: testTexts.archivedReadOnly, code: 'conflict' });

    const restored = await send({ method: 'POST', url: `/api/tests/${test.id}/restore` });
    expect(restored.json()).toMatchObject({ archived: false, status: 'active', is_active: true });
    expect(await inList('&active_only=true')).toBe(1);
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

    const response = await send({ method: 'DELETE', url: `/api/tests/${test.id}` });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await send({ method: 'GET', url: `/api/tests/${test.id}` })).statusCode).toBe(404);
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

    const refused = await send({ method: 'DELETE', url: `/api/tests/${test.id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: testTexts.deleteHasAttempts, code: 'conflict' });
    const stillThere = (await send({ method: 'GET', url: `/api/tests/${test.id}` })).json() as Test;
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
    const afterTwo = (await send({ method: 'GET', url: `/api/tests/${test.id}` })).json() as Test;
    expect(afterTwo.attempts).toEqual({ total: 2, avg_score: 77 });

    const assignedOnly = await createTest(published({ name: 'Assigned' }));
    await buildTestAttempt(testApp.database.db, { testId: assignedOnly.id, status: 'assigned' });
    expect((await send({ method: 'DELETE', url: `/api/tests/${assignedOnly.id}` })).statusCode).toBe(409);
  });

  it('treats another company’s test as one that does not exist, for every action', async () => {
    const { test: foreign } = await buildTest(testApp.database.db, {
      companyId: await companyIdOf(testApp, (await signedInAccount(testApp, { role: 'company' })).user.id),
      name: 'Not yours',
    });
    const attempts: InjectOptions[] = [
      { method: 'GET', url: `/api/tests/${foreign.id}` },
      { method: 'PUT', url: `/api/tests/${foreign.id}`, payload: published() },
      { method: 'POST', url: `/api/tests/${foreign.id}/clone` },
      { method: 'POST', url: `/api/tests/${foreign.id}/archive` },
      { method: 'POST', url: `/api/tests/${foreign.id}/restore` },
      { method: 'DELETE', url: `/api/tests/${foreign.id}` },
      { method: 'PUT', url: `/api/tests/${foreign.id}/favorite`, payload: { favorite: true } },
    ];
    for (const options of attempts) {
      const response = await send(options);
      expect(response.statusCode, `${options.method} ${options.url}`).toBe(404);
      expect(response.json().error).toBe(testTexts.notFound);
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
      const calls: InjectOptions[] = [
        { method: 'GET', url: `/api/tests/${test.id}` },
        { method: 'PUT', url: `/api/tests/${test.id}`, payload: published() },
        { method: 'POST', url: `/api/tests/${test.id}/clone` },
        { method: 'POST', url: `/api/tests/${test.id}/archive` },
        { method: 'DELETE', url: `/api/tests/${test.id}` },
        { method: 'PUT', url: `/api/tests/${test.id}/favorite`, payload: { favorite: true } },
      ];
      for (const options of calls) {
        const response = await send(options, outsider);
        expect(response.statusCode, `${role} ${options.method} ${options.url}`).toBe(403);
      }
    }
  });

  it('lets a factory-built test with every question type be edited as it is read', async () => {
    const every: QuestionInput[] = Object.values(questionOfEachType);
    const { test } = await buildTest(testApp.database.db, { companyId, name: 'Round trip', questions: every });
    const read = (await send({ method: 'GET', url: `/api/tests/${test.id}` })).json() as Test;
    const saved = await send({
      method: 'PUT',
      url: `/api/tests/${test.id}`,
      payload: { ...read, is_public: false },
    });
    expect(saved.statusCode).toBe(200);
    const { updated_at: _before, ...readRest } = read;
    const { updated_at: _after, ...savedRest } = saved.json() as Test;
    expect(savedRest).toEqual(readRest);
  });
});
