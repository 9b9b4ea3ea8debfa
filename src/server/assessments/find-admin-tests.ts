import { desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import { type AdminTest, type AdminTestList, type AdminTestListQuery, adminTestKindOf } from '~/shared/admin-tests';
import type { Database } from '../db/client';
import { containingPattern } from '../db/like-pattern';
import { companies, questions, testAttempts, tests } from '../db/schema';
import { isPlatformCompany } from './platform-organisation';

const statusOf = (test: { archivedAt: Date | null; isActive: boolean }) =>
  test.archivedAt ? 'archived' : test.isActive ? 'active' : 'draft';

// The test's name or its company's name, each found through its trigram index: the condition is on tests
// alone, so the count reads no join and the page walks tests_created_idx.
function whereOf(q: string | undefined): SQL | undefined {
  const search = q?.trim();
  if (!search) return undefined;
  const pattern = containingPattern(search);
  return sql`${tests.id} in (
    select ${tests.id} from ${tests} where ${ilike(tests.name, pattern)}
    union
    select ${tests.id} from ${tests} where ${tests.companyId} in
      (select ${companies.id} from ${companies} where ${ilike(companies.name, pattern)}))`;
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
  // The page's keys come from the index in order; only those tests meet their company and counts.
  const pageIds = db
    .select({ id: tests.id })
    .from(tests)
    .where(where)
    .orderBy(desc(tests.createdAt), desc(tests.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [rows, [counted]] = await Promise.all([
    db
      .select(columns)
      .from(tests)
      .innerJoin(companies, eq(companies.id, tests.companyId))
      .where(inArray(tests.id, pageIds))
      .orderBy(desc(tests.createdAt), desc(tests.id)),
    // Every test has its company: the join changes no count.
    db.select({ total: sql<number>`count(*)::int` }).from(tests).where(where),
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
