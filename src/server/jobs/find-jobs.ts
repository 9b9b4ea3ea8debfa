import { createHash } from 'node:crypto';
import { count, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { JobList, jobListQuerySchema } from '~/shared/jobs';
import type { Database } from '../db/client';
import { applications, companies, jobs } from '../db/schema';
import { selectJobViews, toJob } from '../kernels/hiring/load-job-views';
import {
  buildJobListConditions,
  buildJobListOrder,
  jobListValues,
  jobSortKeys,
  placeholders,
} from './job-list-filters';

type JobSort = z.output<typeof jobListQuerySchema>['sort'];

type ListQuery = z.output<typeof jobListQuerySchema>;

// Which filters are set and the sort: each shape is one statement, built and prepared once per database.
function shapeOf(query: ListQuery): string {
  const set = (value: unknown) => ((Array.isArray(value) ? value.length > 0 : Boolean(value)) ? 1 : 0);
  return [
    query.sort,
    set(query.q),
    set(query.tags),
    set(query.status),
    set(query.launched_from),
    set(query.launched_to),
  ].join(':');
}

function buildListStatement(db: Database, query: ListQuery) {
  const companyId = sql.placeholder('companyId');
  const where = buildJobListConditions('', query, placeholders);
  const pageIds = db.$with('page').as(
    selectJobIds({ db, companyId, where, sort: query.sort, isSearch: Boolean(query.q) || query.tags.length > 0 })
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset')),
  );
  const { columns, figures } = selectJobViews(db);
  const statement = db
    .with(pageIds)
    .select({ ...columns, total: pageIds.total })
    .from(pageIds)
    .innerJoin(jobs, eq(jobs.id, pageIds.id))
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .leftJoinLateral(figures, sql`true`)
    .orderBy(...buildJobListOrder(query.sort, jobSortKeys(sql`coalesce(${figures.total}, 0)`)));
  // A named statement: each database connection plans it once, not on every request. The name follows
  // the SQL text.
  const name = `jobs_list_${createHash('sha256').update(statement.toSQL().sql).digest('base64url').slice(0, 20)}`;
  return statement.prepare(name);
}

const listStatements = new WeakMap<Database, Map<string, ReturnType<typeof buildListStatement>>>();

// The company's job list: filtered, sorted and paged in the database, in one statement. A CTE picks
// the page's ids with the number of matches; the outer query adds each of those jobs' figures, so
// only the page's jobs have their applications read. Building the statement costs more than running
// it, so it is built once per shape of filters and run with this request's values.
export async function findJobs({
  db,
  companyId,
  query,
}: {
  db: Database;
  companyId: string;
  query: ListQuery;
}): Promise<JobList> {
  const { page, page_size: pageSize } = query;
  let statements = listStatements.get(db);
  if (!statements) {
    statements = new Map();
    listStatements.set(db, statements);
  }
  const shape = shapeOf(query);
  let statement = statements.get(shape);
  if (!statement) {
    statement = buildListStatement(db, query);
    statements.set(shape, statement);
  }
  const rows = await statement.execute({
    ...jobListValues(companyId, query),
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  // Past the last page the window count has no row to ride on.
  const total =
    rows[0]?.total ??
    (page > 1
      ? ((await db.select({ value: count() }).from(jobs).where(buildJobListConditions(companyId, query)))[0]?.value ??
        0)
      : 0);
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
  // The company's id, or the placeholder that stands for it in a prepared statement.
  companyId: string | SQLWrapper;
  where: SQL;
  sort: JobSort;
  // Whether the filters include a text or tag search (see below).
  isSearch: boolean;
}) {
  const countsByIndex = !isSearch && sort !== 'applications_desc';
  const counts = db
    .select({ jobId: applications.jobId, applications: sql<number>`count(*)::int`.as('application_count') })
    .from(applications)
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .where(eq(jobs.companyId, companyId))
    .groupBy(applications.jobId)
    .as('counts');
  const keys = jobSortKeys(sort === 'applications_desc' ? sql`coalesce(${counts.applications}, 0)` : sql`0`);
  const candidates = db
    .select({
      id: jobs.id,
      launch: sql<Date>`${keys.launch}`.as('launch_key'),
      title: sql<string>`${keys.title}`.as('title_key'),
      applications: sql<number>`${keys.applications}`.as('applications_key'),
      total: (countsByIndex
        ? // Status and dates only: the count reads the status index alone, and the planner reads the
          // page in order from the launch-date index (this subquery folds into the outer query).
          sql<number>`(select count(*) from ${jobs} where ${where})::int`
        : // A search reads every candidate row anyway: one scan finds and counts the matches, and
          // the window keeps this subquery apart, so only the matches are sorted instead of the
          // launch-date index being walked in order and filtered row by row.
          sql<number>`(count(*) over ())::int`
      ).as('matches'),
    })
    .from(jobs);
  // Only the applications sort needs every matching job's application count, from one grouped scan.
  const matching = (sort === 'applications_desc' ? candidates.leftJoin(counts, eq(counts.jobId, jobs.id)) : candidates)
    .where(where)
    .as('matching');
  return db
    .select({ id: matching.id, total: matching.total })
    .from(matching)
    .orderBy(
      ...buildJobListOrder(sort, {
        launch: matching.launch,
        title: matching.title,
        applications: matching.applications,
        id: matching.id,
      }),
    )
    .$dynamic();
}
