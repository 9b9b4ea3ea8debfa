import { and, eq } from 'drizzle-orm';
import { jobBoardTexts, type SavedJobState } from '~/shared/job-board';
import type { Database } from '../db/client';
import { companies, jobs, savedJobs } from '../db/schema';
import { readableBy } from '../kernels/hiring/job-visibility';
import { AppError } from '../platform/errors';

// The Find Jobs heart, on. Saving a job saved already changes nothing (PUT is idempotent); a job the
// applicant may not see cannot be saved.
export async function saveJob({
  db,
  applicantId,
  jobId,
}: {
  db: Database;
  applicantId: string;
  jobId: string;
}): Promise<SavedJobState> {
  const [job] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .where(and(eq(jobs.id, jobId), readableBy(applicantId)));
  if (!job) throw new AppError('not_found', jobBoardTexts.jobNotFound);
  await db.insert(savedJobs).values({ applicantId, jobId }).onConflictDoNothing();
  return { job_id: jobId, is_saved: true };
}
