import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuestionInput } from '~/shared/assessments';
import type { QueryOf } from '~/shared/contract';
import { adminTestsContract } from '~/shared/contracts/admin-tests';
import { auditLogs, companies, tests } from '../db/schema';
import { buildAccount } from '../seed/factories';
import { buildTest, buildTestAttempt } from '../seed/test-factories';
import { callerFrom, signedInAccount } from '../testing/auth-helpers';
import { companyIdOf } from '../testing/payment-test-invoices';
import { createTestApp, type TestApp } from '../testing/test-app';
import { PLATFORM_ASSESSMENTS } from './platform-assessments';

type Account = Awaited<ReturnType<typeof signedInAccount>>;

const question: QuestionInput = {
  type: 'multiple-choice',
  question: 'Which command lists running containers?',
  options: ['docker ps', 'docker ls', 'docker run'],
  answer_key: 'docker ps',
};

// Tests & Content Management: every test on the platform, Create New Test for a company or
// for the platform, bulk Archive and Delete (all or none; a taken test is never deleted), the read-only view.
describe('admin tests', () => {
  let testApp: TestApp;
  let admin: Account;
  let company: Account;
  let applicant: Account;
  let acmeId: string;
  const unique = randomUUID().slice(0, 8);
  const acmeName = `Acme Testing ${unique}`;
  const db = () => testApp.database.db;
  const list = async (query: QueryOf<typeof adminTestsContract.list>) => {
    const response = await admin.call(adminTestsContract.list, { query });
    expect(response.statusCode).toBe(200);
    return response.body;
  };
  const auditRows = (action: string, targetIds: string[]) =>
    db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, action), inArray(auditLogs.targetId, targetIds)));
  // A company of the test's own, so the tests other cases add stay out of its counts in any order.
  const ownCompany = async (name: string) =>
    companyIdOf(db(), (await buildAccount(db(), { role: 'company', companyName: name })).user.id);

  beforeAll(async () => {
    testApp = await createTestApp();
    admin = await signedInAccount(testApp, { role: 'admin' });
    company = await signedInAccount(testApp, { role: 'company' });
    applicant = await signedInAccount(testApp, { role: 'applicant' });
    const acme = await signedInAccount(testApp, { role: 'company' });
    acmeId = await companyIdOf(db(), acme.user.id);
    await db().update(companies).set({ name: acmeName }).where(eq(companies.id, acmeId));
  });

  afterAll(async () => {
    await testApp?.close();
  });

  it('lists every test with type, duration, questions, created and company, searched and paged', async () => {
    const umbrellaName = `Umbrella Testing ${unique}`;
    const umbrellaId = await ownCompany(umbrellaName);
    await buildTest(db(), {
      companyId: umbrellaId,
      name: `Go Concurrency ${unique}`,
      type: 'coding',
      timeLimitMinutes: 90,
      questions: [question, { ...question, question: 'Which flag detaches?', options: ['-d', '-x'], answer_key: '-d' }],
      createdAt: new Date(Date.now() - 60_000),
    });
    await buildTest(db(), { companyId: umbrellaId, name: `Spoken English ${unique}`, type: 'language' });

    const found = await list({ q: `Go Concurrency ${unique}` });
    expect(found.total).toBe(1);
    expect(found.items[0]).toMatchObject({
      name: `Go Concurrency ${unique}`,
      type: 'coding',
      kind: 'technical',
      time_limit: 90,
      question_count: 2,
      company_id: umbrellaId,
      company_name: umbrellaName,
      is_platform: false,
      status: 'active',
      attempt_count: 0,
    });
    // The owner's name finds its tests; newest first, a page at a time.
    const first = await list({ q: umbrellaName, page_size: 1 });
    expect(first.total).toBe(2);
    expect(first.items.map((test) => [test.name, test.kind])).toEqual([[`Spoken English ${unique}`, 'behavioral']]);
    const second = await list({ q: umbrellaName, page_size: 1, page: 2 });
    expect(second.items.map((test) => test.name)).toEqual([`Go Concurrency ${unique}`]);
  });

  it('calls a test of several kinds of question Mixed, not Technical', async () => {
    await buildTest(db(), { companyId: acmeId, name: `Virtual Assistant ${unique}`, type: 'mixed' });
    const found = await list({ q: `Virtual Assistant ${unique}` });
    expect(found.items.map((test) => [test.type, test.kind])).toEqual([['mixed', 'mixed']]);
  });

  it('creates a test for a company, audited with the admin as actor', async () => {
    const response = await admin.call(adminTestsContract.create, {
      body: {
        owner: acmeId,
        name: `Docker Basics ${unique}`,
        type: 'mcq',
        time_limit: 45,
        is_active: true,
        questions: [question],
      },
    });
    expect(response.statusCode).toBe(201);
    const test = response.body;
    expect(test).toMatchObject({
      name: `Docker Basics ${unique}`,
      company_id: acmeId,
      company_name: acmeName,
      is_platform: false,
      is_public: false,
      status: 'active',
      question_count: 1,
    });
    expect(test.questions.map((item) => item.question)).toEqual([question.question]);
    const [audit] = await auditRows('test.created', [test.id]);
    expect(audit).toMatchObject({ actorId: admin.user.id, targetType: 'test' });
  });

  it('creates a platform test, public to every company, in the platform’s organisation', async () => {
    const response = await admin.call(adminTestsContract.create, {
      body: {
        owner: 'platform',
        name: `Kubernetes Assessment ${unique}`,
        type: 'mcq',
        is_active: true,
        questions: [question],
      },
    });
    expect(response.statusCode).toBe(201);
    const test = response.body;
    expect(test).toMatchObject({ is_platform: true, is_public: true, company_name: PLATFORM_ASSESSMENTS.name });
    const listed = await list({ q: `Kubernetes Assessment ${unique}` });
    expect(listed.items[0]).toMatchObject({ is_platform: true, company_name: PLATFORM_ASSESSMENTS.name });
  });

  it('refuses a test without an owner, for an unknown company, or missing what a published test needs', async () => {
    // No owner, which the contract's types require.
    const noOwner = await admin.callUnchecked(adminTestsContract.create, { body: { name: 'Ownerless', type: 'mcq' } });
    expect(noOwner.statusCode).toBe(400);
    expect(noOwner.error?.fields?.owner).toBe('Choose the company that owns this test, or the platform.');
    const unknown = await admin.call(adminTestsContract.create, { body: { owner: randomUUID(), name: 'Ghost test' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.error?.error).toBe('This company does not exist.');
    const empty = await admin.call(adminTestsContract.create, {
      body: { owner: acmeId, name: 'Empty', type: 'mcq', is_active: true },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.error?.error).toBe('Please fill in all required fields and add at least one question.');
    const longLimit = await admin.call(adminTestsContract.create, {
      body: { owner: acmeId, name: 'Long', time_limit: 999 },
    });
    expect(longLimit.statusCode).toBe(400);
  });

  it('shows one test read-only with its questions; 404 for an unknown one', async () => {
    const { test } = await buildTest(db(), { companyId: acmeId, name: `Read Only ${unique}`, questions: [question] });
    const response = await admin.call(adminTestsContract.get, { params: { id: test.id } });
    expect(response.statusCode).toBe(200);
    const detail = response.body;
    expect(detail).toMatchObject({ name: `Read Only ${unique}`, company_name: acmeName });
    expect(detail.questions).toHaveLength(1);
    expect(detail.questions[0]).toMatchObject({ question: question.question, options: question.options });
    expect((await admin.call(adminTestsContract.get, { params: { id: randomUUID() } })).statusCode).toBe(404);
    expect((await admin.call(adminTestsContract.get, { params: { id: 'nope' } })).statusCode).toBe(400);
  });

  it('archives the selected tests in bulk, each audited', async () => {
    const built = await Promise.all(
      [1, 2].map((index) => buildTest(db(), { companyId: acmeId, name: `Archive Me ${index} ${unique}` })),
    );
    const ids = built.map(({ test }) => test.id);
    const response = await admin.call(adminTestsContract.archive, { body: { ids } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toEqual({ action: 'archive', count: 2 });
    const listed = await list({ q: 'Archive Me' });
    expect(listed.items.filter((test) => ids.includes(test.id)).map((test) => test.status)).toEqual([
      'archived',
      'archived',
    ]);
    const audits = await auditRows('test.archived', ids);
    expect(audits).toHaveLength(2);
    expect(audits.every((row) => row.actorId === admin.user.id)).toBe(true);
  });

  it('deletes untaken tests in bulk, and refuses the whole delete naming the tests already taken', async () => {
    const { test: fresh } = await buildTest(db(), { companyId: acmeId, name: `Fresh ${unique}` });
    const { test: taken } = await buildTest(db(), { companyId: acmeId, name: `Taken ${unique}` });
    await buildTestAttempt(db(), { testId: taken.id });

    const refused = await admin.call(adminTestsContract.delete, { body: { ids: [fresh.id, taken.id] } });
    expect(refused.statusCode).toBe(409);
    expect(refused.error?.error).toBe(`“Taken ${unique}” has been taken, so nothing was deleted. Archive it instead.`);
    // All or none: the untaken one is still there.
    expect(await db().select({ id: tests.id }).from(tests).where(eq(tests.id, fresh.id))).toHaveLength(1);
    await expect(list({ q: `Taken ${unique}` })).resolves.toMatchObject({
      items: [{ attempt_count: 1 }],
    });

    const deleted = await admin.call(adminTestsContract.delete, { body: { ids: [fresh.id] } });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.body).toEqual({ action: 'delete', count: 1 });
    expect(await db().select({ id: tests.id }).from(tests).where(eq(tests.id, fresh.id))).toHaveLength(0);
    const [audit] = await auditRows('test.deleted', [fresh.id]);
    expect(audit).toMatchObject({ actorId: admin.user.id, details: { name: `Fresh ${unique}` } });
  });

  it('refuses an empty selection, a malformed id and an unknown test', async () => {
    const empty = await admin.call(adminTestsContract.archive, { body: { ids: [] } });
    expect(empty.statusCode).toBe(400);
    expect(empty.error?.error).toContain('Select at least one test.');
    expect((await admin.call(adminTestsContract.delete, { body: { ids: ['x'] } })).statusCode).toBe(400);
    const unknown = await admin.call(adminTestsContract.archive, { body: { ids: [randomUUID()] } });
    expect(unknown.statusCode).toBe(404);
  });

  it('is for administrators only', async () => {
    for (const account of [company, applicant]) {
      expect((await account.call(adminTestsContract.list)).statusCode).toBe(403);
      expect((await account.call(adminTestsContract.archive, { body: { ids: [randomUUID()] } })).statusCode).toBe(403);
      expect((await account.call(adminTestsContract.create, { body: { owner: 'platform' } })).statusCode).toBe(403);
    }
    expect((await callerFrom(testApp).call(adminTestsContract.list)).statusCode).toBe(401);
  });
});
