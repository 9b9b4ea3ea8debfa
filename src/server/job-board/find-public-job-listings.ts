import { count, eq, sql } from 'drizzle-orm';
import type { PublicJobListingList } from '~/shared/job-board';
import type { Database } from '../db/client';
import { preparedStatements } from '../db/prepared-statements';
import { companies, jobs } from '../db/schema';
import { publiclyListed } from '../platform/job-visibility';
import { type PostedListingRow, postedListingColumns, toPostedListing } from './job-listing-views';
import {
  allOf,
  buildSearchConditions,
  buildSearchOrder,
  type JobBoardFilters,
  searchShapeOf,
  searchValuesOf,
} from './search-conditions';

// A page of the public board: Find Jobs' search (search-conditions.ts) over the open public jobs, chosen and
// counted on the narrow columns of every match, then only its own rows read whole.
const searchPage = preparedStatements((db, shape: string) => {
  const where = allOf([publiclyListed, ...buildSearchConditions(shape)]);
  const order = buildSearchOrder(shape);
  const pageOfJobs = db
    .select({ id: jobs.id, total: sql<number>`(count(*) over ())::int`.as('total') })
    .from(jobs)
    .where(where)
    .orderBy(...order)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('page_of_jobs');
  return db
    .select({ ...postedListingColumns, total: pageOfJobs.total })
    .from(pageOfJobs)
    .innerJoin(jobs, eq(jobs.id, pageOfJobs.id))
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .orderBy(...order)
    .prepare(`find_public_jobs_${shape}`);
});

// Past the last page the window count has no row to ride on.
const searchCount = preparedStatements((db, shape: string) =>
  db
    .select({ value: count() })
    .from(jobs)
    .where(allOf([publiclyListed, ...buildSearchConditions(shape)]))
    .prepare(`count_public_jobs_${shape}`),
);

// The public job board (/jobs): the open public jobs of active companies, searched, filtered, sorted and
// paged in the database, as anyone may read them.
export async function findPublicJobListings({
  db,
  query,
}: {
  db: Database;
  query: JobBoardFilters;
}): Promise<PublicJobListingList> {
  const { page, page_size: pageSize } = query;
  const shape = searchShapeOf(query);
  const values = searchValuesOf(query);
  const rows: Array<PostedListingRow & { total: number }> = await searchPage(db, shape).execute({
    ...values,
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  const total = rows[0]?.total ?? (page > 1 ? ((await searchCount(db, shape).execute(values))[0]?.value ?? 0) : 0);
  return { items: rows.map(toPostedListing), total, page, page_size: pageSize };
}
