import { and, eq } from 'drizzle-orm';
import { jobBoardTexts, type PublicJob } from '~/shared/job-board';
import type { Database } from '../db/client';
import { companies, jobs } from '../db/schema';
import { AppError } from '../platform/errors';
import { publiclyListed } from '../platform/job-visibility';
import { loadRequiredTests } from './job-listing-views';
import { publicJobColumns, toPublicJob } from './public-job-views';

// An open public job as anyone may read it (the /jobs/:id page); any other job does not exist here.
export async function getPublicJob({ db, id }: { db: Database; id: string }): Promise<PublicJob> {
  const job = await findPublicJob({ db, id });
  if (!job) throw new AppError('not_found', jobBoardTexts.jobNotFound);
  return job;
}

// The same, or null: the server's HTML for /jobs/:id asks without a well-formed id being certain.
export async function findPublicJob({ db, id }: { db: Database; id: string }): Promise<PublicJob | null> {
  const [row] = await db
    .select(publicJobColumns)
    .from(jobs)
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .where(and(eq(jobs.id, id), publiclyListed));
  return row ? toPublicJob(row, await loadRequiredTests(db, id)) : null;
}
