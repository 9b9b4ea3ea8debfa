import { and, eq } from 'drizzle-orm';
import { type JobPosting, jobBoardTexts } from '~/shared/job-board';
import type { Database } from '../db/client';
import { applications, companies, jobs } from '../db/schema';
import { readableBy } from '../kernels/hiring/job-visibility';
import { AppError } from '../platform/errors';
import {
  listingColumns,
  loadRequiredTests,
  loadWaitingTests,
  myApplicationOf,
  ownApplication,
} from './job-listing-views';
import { publicJobColumns, toPublicJob } from './public-job-views';

// One job's whole post as this applicant may read it, with where they stand (saved, applied, the
// required tests still waiting for them). A job they may not see answers as one that does not exist.
export async function getJobPosting({
  db,
  applicantId,
  id,
}: {
  db: Database;
  applicantId: string;
  id: string;
}): Promise<JobPosting> {
  const { isSaved, applicationId, applicationStatus, applicationCreatedAt } = listingColumns(applicantId);
  const [row] = await db
    .select({ ...publicJobColumns, isSaved, applicationId, applicationStatus, applicationCreatedAt })
    .from(jobs)
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .leftJoin(applications, ownApplication(applicantId))
    .where(and(eq(jobs.id, id), readableBy(applicantId)));
  if (!row) throw new AppError('not_found', jobBoardTexts.jobNotFound);
  const application = myApplicationOf(row);
  return {
    ...toPublicJob(row, await loadRequiredTests(db, id)),
    visibility: row.visibility,
    is_saved: Boolean(row.isSaved),
    application,
    waiting_tests: application ? await loadWaitingTests(db, applicantId, id) : [],
  };
}
