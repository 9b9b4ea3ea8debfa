import { and, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { AdminJob, AdminJobList, AdminJobListQuery } from '~/shared/admin-jobs';
import type { Database } from '../db/client';
import { containingPattern } from '../db/like-pattern';
import { applications, companies, jobs } from '../db/schema';

// A soft-deleted company's jobs are gone with it (a hashed NOT IN over the few deleted companies, read
// from their partial index); the search matches the title or the company's name, each through its trigram
// index. Every condition is on jobs alone, so the count reads no join and the page walks jobs_launch_idx.
function whereOf({ q, status, company_id }: Omit<AdminJobListQuery, 'page' | 'page_size'>): SQL | undefined {
  const search = q?.trim();
  const pattern = search ? containingPattern(search) : '';
  return and(
    sql`${jobs.companyId} not in (select ${companies.id} from ${companies} where ${companies.deletedAt} is not null)`,
    search
      ? sql`${jobs.id} in (
          select ${jobs.id} from ${jobs} where ${ilike(jobs.title, pattern)}
          union
          select ${jobs.id} from ${jobs} where ${jobs.companyId} in
            (select ${companies.id} from ${companies} where ${ilike(companies.name, pattern)}))`
      : undefined,
    status ? eq(jobs.status, status) : undefined,
    company_id ? eq(jobs.companyId, company_id) : undefined,
  );
}

const postedAt = sql<Date>`coalesce(${jobs.publishedAt}, ${jobs.createdAt})`;

// Every company's jobs, newest posted first, a page at a time, with their application counts.
export async function findAdminJobs({ db, query }: { db: Database; query: AdminJobListQuery }): Promise<AdminJobList> {
  const { page, page_size: pageSize, ...filter } = query;
  const where = whereOf(filter);
  const pageIds = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(where)
    .orderBy(desc(postedAt), desc(jobs.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: jobs.id,
        title: jobs.title,
        companyId: jobs.companyId,
        companyName: companies.name,
        status: jobs.status,
        publishedAt: jobs.publishedAt,
        createdAt: jobs.createdAt,
        applicationsCount: sql<number>`(select count(*) from ${applications} where ${applications.jobId} = ${jobs.id})::int`,
      })
      .from(jobs)
      .innerJoin(companies, eq(companies.id, jobs.companyId))
      .where(inArray(jobs.id, pageIds))
      .orderBy(desc(postedAt), desc(jobs.id)),
    db.select({ total: sql<number>`count(*)::int` }).from(jobs).where(where),
  ]);
  const items = rows.map(
    (row): AdminJob => ({
      id: row.id,
      title: row.title,
      company_id: row.companyId,
      company_name: row.companyName,
      status: row.status,
      applications_count: row.applicationsCount,
      posted_at: (row.publishedAt ?? row.createdAt).toISOString(),
    }),
  );
  return { items, total: counted?.total ?? 0, page, page_size: pageSize };
}
