import { type AnyColumn, and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { applicationStatusesNeverNew } from '~/shared/applications';
import { currencyOf } from '~/shared/currencies';
import { type Job, type JobPipelineStage, visiblePipelineStage } from '~/shared/jobs';
import type { Database } from '../../db/client';
import { applications, companies, jobs, jobTests } from '../../db/schema';

const pipelineStageByRank: Record<number, JobPipelineStage | null> = {
  0: null,
  1: 'interviewing',
  2: 'offer',
  3: 'filled',
};

// The ranks whose stage an open job shows beside its status (visiblePipelineStage: Interviewing, Offer),
// for SQL that must sort jobs as the Jobs list badges them (the company dashboard's pipeline).
export const openJobStageRanks = Object.entries(pipelineStageByRank)
  .filter(([, stage]) => visiblePipelineStage('open', stage) !== null)
  .map(([rank]) => Number(rank));

// The pipeline badge's rank, an aggregate over one job's applications (`openings` is that job's): Filled (3)
// once hires fill every opening; until then the furthest stage an application still in play has reached
// (an offer out 2, interviews 1, else 0), so a job hiring three people shows Offer rather than Filled after
// its first hire.
export const pipelineStageRankOf = (openings: SQL | AnyColumn) => sql<number>`(case
    when count(*) filter (where ${applications.status} = 'hired') >= ${openings} then 3
    else coalesce(max(case ${applications.status} when 'offered' then 2 when 'interviewing' then 1 else 0 end), 0)
  end)::int`;

export const centsToDollars = (cents: number | null) => (cents == null ? null : cents / 100);

// A job's budget as the API and the publishing rules speak of it: dollars, not the stored cents.
export function jobBudget(
  job: Pick<typeof jobs.$inferSelect, 'budgetMinCents' | 'budgetMaxCents' | 'budgetTotalCents'>,
) {
  return {
    budget_min: centsToDollars(job.budgetMinCents),
    budget_max: centsToDollars(job.budgetMaxCents),
    budget_total: centsToDollars(job.budgetTotalCents),
  };
}

// An application new to the company (the rule of applicationStatusesNeverNew): nobody acted on it yet and
// arrived after `seenAt` (null: never seen), by default when the job's applications were last opened.
const actedOnStatuses = sql.raw(applicationStatusesNeverNew.map((status) => `'${status}'`).join(', '));
export const isNewApplicationSince = (seenAt: SQL | AnyColumn) =>
  sql<boolean>`(${applications.createdAt} > coalesce(${seenAt}, '-infinity'::timestamptz)
  and ${applications.status} not in (${actedOnStatuses}))`;
export const isNewApplication = isNewApplicationSince(jobs.applicationsSeenAt);

// A job's application figures, computed per job by a lateral subquery: a page of 20 jobs reads the
// applications of those 20 jobs only. (Inside it, applications_seen_at and openings are the outer job's.)
const applicationFigures = (db: Database) =>
  db
    .select({
      total: sql<number>`count(*)::int`.as('applications_total'),
      fresh: sql<number>`(count(*) filter (where ${isNewApplication}))::int`.as('applications_new'),
      hired: sql<number>`(count(*) filter (where ${applications.status} = 'hired'))::int`.as('applications_hired'),
      stageRank: pipelineStageRankOf(jobs.openings).as('stage_rank'),
    })
    .from(applications)
    .where(eq(applications.jobId, jobs.id))
    .as('figures');

// The columns of a job as the API shows it: the row, its company's name, its required tests and its
// application figures, in one statement.
export function selectJobViews(db: Database) {
  const figures = applicationFigures(db);
  const columns = {
    job: jobs,
    companyName: companies.name,
    currency: companies.billingCurrency,
    testIds: sql<
      string[]
    >`array(select ${jobTests.testId}::text from ${jobTests} where ${jobTests.jobId} = ${jobs.id} order by 1)`,
    applicationsCount: figures.total,
    newApplicationsCount: figures.fresh,
    hiredCount: figures.hired,
    stageRank: figures.stageRank,
  };
  return { columns, figures };
}

type JobViewRow = {
  job: typeof jobs.$inferSelect;
  companyName: string;
  currency: string;
  testIds: string[];
  applicationsCount: number | null;
  newApplicationsCount: number | null;
  hiredCount: number | null;
  stageRank: number | null;
};

export function toJob({
  job,
  companyName,
  currency,
  testIds,
  applicationsCount,
  newApplicationsCount,
  hiredCount,
  stageRank,
}: JobViewRow) {
  return {
    id: job.id,
    company_name: companyName,
    title: job.title,
    description: job.description,
    engagement_type: job.engagementType,
    ...jobBudget(job),
    currency: currencyOf(currency),
    weekly_hours: job.weeklyHours,
    openings: job.openings,
    hired_count: hiredCount ?? 0,
    start_date: job.startDate,
    closes_on: job.closesOn,
    applicant_locations: job.applicantLocations,
    skill_tags: job.skillTags,
    timezone: job.timezone,
    test_ids: testIds,
    required_certs: job.requiredCerts,
    screening_questions: job.screeningQuestions,
    interview_stages: job.interviewStages,
    visibility: job.visibility,
    cc_email: job.ccEmail,
    status: job.status,
    launch_date: (job.publishedAt ?? job.createdAt).toISOString(),
    published_at: job.publishedAt?.toISOString() ?? null,
    closed_at: job.closedAt?.toISOString() ?? null,
    created_at: job.createdAt.toISOString(),
    updated_at: job.updatedAt.toISOString(),
    applications_count: applicationsCount ?? 0,
    new_applications_count: newApplicationsCount ?? 0,
    applications_seen_at: job.applicationsSeenAt?.toISOString() ?? null,
    pipeline_stage: pipelineStageByRank[stageRank ?? 0] ?? null,
  } satisfies Job;
}

// The company's jobs with these ids as the API shows them, in the order of the ids.
export async function loadJobViews({
  db,
  companyId,
  ids,
}: {
  db: Database;
  companyId: string;
  ids: string[];
}): Promise<Job[]> {
  if (ids.length === 0) return [];
  const { columns, figures } = selectJobViews(db);
  const rows = await db
    .select(columns)
    .from(jobs)
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .leftJoinLateral(figures, sql`true`)
    .where(and(eq(jobs.companyId, companyId), inArray(jobs.id, ids)));
  const byId = new Map(rows.map((row) => [row.job.id, toJob(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
