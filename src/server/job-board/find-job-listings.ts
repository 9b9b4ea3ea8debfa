import { count, eq, sql } from 'drizzle-orm';
import type { JobListingList } from '~/shared/job-board';
import type { Database } from '../db/client';
import { applications, companies, jobs } from '../db/schema';
import { listingColumns, ownApplication, toListing } from './job-listing-views';
import { listedFor } from './job-visibility';
import { allOf, buildSearchConditions, buildSearchOrder, type JobBoardFilters } from './search-conditions';

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
  const where = allOf([listedFor(applicantId), ...buildSearchConditions(query)]);
  const rows = await db
    .select({ ...listingColumns(applicantId), total: sql<number>`(count(*) over ())::int` })
    .from(jobs)
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .leftJoin(applications, ownApplication(applicantId))
    .where(where)
    .orderBy(...buildSearchOrder(query.sort, query.q))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  // Past the last page the window count has no row to ride on.
  const total =
    rows[0]?.total ??
    (page > 1
      ? ((
          await db
            .select({ value: count() })
            .from(jobs)
            .innerJoin(companies, eq(companies.id, jobs.companyId))
            .where(where)
        )[0]?.value ?? 0)
      : 0);
  return { items: rows.map(toListing), total, page, page_size: pageSize };
}
