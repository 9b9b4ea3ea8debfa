import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkTest, questionTypes, testFieldsSchema } from '~/shared/assessments';
import { loadTestSummaries } from '../../assessments/load-test-summaries';
import { createTestDatabase } from '../../testing/test-database';
import type { DatabaseHandle } from '../client';
import { companyMembers, questions, tests, users } from '../schema';
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
    expect(byName['React Front-End Fundamentals']).toMatchObject({
      type: 'coding',
      status: 'active',
      is_favorite: true,
      // (88 + 72 + 64) / 3, rounded; the submitted attempt is not graded yet.
      attempts: { total: 4, avg_score: 75 },
    });
    expect(byName['Customer Support Writing']).toMatchObject({ type: 'language', attempts: { avg_score: 87 } });
    expect(byName['Bookkeeping Basics']).toMatchObject({ type: 'mcq', attempts: { total: 2, avg_score: 69 } });
    expect(byName['Data Entry Accuracy']).toMatchObject({ status: 'draft', attempts: { total: 0 } });
    expect(byName['jQuery Essentials (retired)']).toMatchObject({ status: 'archived', attempts: { total: 1 } });

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
