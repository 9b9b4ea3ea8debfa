import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkTest, questionTypes, testFieldsSchema } from '~/shared/assessments';
import { loadTestSummaries } from '../assessments/load-test-summaries';
import type { DatabaseHandle } from '../db/client';
import { companyMembers, questions, testAnswers, testAttempts, tests, users } from '../db/schema';
import { createTestDatabase } from '../testing/test-database';
import { demoAccountsSeeder } from './demo-accounts';
import { demoTests, demoTestsSeeder } from './demo-tests';
import { seedDemoData } from './seed-demo-data';

describe('the demo company’s tests', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('keeps every rule the builder enforces', () => {
    for (const demo of demoTests) {
      const fields = testFieldsSchema.parse({
        name: demo.fields.name,
        type: demo.fields.type,
        is_active: demo.fields.isActive ?? true,
        questions: demo.questions,
      });
      expect(checkTest(fields), demo.fields.name).toEqual({});
    }
  });

  it('seeds published tests, a draft, an archived test, a favourite and graded attempts, once', async () => {
    const seeders = [demoAccountsSeeder, demoTestsSeeder];
    const [, first] = await seedDemoData({ db: database.db, seeders });
    expect(first?.created).toBeGreaterThan(demoTests.length);
    const [, second] = await seedDemoData({ db: database.db, seeders });
    expect(second).toEqual({ name: 'demo tests', created: 0 });

    const [maya] = await database.db
      .select({ userId: users.id, companyId: companyMembers.companyId })
      .from(users)
      .innerJoin(companyMembers, eq(companyMembers.userId, users.id))
      .where(eq(users.email, 'company@tandem.test'));
    if (!maya) throw new Error('The demo company was not seeded.');
    const { items } = await loadTestSummaries({
      db: database.db,
      companyId: maya.companyId,
      userId: maya.userId,
      filters: { includeArchived: true },
    });
    expect(items).toHaveLength(demoTests.length);
    const byName = Object.fromEntries(items.map((item) => [item.name, item]));
    // The attempts were taken and graded for real: the tab's figures are those of the rows.
    const attemptRows = await database.db
      .select({ testId: testAttempts.testId, status: testAttempts.status, score: testAttempts.score })
      .from(testAttempts);
    for (const item of items) {
      const rows = attemptRows.filter((row) => row.testId === item.id);
      const graded = rows.filter((row) => row.status === 'graded').map((row) => row.score ?? 0);
      const average =
        graded.length === 0 ? null : Math.round(graded.reduce((sum, score) => sum + score, 0) / graded.length);
      expect(item.attempts, item.name).toEqual({ total: rows.length, avg_score: average });
    }
    expect(byName['React Front-End Fundamentals']).toMatchObject({
      type: 'coding',
      status: 'active',
      is_favorite: true,
      attempts: { total: 4 },
    });
    expect(byName['Customer Support Writing']?.attempts.total).toBeGreaterThan(0);
    expect(byName['Bookkeeping Basics']).toMatchObject({ type: 'mcq', attempts: { total: 2 } });
    expect(byName['Data Entry Accuracy']).toMatchObject({ status: 'draft', attempts: { total: 0 } });
    expect(byName['jQuery Essentials (retired)']).toMatchObject({ status: 'archived', attempts: { total: 1 } });
    // Scores vary between candidates, and every graded attempt has its answers graded one by one.
    const scores = attemptRows.filter((row) => row.status === 'graded').map((row) => row.score);
    expect(new Set(scores).size).toBeGreaterThan(3);
    const gradedAnswers = await database.db.select({ attemptId: testAnswers.attemptId }).from(testAnswers);
    const withAnswers = new Set(gradedAnswers.map((row) => row.attemptId));
    const gradedIds = await database.db
      .select({ id: testAttempts.id })
      .from(testAttempts)
      .where(eq(testAttempts.status, 'graded'));
    expect(gradedIds.every((row) => withAnswers.has(row.id))).toBe(true);

    const virtualAssistant = byName['Virtual Assistant Skills'];
    expect(virtualAssistant).toMatchObject({ type: 'mixed', question_count: 12 });
    const typesUsed = await database.db
      .selectDistinct({ type: questions.type })
      .from(questions)
      .innerJoin(tests, eq(tests.id, questions.testId))
      .where(eq(tests.name, 'Virtual Assistant Skills'));
    expect(typesUsed.map((row) => row.type).sort()).toEqual([...questionTypes].sort());
  });
});
