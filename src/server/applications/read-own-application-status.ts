import { and, eq } from 'drizzle-orm';
import { type ApplicationStatus, applicationTexts } from '~/shared/applications';
import type { Database } from '../db/client';
import { applications } from '../db/schema';
import { AppError } from '../platform/errors';

// The stage of one of the applicant's own applications; someone else's is a 404, as if it did not exist.
export async function readOwnApplicationStatus({
  db,
  applicantId,
  applicationId,
}: {
  db: Database;
  applicantId: string;
  applicationId: string;
}): Promise<ApplicationStatus> {
  const [row] = await db
    .select({ status: applications.status })
    .from(applications)
    .where(and(eq(applications.id, applicationId), eq(applications.applicantId, applicantId)));
  if (!row) throw new AppError('not_found', applicationTexts.notFound);
  return row.status;
}
