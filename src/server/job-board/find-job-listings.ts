import { eq, sql } from 'drizzle-orm';
import type { JobListingList } from '~/shared/job-board';
import type { Database } from '../db/client';
import { preparedStatements } from '../db/prepared-statements';
import { applications, companies, jobs } from '../db/schema';
import { listedFor } from '../kernels/hiring/job-visibility';
import { type ListingRow, listingColumns, ownApplication, toListing } from './job-listing-views';
import {
  buildSearchOrder,
  type JobBoardFilters,
  searchCountOf,
  searchPageOfIds,
  searchShapeOf,
  searchValuesOf,
  totalOf,
} from './search-conditions';

const applicant = sql.placeholder('applicantId');

// A page of a search, joined to the company and to the applicant's application.
const searchPage = preparedStatements((db, shape: string) => {
  const pageOfJobs = searchPageOfIds(db, shape, listedFor(applicant));
  return db
    .select({ ...listingColumns(applicant), total: pageOfJobs.total })
    .from(pageOfJobs)
    .innerJoin(jobs, eq(jobs.id, pageOfJobs.id))
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .leftJoin(applications, ownApplication(applicant))
    .orderBy(...buildSearchOrder(shape))
    .prepare(`find_jobs_${shape}`);
});

const searchCount = preparedStatements((db, shape: string) =>
  searchCountOf(db, shape, listedFor(applicant)).prepare(`count_jobs_${shape}`),
);

// Find Jobs: the jobs listed for this applicant, searched, filtered, sorted and paged in the database.
// Each says whether the applicant saved it and where their application to it stands.
export async function findJobListings({
  db,
  applicantId,
  query,
}: {
  db: Database;
  applicantId: string;
  query: JobBoardFilters;
}): Promise<JobListingList> {
  const { page, page_size: pageSize } = query;
  const shape = searchShapeOf(query);
  const values = { ...searchValuesOf(query), applicantId };
  const pageRows: Promise<Array<ListingRow & { total: number | null }>> = searchPage(db, shape).execute({
    ...values,
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  const total = await totalOf(shape, page, pageRows, () => searchCount(db, shape).execute(values));
  const rows = await pageRows;
  return { items: rows.map(toListing), total, page, page_size: pageSize };
}
