import { and, eq } from 'drizzle-orm';
import type { SavedJobState } from '~/shared/job-board';
import type { Database } from '../db/client';
import { savedJobs } from '../db/schema';

// The Find Jobs heart, off. Only the caller's own row can go; removing what is not saved changes nothing.
export async function unsaveJob({
  db,
  applicantId,
  jobId,
}: {
  db: Database;
  applicantId: string;
  jobId: string;
}): Promise<SavedJobState> {
  await db.delete(savedJobs).where(and(eq(savedJobs.applicantId, applicantId), eq(savedJobs.jobId, jobId)));
  return { job_id: jobId, is_saved: false };
}
