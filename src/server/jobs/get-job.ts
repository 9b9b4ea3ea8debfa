import { jobEditTexts } from '~/shared/jobs';
import type { Database } from '../db/client';
import { loadJobViews } from '../kernels/hiring/load-job-views';
import { AppError } from '../platform/errors';

// One of the company's jobs; another company's job does not exist as far as this company can tell.
export async function getJob({ db, companyId, id }: { db: Database; companyId: string; id: string }) {
  const [job] = await loadJobViews({ db, companyId, ids: [id] });
  if (!job) throw new AppError('not_found', jobEditTexts.notFound);
  return job;
}
