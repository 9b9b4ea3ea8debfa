import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { JobListingList, savedJobsQuerySchema } from '~/shared/job-board';
import type { Database } from '../db/client';
import { applications, companies, jobs, savedJobs } from '../db/schema';
import { readableBy } from '../kernels/hiring/job-visibility';
import { listingColumns, ownApplication, toListing } from './job-listing-views';

// The jobs this applicant saved, last saved first. A job that paused or closed since stays, saying so;
// one the company archived (or that the applicant may no longer see) drops out.
export async function findSavedJobs({
  db,
  applicantId,
  query,
}: {
  db: Database;
  applicantId: string;
  query: z.output<typeof savedJobsQuerySchema>;
}): Promise<JobListingList> {
  const { page, page_size: pageSize } = query;
  const where = and(eq(savedJobs.applicantId, applicantId), readableBy(applicantId));
  const rows = await db
    .select({ ...listingColumns(applicantId), total: sql<number>`(count(*) over ())::int` })
    .from(savedJobs)
    .innerJoin(jobs, eq(jobs.id, savedJobs.jobId))
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .leftJoin(applications, ownApplication(applicantId))
    .where(where)
    .orderBy(desc(savedJobs.createdAt), desc(jobs.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const total =
    rows[0]?.total ??
    (page > 1
      ? ((
          await db
            .select({ value: count() })
            .from(savedJobs)
            .innerJoin(jobs, eq(jobs.id, savedJobs.jobId))
            .innerJoin(companies, eq(companies.id, jobs.companyId))
            .where(where)
        )[0]?.value ?? 0)
      : 0);
  return { items: rows.map(toListing), total, page, page_size: pageSize };
}
