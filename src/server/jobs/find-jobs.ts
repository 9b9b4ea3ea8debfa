import { count, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { JobList, jobListQuerySchema } from '~/shared/jobs';
import type { Database } from '../db/client';
import { applications, jobs } from '../db/schema';
import { buildJobListConditions, buildJobListOrder } from './job-list-filters';
import { loadJobViews } from './load-job-views';

// The company's job list: filtered, sorted and paged in the database. Two round trips whatever the
// page size: the page's ids with the total (a window count), then the page's jobs with their figures.
export async function findJobs({
  db,
  companyId,
  query,
}: {
  db: Database;
  companyId: string;
  query: z.output<typeof jobListQuerySchema>;
}): Promise<JobList> {
  const where = buildJobListConditions(companyId, query);
  const { page, page_size: pageSize } = query;
  const pageIds = await selectJobIds({ db, companyId, where, sort: query.sort })
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  // Past the last page the window count has no row to ride on.
  const total =
    pageIds[0]?.total ??
    (page > 1 ? ((await db.select({ value: count() }).from(jobs).where(where))[0]?.value ?? 0) : 0);
  const items = await loadJobViews({ db, companyId, ids: pageIds.map((row) => row.id) });
  return { items, total, page, page_size: pageSize };
}

// The ids of the matching jobs in list order, each with the number of matches.
export function selectJobIds({
  db,
  companyId,
  where,
  sort,
}: {
  db: Database;
  companyId: string;
  where: SQL;
  sort: z.output<typeof jobListQuerySchema>['sort'];
}) {
  const columns = { id: jobs.id, total: sql<number>`(count(*) over ())::int` };
  if (sort !== 'applications_desc') {
    return db
      .select(columns)
      .from(jobs)
      .where(where)
      .orderBy(...buildJobListOrder(sort, sql`0`))
      .$dynamic();
  }
  // Only this sort needs every matching job's application count, from one grouped scan.
  const counts = db
    .select({ jobId: applications.jobId, applications: sql<number>`count(*)::int`.as('applications') })
    .from(applications)
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .where(eq(jobs.companyId, companyId))
    .groupBy(applications.jobId)
    .as('counts');
  return db
    .select(columns)
    .from(jobs)
    .leftJoin(counts, eq(counts.jobId, jobs.id))
    .where(where)
    .orderBy(...buildJobListOrder(sort, sql`coalesce(${counts.applications}, 0)`))
    .$dynamic();
}
