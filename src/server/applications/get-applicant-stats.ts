import { and, eq, lte, sql } from 'drizzle-orm';
import type { ApplicantStats } from '~/shared/applications';
import type { Database } from '../db/client';
import { applications, assignments, companies, jobs, savedJobs, timeEntries, timesheets } from '../db/schema';
import { readableBy } from '../kernels/hiring/job-visibility';
import { todayOf, weekStartOf } from '../platform/work-calendar';

// The five cards of the applicant dashboard, from the applicant's own rows. Each figure is what the
// page its card opens lists: every application, those in interviews, the offers waiting for an answer,
// the saved jobs.
export async function getApplicantStats({
  db,
  applicantId,
  now = new Date(),
}: {
  db: Database;
  applicantId: string;
  now?: Date;
}): Promise<ApplicantStats> {
  const today = todayOf(now);
  const [[counts], [saved], [logged], [working]] = await Promise.all([
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
    // This week's hours (Sunday to today) on the assignments they are working on now.
    db
      .select({ minutes: sql<number>`coalesce(sum(${timeEntries.minutes}), 0)::int` })
      .from(timeEntries)
      .innerJoin(timesheets, eq(timesheets.id, timeEntries.timesheetId))
      .innerJoin(assignments, eq(assignments.id, timesheets.assignmentId))
      .where(
        and(
          eq(assignments.applicantId, applicantId),
          eq(assignments.status, 'active'),
          eq(timesheets.weekStart, weekStartOf(today)),
          lte(timeEntries.workDate, today),
        ),
      ),
    db
      .select({ value: sql<number>`count(*)::int` })
      .from(assignments)
      .where(and(eq(assignments.applicantId, applicantId), eq(assignments.status, 'active'))),
  ]);
  return {
    applications: counts?.applications ?? 0,
    interviews: counts?.interviews ?? 0,
    offers: counts?.offers ?? 0,
    saved_jobs: saved?.value ?? 0,
    // Whole hours, as the card reads them ('12/40'): an hour counts once it is complete.
    active_hours: Math.floor((logged?.minutes ?? 0) / 60),
    active_assignments: working?.value ?? 0,
  };
}
