import { and, eq } from 'drizzle-orm';
import { jobBoardTexts, type PublicJobView, type PublicJobViewer, type PublicJobWithCompany } from '~/shared/job-board';
import type { Role } from '~/shared/permissions';
import type { Database } from '../db/client';
import { applications, companies, jobs } from '../db/schema';
import { publiclyListed } from '../kernels/hiring/job-visibility';
import { AppError } from '../platform/errors';
import { loadRequiredTests, myApplicationOf } from './job-listing-views';
import { loadPublicCompany } from './public-company';
import { publicJobColumns, toPublicJob } from './public-job-views';

// An open public job as anyone may read it (the /jobs/:id page), with who is reading it, so the page offers
// a signed-in applicant Apply (or says they applied) and others what fits them. Any other job does not
// exist here.
export async function getPublicJob({
  db,
  id,
  viewer,
}: {
  db: Database;
  id: string;
  // The signed-in person, or null.
  viewer: { userId: string; role: Role } | null;
}): Promise<PublicJobView> {
  const job = await findPublicJob({ db, id });
  if (!job) throw new AppError('not_found', jobBoardTexts.jobNotFound);
  return { ...job, viewer: viewer && (await describeViewer(db, id, viewer)) };
}

async function describeViewer(
  db: Database,
  jobId: string,
  { userId, role }: { userId: string; role: Role },
): Promise<PublicJobViewer> {
  if (role !== 'applicant') return { role, application: null };
  const [row] = await db
    .select({
      applicationId: applications.id,
      applicationStatus: applications.status,
      applicationCreatedAt: applications.createdAt,
    })
    .from(applications)
    .where(and(eq(applications.jobId, jobId), eq(applications.applicantId, userId)));
  return { role, application: row ? myApplicationOf(row) : null };
}

// The job and its company, or null: the server's HTML for /jobs/:id asks without a well-formed id being
// certain.
export async function findPublicJob({ db, id }: { db: Database; id: string }): Promise<PublicJobWithCompany | null> {
  const [row] = await db
    .select({ ...publicJobColumns, companyId: jobs.companyId })
    .from(jobs)
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .where(and(eq(jobs.id, id), publiclyListed));
  if (!row) return null;
  const [requiredTests, company] = await Promise.all([loadRequiredTests(db, id), loadPublicCompany(db, row.companyId)]);
  return company && { ...toPublicJob(row, requiredTests), company };
}
