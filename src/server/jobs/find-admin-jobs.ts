import { and, desc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AdminJob, AdminJobList, AdminJobListQuery } from '~/shared/admin-jobs';
import type { Database } from '../db/client';
import { applications, companies, jobs } from '../db/schema';

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

// A soft-deleted company's jobs are gone with it; the search matches the title or the company's name.
function whereOf({ q, status, company_id }: Omit<AdminJobListQuery, 'page' | 'page_size'>): SQL | undefined {
  const search = q?.trim();
  return and(
    isNull(companies.deletedAt),
    search ? or(ilike(jobs.title, likePattern(search)), ilike(companies.name, likePattern(search))) : undefined,
    status ? eq(jobs.status, status) : undefined,
    company_id ? eq(jobs.companyId, company_id) : undefined,
  );
}

const postedAt = sql<Date>`coalesce(${jobs.publishedAt}, ${jobs.createdAt})`;

// Every company's jobs, newest posted first, a page at a time, with their application counts.
export async function findAdminJobs({ db, query }: { db: Database; query: AdminJobListQuery }): Promise<AdminJobList> {
  const { page, page_size: pageSize, ...filter } = query;
  const where = whereOf(filter);
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
      .where(where)
      .orderBy(desc(postedAt), desc(jobs.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(jobs)
      .innerJoin(companies, eq(companies.id, jobs.companyId))
      .where(where),
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
