import { and, eq, gte, sql } from 'drizzle-orm';
import { applicationSources } from '~/shared/job-reach';
import type { HiringAnalytics } from '~/shared/jobs';
import type { Database } from '../db/client';
import { applications, jobs } from '../db/schema';
import { averageDaysToHire } from './summarize-jobs';

const ANALYTICS_WEEKS = 12;
const DAY_MS = 24 * 60 * 60 * 1000;

// Sunday 00:00 UTC of the week a moment falls in.
export function startOfWeek(moment: Date): Date {
  const day = new Date(Date.UTC(moment.getUTCFullYear(), moment.getUTCMonth(), moment.getUTCDate()));
  return new Date(day.getTime() - day.getUTCDay() * DAY_MS);
}

const ratio = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 10_000) / 10_000);

// The Analytics tab: where applications came from (each source's applications and hires), conversion (hires ÷ applications), offer acceptance (offers that ended in a hire
// ÷ offers answered: one still waiting is neither accepted nor declined), time-to-hire, and the applicants of the last 12 weeks (Sunday to Saturday, UTC,
// this week last, weeks without any shown as 0).
export async function analyzeHiring({
  db,
  companyId,
  now = new Date(),
}: {
  db: Database;
  companyId: string;
  now?: Date;
}): Promise<HiringAnalytics> {
  const firstWeek = new Date(startOfWeek(now).getTime() - (ANALYTICS_WEEKS - 1) * 7 * DAY_MS);
  const weekOf = sql<string>`to_char(date_trunc('day', ${applications.createdAt} at time zone 'UTC')
    - (extract(dow from ${applications.createdAt} at time zone 'UTC')::int * interval '1 day'), 'YYYY-MM-DD')`;
  const [[totals], weekly, avgTimeToHire, sources] = await Promise.all([
    db
      .select({
        applications: sql<number>`count(*)::int`,
        hires: sql<number>`(count(*) filter (where ${applications.hiredAt} is not null))::int`,
        offers: sql<number>`(count(*) filter (where ${applications.offeredAt} is not null))::int`,
        offersAccepted: sql<number>`(count(*) filter (where ${applications.offeredAt} is not null
          and ${applications.hiredAt} is not null))::int`,
        offersOpen: sql<number>`(count(*) filter (where ${applications.status} = 'offered'))::int`,
      })
      .from(applications)
      .innerJoin(jobs, eq(jobs.id, applications.jobId))
      .where(eq(jobs.companyId, companyId)),
    db
      .select({ week: weekOf, applicants: sql<number>`count(*)::int` })
      .from(applications)
      .innerJoin(jobs, eq(jobs.id, applications.jobId))
      .where(and(eq(jobs.companyId, companyId), gte(applications.createdAt, firstWeek)))
      .groupBy(weekOf),
    averageDaysToHire({ db, companyId }),
    db
      .select({
        source: applications.source,
        applications: sql<number>`count(*)::int`,
        hires: sql<number>`(count(*) filter (where ${applications.hiredAt} is not null))::int`,
      })
      .from(applications)
      .innerJoin(jobs, eq(jobs.id, applications.jobId))
      .where(eq(jobs.companyId, companyId))
      .groupBy(applications.source),
  ]);
  const bySource = new Map(sources.map((row) => [row.source, row]));
  const byWeek = new Map(weekly.map((row) => [row.week, row.applicants]));
  const applicationsCount = totals?.applications ?? 0;
  const hires = totals?.hires ?? 0;
  const offers = totals?.offers ?? 0;
  const offersAccepted = totals?.offersAccepted ?? 0;
  const offersOpen = totals?.offersOpen ?? 0;
  return {
    applications: applicationsCount,
    hires,
    offers,
    offers_accepted: offersAccepted,
    offers_open: offersOpen,
    conversion_rate: ratio(hires, applicationsCount),
    offer_acceptance_rate: ratio(offersAccepted, offers - offersOpen),
    avg_time_to_hire_days: avgTimeToHire,
    applicants_per_week: Array.from({ length: ANALYTICS_WEEKS }, (_, index) => {
      const weekStart = new Date(firstWeek.getTime() + index * 7 * DAY_MS).toISOString().slice(0, 10);
      return { week_start: weekStart, applicants: byWeek.get(weekStart) ?? 0 };
    }),
    by_source: applicationSources.map((source) => ({
      source,
      applications: Number(bySource.get(source)?.applications ?? 0),
      hires: Number(bySource.get(source)?.hires ?? 0),
    })),
  };
}
