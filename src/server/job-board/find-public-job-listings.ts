import { eq } from 'drizzle-orm';
import type { PublicJobListingList } from '~/shared/job-board';
import type { Database } from '../db/client';
import { preparedStatements } from '../db/prepared-statements';
import { companies, jobs } from '../db/schema';
import { publiclyListed } from '../kernels/hiring/job-visibility';
import { type PostedListingRow, postedListingColumns, toPostedListing } from './job-listing-views';
import {
  buildSearchOrder,
  type JobBoardFilters,
  searchCountOf,
  searchPageOfIds,
  searchShapeOf,
  searchValuesOf,
  totalOf,
} from './search-conditions';

// A page of the public board: Find Jobs' search (search-conditions.ts) over the open public jobs, joined
// to the company.
const searchPage = preparedStatements((db, shape: string) => {
  const pageOfJobs = searchPageOfIds(db, shape, publiclyListed);
  return db
    .select({ ...postedListingColumns, total: pageOfJobs.total })
    .from(pageOfJobs)
    .innerJoin(jobs, eq(jobs.id, pageOfJobs.id))
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .orderBy(...buildSearchOrder(shape))
    .prepare(`find_public_jobs_${shape}`);
});

const searchCount = preparedStatements((db, shape: string) =>
  searchCountOf(db, shape, publiclyListed).prepare(`count_public_jobs_${shape}`),
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
  const pageRows: Promise<Array<PostedListingRow & { total: number | null }>> = searchPage(db, shape).execute({
    ...values,
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  const total = await totalOf(shape, page, pageRows, () => searchCount(db, shape).execute(values));
  const rows = await pageRows;
  return { items: rows.map(toPostedListing), total, page, page_size: pageSize };
}
