import { and, eq, ne } from 'drizzle-orm';
import { type ApplicationSource, isLinkSource, isReferralCode } from '~/shared/job-reach';
import type { Database } from '../db/client';
import { jobReferralLinks } from '../db/schema';

// Where an application came from, as the server believes it (docs/decisions/058): a referral code of this
// job's own links, not the applicant's, credits its member; otherwise a source the platform knows; anything
// else (nothing, a made-up source, another job's code) is the Tandem board.
export async function applicationSourceOf({
  db,
  jobId,
  applicantId,
  source,
  ref,
}: {
  db: Database;
  jobId: string;
  applicantId: string;
  source?: string | null;
  ref?: string | null;
}): Promise<{ source: ApplicationSource; referrerId: string | null }> {
  if (isReferralCode(ref)) {
    const [link] = await db
      .select({ userId: jobReferralLinks.userId })
      .from(jobReferralLinks)
      .where(
        and(
          eq(jobReferralLinks.code, ref),
          eq(jobReferralLinks.jobId, jobId),
          ne(jobReferralLinks.userId, applicantId),
        ),
      );
    if (link) return { source: 'referral', referrerId: link.userId };
  }
  return { source: isLinkSource(source) ? source : 'tandem', referrerId: null };
}
