import { and, eq } from 'drizzle-orm';
import type { JobInvitation } from '~/shared/job-board';
import { talentTexts } from '~/shared/talent-search';
import type { Database } from '../db/client';
import { applications, jobs } from '../db/schema';
import { inviteToJob } from '../kernels/hiring/invite-to-job';
import { findCandidate } from '../kernels/profiles/candidate-views';
import { AppError } from '../platform/errors';

// "Invite to apply" from Talent Search: a findable candidate, one of the company's open jobs, and no
// application to it yet. The invitation itself (and the candidate's notification) is the job board's.
export async function inviteCandidate({
  db,
  companyId,
  actorId,
  ipAddress,
  applicantId,
  jobId,
}: {
  db: Database;
  companyId: string;
  actorId: string;
  ipAddress?: string;
  applicantId: string;
  jobId: string;
}): Promise<{ invitation: JobInvitation; isNew: boolean }> {
  const candidate = await findCandidate({ db, companyId, applicantId });
  if (!candidate) throw new AppError('not_found', talentTexts.notFound);
  const [job] = await db
    .select({ status: jobs.status })
    .from(jobs)
    .where(and(eq(jobs.id, jobId), eq(jobs.companyId, companyId)));
  if (job?.status !== 'open') {
    throw new AppError('conflict', talentTexts.inviteJobNotOpen, { job_id: talentTexts.inviteJobNotOpen });
  }
  const [applied] = await db
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.jobId, jobId), eq(applications.applicantId, applicantId)));
  if (applied) throw new AppError('conflict', talentTexts.alreadyApplied, { job_id: talentTexts.alreadyApplied });
  return inviteToJob({ db, companyId, actorId, ipAddress, jobId, applicantId });
}
