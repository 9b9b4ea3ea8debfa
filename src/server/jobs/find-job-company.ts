import { eq } from 'drizzle-orm';
import { jobEditTexts } from '~/shared/jobs';
import type { Database } from '../db/client';
import { jobs } from '../db/schema';
import { AppError } from '../platform/errors';

// The company a job belongs to: the administrator's job routes act through the company's own job
// functions, which scope every query by it.
export async function findJobCompany({ db, jobId }: { db: Database; jobId: string }): Promise<string> {
  const [job] = await db.select({ companyId: jobs.companyId }).from(jobs).where(eq(jobs.id, jobId));
  if (!job) throw new AppError('not_found', jobEditTexts.notFound);
  return job.companyId;
}
