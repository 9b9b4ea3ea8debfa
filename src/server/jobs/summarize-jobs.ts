import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { JobSummary } from '~/shared/jobs';
import type { Database } from '../db/client';
import { applications, jobs, testAttempts, tests } from '../db/schema';

// Mean days from a job's first publication to each hire among the company's jobs, one decimal;
// null while nobody has been hired.
export async function averageDaysToHire({ db, companyId }: { db: Database; companyId: string }) {
  const [row] = await db
    .select({
      days: sql<
        number | null
      >`round((avg(extract(epoch from (${applications.hiredAt} - ${jobs.publishedAt}))) / 86400)::numeric, 1)::float8`,
    })
    .from(applications)
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .where(and(eq(jobs.companyId, companyId), isNotNull(applications.hiredAt), isNotNull(jobs.publishedAt)));
  return row?.days == null ? null : Number(row.days);
}

// The five cards of /company/jobs, from the company's own rows.
export async function summarizeJobs({ db, companyId }: { db: Database; companyId: string }): Promise<JobSummary> {
  const [statusCounts, [interviews], [attempts], avgTimeToHire] = await Promise.all([
    db
      .select({
        open: sql<number>`(count(*) filter (where ${jobs.status} = 'open'))::int`,
        paused: sql<number>`(count(*) filter (where ${jobs.status} = 'paused'))::int`,
      })
      .from(jobs)
      .where(eq(jobs.companyId, companyId)),
    db
      .select({ value: sql<number>`count(*)::int` })
      .from(applications)
      .innerJoin(jobs, eq(jobs.id, applications.jobId))
      .where(and(eq(jobs.companyId, companyId), eq(applications.status, 'interviewing'))),
    // Every assignment of the company's tests, whatever became of it: what the Tests tab's Attempts
    // column counts per test (load-test-summaries.ts), archived tests included.
    db
      .select({ value: sql<number>`count(*)::int` })
      .from(testAttempts)
      .innerJoin(tests, eq(tests.id, testAttempts.testId))
      .where(eq(tests.companyId, companyId)),
    averageDaysToHire({ db, companyId }),
  ]);
  return {
    open_jobs: statusCounts[0]?.open ?? 0,
    paused_jobs: statusCounts[0]?.paused ?? 0,
    pending_interviews: interviews?.value ?? 0,
    tests_assigned: attempts?.value ?? 0,
    avg_time_to_hire_days: avgTimeToHire,
  };
}
