import { and, eq } from 'drizzle-orm';
import type { JobAgreements } from '~/shared/agreements';
import type { Database } from '../db/client';
import { jobAgreementSets, jobs } from '../db/schema';
import { findAgreementSettings } from '../kernels/agreements/agreement-settings';
import { AppError } from '../platform/errors';

export const jobNotFound = 'This job does not exist.';

// A job of the company, or a 404 (another company's job is one too).
export async function requireCompanyJob(db: Database, companyId: string, jobId: string): Promise<void> {
  const [job] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.id, jobId), eq(jobs.companyId, companyId)));
  if (!job) throw new AppError('not_found', jobNotFound);
}

// What a job's offers start with: its own set when it has one, else the company's default set.
export async function findJobAgreements({
  db,
  companyId,
  jobId,
}: {
  db: Database;
  companyId: string;
  jobId: string;
}): Promise<JobAgreements> {
  await requireCompanyJob(db, companyId, jobId);
  const [own] = await db.select().from(jobAgreementSets).where(eq(jobAgreementSets.jobId, jobId));
  const templates = own?.templates ?? null;
  return { templates, effective: templates ?? (await findAgreementSettings(db, companyId)).default_templates };
}
