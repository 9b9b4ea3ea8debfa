import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { TestSort, TestStatus, TestSummary, TestType } from '~/shared/assessments';
import type { Database } from '../db/client';
import { jobs, jobTests, questions, testAttempts, testFavorites, tests } from '../db/schema';

interface TestSummaryFilters {
  ids?: string[];
  q?: string;
  activeOnly?: boolean;
  type?: TestType;
  favoritesOnly?: boolean;
  includeArchived?: boolean;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

function statusOf(test: { archivedAt: Date | null; isActive: boolean }): TestStatus {
  if (test.archivedAt) return 'archived';
  return test.isActive ? 'active' : 'draft';
}

// The company's tests with what the Tests tab shows of each: question count, linked jobs, attempts
// and average score, and whether the caller starred it. The counts come from grouped subqueries over the
// page's tests (over the company's when the page is ordered by attempts), not from a query per row.
export async function loadTestSummaries({
  db,
  companyId,
  userId,
  filters,
  sort = 'updated_desc',
  page = 1,
  pageSize = 100,
}: {
  db: Database;
  companyId: string;
  userId: string;
  filters: TestSummaryFilters;
  sort?: TestSort;
  page?: number;
  pageSize?: number;
}): Promise<{ items: TestSummary[]; total: number }> {
  const scope: SQL[] = [eq(tests.companyId, companyId)];
  if (filters.ids) scope.push(inArray(tests.id, filters.ids));
  const conditions: SQL[] = [...scope];
  if (filters.activeOnly) conditions.push(eq(tests.isActive, true), isNull(tests.archivedAt));
  else if (!filters.includeArchived) conditions.push(isNull(tests.archivedAt));
  if (filters.type) conditions.push(eq(tests.type, filters.type));
  if (filters.q) conditions.push(ilike(tests.name, `%${escapeLike(filters.q)}%`));
  if (filters.favoritesOnly) conditions.push(isNotNull(testFavorites.userId));
  const where = and(...conditions);
  const favoriteJoin = and(eq(testFavorites.testId, tests.id), eq(testFavorites.userId, userId));
  const counting = db.select({ value: count() }).from(tests).leftJoin(testFavorites, favoriteJoin).where(where);

  // Unless the page is ordered by attempts, its keys are picked from the tests alone first, and the
  // question, job and attempt counts are grouped for those 20 only, not for every test of the company.
  const orderByOwnColumns = {
    updated_desc: [desc(tests.updatedAt), desc(tests.id)],
    name_asc: [asc(sql`lower(${tests.name})`), asc(tests.id)],
    attempts_desc: undefined,
  }[sort];
  let counted: { value: number } | undefined;
  let pageIds: string[] | undefined;
  if (orderByOwnColumns) {
    const [keys, [total]] = await Promise.all([
      db
        .select({ id: tests.id })
        .from(tests)
        .leftJoin(testFavorites, favoriteJoin)
        .where(where)
        .orderBy(...orderByOwnColumns)
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      counting,
    ]);
    counted = total;
    pageIds = keys.map((key) => key.id);
    if (pageIds.length === 0) return { items: [], total: counted?.value ?? 0 };
  }
  const statsScope = pageIds ? [...scope, inArray(tests.id, pageIds)] : scope;
  const scopedTestIds = db
    .select({ id: tests.id })
    .from(tests)
    .where(and(...statsScope));

  const questionStats = db
    .select({ testId: questions.testId, questionCount: sql<number>`count(*)::int`.as('question_count') })
    .from(questions)
    .where(inArray(questions.testId, scopedTestIds))
    .groupBy(questions.testId)
    .as('question_stats');
  const linkStats = db
    .select({ testId: jobTests.testId, linkedJobs: sql<number>`count(*)::int`.as('linked_jobs') })
    .from(jobTests)
    .innerJoin(jobs, eq(jobs.id, jobTests.jobId))
    .where(and(inArray(jobTests.testId, scopedTestIds), eq(jobs.companyId, companyId), ne(jobs.status, 'archived')))
    .groupBy(jobTests.testId)
    .as('link_stats');
  const attemptStats = db
    .select({
      testId: testAttempts.testId,
      attemptTotal: sql<number>`count(*)::int`.as('attempt_total'),
      averageScore: sql<
        number | null
      >`round(avg(${testAttempts.score}) filter (where ${testAttempts.status} = 'graded'))::int`.as('average_score'),
    })
    .from(testAttempts)
    .where(inArray(testAttempts.testId, scopedTestIds))
    .groupBy(testAttempts.testId)
    .as('attempt_stats');

  const attemptTotal = sql<number>`coalesce(${attemptStats.attemptTotal}, 0)`;
  const orderBy = orderByOwnColumns ?? [desc(attemptTotal), desc(tests.updatedAt), desc(tests.id)];

  const selectRows = db
    .select({
      test: tests,
      isFavorite: sql<boolean>`${testFavorites.userId} is not null`,
      questionCount: sql<number>`coalesce(${questionStats.questionCount}, 0)`,
      linkedJobs: sql<number>`coalesce(${linkStats.linkedJobs}, 0)`,
      attemptTotal,
      averageScore: sql<number | null>`${attemptStats.averageScore}`,
    })
    .from(tests)
    .leftJoin(testFavorites, favoriteJoin)
    .leftJoin(questionStats, eq(questionStats.testId, tests.id))
    .leftJoin(linkStats, eq(linkStats.testId, tests.id))
    .leftJoin(attemptStats, eq(attemptStats.testId, tests.id))
    .$dynamic();
  let rows: Awaited<typeof selectRows>;
  if (pageIds) {
    rows = await selectRows.where(and(where, inArray(tests.id, pageIds))).orderBy(...orderBy);
  } else {
    [rows, [counted]] = await Promise.all([
      selectRows
        .where(where)
        .orderBy(...orderBy)
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      counting,
    ]);
  }

  return {
    items: rows.map(({ test, isFavorite, questionCount, linkedJobs, attemptTotal, averageScore }) => ({
      id: test.id,
      name: test.name,
      description: test.description,
      type: test.type,
      time_limit: test.timeLimitMinutes,
      pass_rate: test.passRate,
      is_active: test.isActive,
      is_public: test.isPublic,
      archived: test.archivedAt !== null,
      status: statusOf(test),
      is_favorite: Boolean(isFavorite),
      question_count: Number(questionCount),
      linked_jobs: Number(linkedJobs),
      attempts: {
        total: Number(attemptTotal),
        avg_score: averageScore === null ? null : Number(averageScore),
      },
      created_at: test.createdAt.toISOString(),
      updated_at: test.updatedAt.toISOString(),
    })),
    total: counted?.value ?? 0,
  };
}
