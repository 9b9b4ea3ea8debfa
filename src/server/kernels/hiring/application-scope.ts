import { and, eq, type SQL } from 'drizzle-orm';
import { applicationTexts } from '~/shared/applications';
import type { Database } from '../../db/client';
import { applications, jobs } from '../../db/schema';
import { AppError } from '../../platform/errors';

// Whose applications a reader may see: a company member sees those to their company's jobs, an
// administrator any. Tenancy goes into the query, so a forgotten check finds nothing.
export type ApplicationReader = { companyId: string } | { anyCompany: true };

export function readerCondition(reader: ApplicationReader): SQL | undefined {
  return 'companyId' in reader ? eq(jobs.companyId, reader.companyId) : undefined;
}

// One application the company may act on, or a 404: another company's application does not exist as
// far as this company can tell.
export async function findCompanyApplication({
  db,
  companyId,
  id,
}: {
  db: Database;
  companyId: string;
  id: string;
}): Promise<{ id: string; jobId: string }> {
  const [found] = await db
    .select({ id: applications.id, jobId: applications.jobId })
    .from(applications)
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .where(and(eq(applications.id, id), eq(jobs.companyId, companyId)));
  if (!found) throw new AppError('not_found', applicationTexts.notFound);
  return found;
}
