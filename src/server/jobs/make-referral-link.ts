import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { jobLinkWithSource, jobReachTexts } from '~/shared/job-reach';
import { jobEditTexts, type ReferralLink } from '~/shared/jobs';
import { paths } from '~/shared/routes';
import type { Database } from '../db/client';
import { applications, jobReferralLinks, jobs } from '../db/schema';
import { AppError } from '../platform/errors';

// A member's tracked link to one of their company's jobs (docs/decisions/058): made the first time they ask,
// the same link every time after (one per job and member, the unique index settling two asks at once). The
// code is random, not the member's id. A public job's link opens its public page; a private one's, the job
// in the applicant's portal (an invited applicant reads it there).
export async function makeReferralLink({
  db,
  companyId,
  userId,
  jobId,
  publicUrl,
}: {
  db: Database;
  companyId: string;
  userId: string;
  jobId: string;
  publicUrl: string;
}): Promise<ReferralLink> {
  const [job] = await db
    .select({ status: jobs.status, visibility: jobs.visibility })
    .from(jobs)
    .where(and(eq(jobs.id, jobId), eq(jobs.companyId, companyId)));
  if (!job) throw new AppError('not_found', jobEditTexts.notFound);
  if (job.status === 'draft') throw new AppError('conflict', jobReachTexts.referralDraft);
  if (job.status === 'archived') throw new AppError('conflict', jobReachTexts.referralArchived);
  await db
    .insert(jobReferralLinks)
    .values({ jobId, userId, code: randomBytes(8).toString('base64url') })
    .onConflictDoNothing({ target: [jobReferralLinks.jobId, jobReferralLinks.userId] });
  const [link] = await db
    .select({
      code: jobReferralLinks.code,
      applications: sql<number>`(select count(*)::int from ${applications}
        where ${applications.jobId} = ${jobId} and ${applications.referrerId} = ${userId})`,
    })
    .from(jobReferralLinks)
    .where(and(eq(jobReferralLinks.jobId, jobId), eq(jobReferralLinks.userId, userId)));
  if (!link) throw new Error('The referral link was not stored.');
  const page = job.visibility === 'public' ? paths.jobPost : paths.applicantJob;
  return {
    job_id: jobId,
    code: link.code,
    url: jobLinkWithSource(`${publicUrl}${page.getHref({ id: jobId })}`, { ref: link.code }),
    applications: Number(link.applications),
  };
}
