import { and, eq, sql } from 'drizzle-orm';
import type { ApplicantStats } from '~/shared/applications';
import type { Database } from '../db/client';
import { applications, companies, jobs, savedJobs } from '../db/schema';
import { readableBy } from '../job-board/job-visibility';

// The five cards of the applicant dashboard, from the applicant's own rows. Each figure is what the
// page its card opens lists: every application, those in interviews, the offers waiting for an answer,
// the saved jobs.
export async function getApplicantStats({
  db,
  applicantId,
}: {
  db: Database;
  applicantId: string;
}): Promise<ApplicantStats> {
  const [[counts], [saved]] = await Promise.all([
    db
      .select({
        applications: sql<number>`count(*)::int`,
        interviews: sql<number>`(count(*) filter (where ${applications.status} = 'interviewing'))::int`,
        offers: sql<number>`(count(*) filter (where ${applications.status} = 'offered'))::int`,
      })
      .from(applications)
      .where(eq(applications.applicantId, applicantId)),
    // As the saved-jobs list counts them: a job archived since, or no longer visible, drops out.
    db
      .select({ value: sql<number>`count(*)::int` })
      .from(savedJobs)
      .innerJoin(jobs, eq(jobs.id, savedJobs.jobId))
      .innerJoin(companies, eq(companies.id, jobs.companyId))
      .where(and(eq(savedJobs.applicantId, applicantId), readableBy(applicantId))),
  ]);
  return {
    applications: counts?.applications ?? 0,
    interviews: counts?.interviews ?? 0,
    offers: counts?.offers ?? 0,
    saved_jobs: saved?.value ?? 0,
    // Hours come from time tracking (time_entries on the applicant's assignments, a later issue); until
    // it exists nobody has logged an hour, so the honest figure is 0.
    active_hours: 0,
  };
}
