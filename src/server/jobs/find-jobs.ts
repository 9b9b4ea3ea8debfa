import { count, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { JobList, jobListQuerySchema } from '~/shared/jobs';
import type { Database } from '../db/client';
import { applications, companies, jobs } from '../db/schema';
import { buildJobListConditions, buildJobListOrder } from './job-list-filters';
import { selectJobViews, toJob } from './load-job-views';

type JobSort = z.output<typeof jobListQuerySchema>['sort'];

// The company's job list: filtered, sorted and paged in the database, in one statement. A CTE picks
// the page's ids with the number of matches; the outer query adds each of those jobs' figures, so
// only the page's jobs have their applications read.
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
  const pageIds = db.$with('page').as(
    selectJobIds({ db, companyId, where, sort: query.sort, isSearch: Boolean(query.q) || query.tags.length > 0 })
      .limit(pageSize)
      .offset((page - 1) * pageSize),
  );
  const { columns, figures } = selectJobViews(db);
  const rows = await db
    .with(pageIds)
    .select({ ...columns, total: pageIds.total })
    .from(pageIds)
    .innerJoin(jobs, eq(jobs.id, pageIds.id))
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .leftJoinLateral(figures, sql`true`)
    .orderBy(...buildJobListOrder(query.sort, sql`coalesce(${figures.total}, 0)`));
  // Past the last page the window count has no row to ride on.
  const total =
    rows[0]?.total ?? (page > 1 ? ((await db.select({ value: count() }).from(jobs).where(where))[0]?.value ?? 0) : 0);
  return { items: rows.map(toJob), total, page, page_size: pageSize };
}

// The ids of the matching jobs in list order, each with the number of matches.
export function selectJobIds({
  db,
  companyId,
  where,
  sort,
  isSearch,
}: {
  db: Database;
  companyId: string;
  where: SQL;
  sort: JobSort;
  // A text or tag search has to read every candidate row anyway: one scan then both counts the
  // matches (a window count) and finds the page. Without one, the count comes from the status index
  // alone and the page from the launch-date index, reading only the page's rows.
  isSearch: boolean;
}) {
  const countsByIndex = !isSearch && sort !== 'applications_desc';
  const columns = {
    id: jobs.id,
    total: (countsByIndex
      ? sql<number>`(select count(*) from ${jobs} where ${where})::int`
      : sql<number>`(count(*) over ())::int`
    ).as('matches'),
  };
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
    .select({ jobId: applications.jobId, applications: sql<number>`count(*)::int`.as('application_count') })
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
