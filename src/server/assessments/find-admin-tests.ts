import { desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { type AdminTest, type AdminTestList, type AdminTestListQuery, adminTestKindOf } from '~/shared/admin-tests';
import type { Database } from '../db/client';
import { companies, questions, testAttempts, tests } from '../db/schema';
import { isPlatformCompany } from './platform-organisation';

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

const statusOf = (test: { archivedAt: Date | null; isActive: boolean }) =>
  test.archivedAt ? 'archived' : test.isActive ? 'active' : 'draft';

function whereOf(q: string | undefined): SQL | undefined {
  const search = q?.trim();
  return search ? or(ilike(tests.name, likePattern(search)), ilike(companies.name, likePattern(search))) : undefined;
}

const columns = {
  id: tests.id,
  name: tests.name,
  type: tests.type,
  timeLimit: tests.timeLimitMinutes,
  isActive: tests.isActive,
  archivedAt: tests.archivedAt,
  createdAt: tests.createdAt,
  companyId: tests.companyId,
  companyName: companies.name,
  isPlatform: isPlatformCompany,
  questionCount: sql<number>`(select count(*) from ${questions} where ${questions.testId} = ${tests.id})::int`,
  attemptCount: sql<number>`(select count(*) from ${testAttempts} where ${testAttempts.testId} = ${tests.id})::int`,
};

// Every test on the platform, newest first, a page at a time: the companies' and the platform's own.
export async function findAdminTests({
  db,
  query,
}: {
  db: Database;
  query: AdminTestListQuery;
}): Promise<AdminTestList> {
  const { q, page, page_size: pageSize } = query;
  const where = whereOf(q);
  const [rows, [counted]] = await Promise.all([
    db
      .select(columns)
      .from(tests)
      .innerJoin(companies, eq(companies.id, tests.companyId))
      .where(where)
      .orderBy(desc(tests.createdAt), desc(tests.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(tests)
      .innerJoin(companies, eq(companies.id, tests.companyId))
      .where(where),
  ]);
  const items = rows.map(
    (row): AdminTest => ({
      id: row.id,
      name: row.name,
      type: row.type,
      kind: adminTestKindOf[row.type],
      time_limit: row.timeLimit,
      question_count: row.questionCount,
      status: statusOf(row),
      attempt_count: row.attemptCount,
      created_at: row.createdAt.toISOString(),
      company_id: row.companyId,
      company_name: row.companyName,
      is_platform: Boolean(row.isPlatform),
    }),
  );
  return { items, total: counted?.total ?? 0, page, page_size: pageSize };
}
