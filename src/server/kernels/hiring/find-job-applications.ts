import { and, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type ApplicationStatus, applicationStatuses } from '~/shared/applications';
import { currencyOf } from '~/shared/currencies';
import {
  type ApplicationTestState,
  type JobApplicationList,
  type jobApplicationListQuerySchema,
  jobEditTexts,
} from '~/shared/jobs';
import type { Database } from '../../db/client';
import { planEachTime } from '../../db/named-statements';
import { preparedStatements, shapeFrom, shapeHas } from '../../db/prepared-statements';
import { integerColumn } from '../../db/row-columns';
import {
  applicantProfiles,
  applicationRatings,
  applications,
  companies,
  jobs,
  testAttempts,
  users,
} from '../../db/schema';
import { selectRows } from '../../db/select-rows';
import { AppError } from '../../platform/errors';
import { centsToDollars, isNewApplication, isNewApplicationSince } from './load-job-views';

// A LIKE pattern that matches the text literally: % and _ typed in a search box are not wildcards.
const containing = (value: string) => `%${value.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

type ListQuery = z.output<typeof jobApplicationListQuerySchema>;

// The list is a prepared statement per shape (db/prepared-statements.ts): one job's or all of them,
// searched by name or not, filtered by stage or not. The values fill the placeholders.
const shapeOf = (jobId: string | undefined, query: ListQuery) =>
  shapeFrom([
    jobId ? 'job' : 'all',
    Boolean(query.q) && 'q',
    query.status.length > 0 && 'stages',
    Boolean(query.new_since) && 'since',
    query.min_rating !== undefined && 'rating',
    Boolean(query.test) && 'test',
    Boolean(query.interview_stage) && 'istage',
  ]);

// Where the application's tests stand (shared/jobs.ts applicationTestStates), each test by its latest
// attempt (a retake replaces the attempt before it).
const testStateOf = sql<ApplicationTestState>`(
  select case
    when count(*) = 0 then 'none'
    when bool_or(latest.status in ('assigned', 'started')) then 'pending'
    when bool_or(latest.status = 'submitted' or latest.pending_reviews > 0) then 'review'
    when bool_or(latest.passed is false) then 'failed'
    else 'passed'
  end
  from (
    select distinct on (${testAttempts.testId}) ${testAttempts.status} as status,
      ${testAttempts.passed} as passed, ${testAttempts.pendingReviews} as pending_reviews
    from ${testAttempts}
    where ${testAttempts.applicationId} = ${applications.id}
    order by ${testAttempts.testId}, ${testAttempts.assignedAt} desc, ${testAttempts.id} desc
  ) as latest
)`;

// The reviewers' average as the list shows it (one decimal).
const averageRatingOf = sql`(
  select round(avg(${applicationRatings.rating}), 1) from ${applicationRatings}
  where ${applicationRatings.applicationId} = ${applications.id}
)`;

// New since the moment the caller gave (the job page's visit), else since the job's applications were
// last opened.
const isNewIn = (shape: string, values?: Values) =>
  shapeHas(shape, 'since') ? isNewApplicationSince(sql`${valueIn(values)('newSince')}::timestamptz`) : isNewApplication;

type Values = Record<string, unknown>;

// A statement's value: a placeholder in a prepared statement, the value itself in one planned each time.
const valueIn = (values: Values | undefined) => (name: string) =>
  values ? sql`${values[name]}` : sql.placeholder(name);

// What narrows the list besides the stage: the stage tabs count within these. One job's applications
// are found by their job (the job's company is checked with the job); all of them by the company copied
// onto each (migration 0053), whose index holds them newest first.
function scopeOf(shape: string, values?: Values): SQL[] {
  const value = valueIn(values);
  const scope: SQL[] = [
    shapeHas(shape, 'job') ? eq(applications.jobId, value('jobId')) : eq(applications.companyId, value('companyId')),
  ];
  if (shapeHas(shape, 'q')) {
    const pattern = value('pattern');
    scope.push(or(ilike(users.name, pattern), ilike(users.email, pattern)) as SQL);
  }
  if (shapeHas(shape, 'rating')) scope.push(sql`${averageRatingOf} >= ${value('minRating')}::numeric`);
  if (shapeHas(shape, 'test')) scope.push(sql`${testStateOf} = ${value('testState')}::text`);
  return scope;
}

// The page is chosen first, from the applications alone (and their applicants' names when searched), in
// the order of an index, then joined to what it shows: a prepared statement's generic plan cannot then
// join every one of a company's 51,000 applications to its applicant and sort them for 20.
const pageOfApplications = preparedStatements((db, shape: string) => {
  const conditions = scopeOf(shape);
  if (shapeHas(shape, 'stages')) {
    conditions.push(sql`${applications.status} = any(${sql.placeholder('statuses')}::application_status[])`);
  }
  if (shapeHas(shape, 'istage')) {
    conditions.push(
      eq(applications.status, 'interviewing'),
      eq(applications.interviewStageId, sql.placeholder('interviewStageId')),
    );
  }
  const choosing = db.select({ id: applications.id }).from(applications).$dynamic();
  if (shapeHas(shape, 'q')) choosing.innerJoin(users, eq(users.id, applications.applicantId));
  const page = choosing
    .where(and(...conditions))
    .orderBy(desc(applications.createdAt), desc(applications.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('page');
  const ratings = db
    .select({
      average: sql<string | null>`round(avg(${applicationRatings.rating}), 1)`.as('average_rating'),
      count: sql<number>`count(*)::int`.as('rating_count'),
    })
    .from(applicationRatings)
    .where(eq(applicationRatings.applicationId, applications.id))
    .as('ratings');
  return db
    .select({
      id: applications.id,
      jobId: applications.jobId,
      jobTitle: jobs.title,
      applicantId: applications.applicantId,
      applicantName: users.name,
      applicantHeadline: applicantProfiles.headline,
      status: applications.status,
      interviewStageId: applications.interviewStageId,
      proposalRateCents: applications.proposalRateCents,
      proposalPriceCents: applications.proposalPriceCents,
      currency: companies.billingCurrency,
      createdAt: applications.createdAt,
      isNew: isNewIn(shape),
      averageRating: ratings.average,
      ratingCount: ratings.count,
      testState: testStateOf,
      source: applications.source,
      // The member whose referral link brought the applicant.
      referrerName: sql<
        string | null
      >`(select referrer.name from ${users} as referrer where referrer.id = ${applications.referrerId})`,
    })
    .from(page)
    .innerJoin(applications, eq(applications.id, page.id))
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .innerJoin(users, eq(users.id, applications.applicantId))
    .leftJoin(applicantProfiles, eq(applicantProfiles.userId, applications.applicantId))
    .leftJoinLateral(ratings, sql`true`)
    .where(eq(jobs.companyId, sql.placeholder('companyId')))
    .orderBy(desc(applications.createdAt), desc(applications.id))
    .prepare(`job_applications_${shape}`);
});

// The stage tabs' counts. The applicant's name is joined only to search by it, and the job only for when
// its applications were last opened: counting a busy job then reads its (job, status) index alone, and
// the whole company's its (company, created) index, which carries the stage and the job. One job's are
// counted by interview stage too (its board's columns); the whole company's only when asked for one.
function countingByStage(db: Database, shape: string, values?: Values) {
  const byInterviewStage = shapeHas(shape, 'job') || shapeHas(shape, 'istage');
  const counting = db
    .select({
      status: applications.status,
      // Named alike for the prepared statement and the raw rows of the company's counts.
      ...(byInterviewStage
        ? { interviewStageId: sql<string | null>`${applications.interviewStageId}`.as('interviewStageId') }
        : {}),
      count: sql<number>`count(*)::int`.as('count'),
      fresh: sql<number>`(count(*) filter (where ${isNewIn(shape, values)}))::int`.as('fresh'),
    })
    .from(applications)
    .$dynamic();
  // The job's row says which company it is and, unless the caller gave a moment, since when its
  // applications are new.
  if (shapeHas(shape, 'job') || !shapeHas(shape, 'since')) {
    counting.innerJoin(jobs, and(eq(jobs.id, applications.jobId), eq(jobs.companyId, valueIn(values)('companyId'))));
  }
  if (shapeHas(shape, 'q')) counting.innerJoin(users, eq(users.id, applications.applicantId));
  return counting
    .where(and(...scopeOf(shape, values)))
    .groupBy(...(byInterviewStage ? [applications.status, applications.interviewStageId] : [applications.status]));
}

// One job's counts are a prepared statement (at most a few thousand rows, the same plan for any job).
const countsByStage = preparedStatements((db, shape: string) =>
  countingByStage(db, shape).prepare(`job_application_counts_${shape}`),
);

// The whole company's are planned with their values each time: a generic plan cannot tell a company
// of 50 applications from one of 50,000, and picked a job-by-job loop that took 0.3 s for the second.
async function countCompanyByStage(db: Database, shape: string, values: Values) {
  const counting = countingByStage(db, shape, values);
  return selectRows(
    db,
    z.object({
      status: z.enum(applicationStatuses),
      interviewStageId: z.string().nullable().optional(),
      count: integerColumn,
      fresh: integerColumn,
    }),
    planEachTime(counting.getSQL()),
  );
}

// Applications to the company's jobs, newest first: one job's (its pipeline on the detail page), or
// all of them (the company-wide list; Pending Interviews lists those in the interviewing stage). With
// the stage counts the tabs show, the applicant's headline and the reviewers' average rating.
export async function findJobApplications({
  db,
  companyId,
  jobId,
  query,
}: {
  db: Database;
  companyId: string;
  jobId?: string;
  query: ListQuery;
}): Promise<JobApplicationList> {
  const { page, page_size: pageSize } = query;
  const shape = shapeOf(jobId, query);
  const values = {
    companyId,
    jobId,
    pattern: query.q ? containing(query.q) : undefined,
    newSince: query.new_since,
    minRating: query.min_rating,
    testState: query.test,
    interviewStageId: query.interview_stage,
  };
  const [rows, counted] = await Promise.all([
    pageOfApplications(db, shape).execute({
      ...values,
      statuses: `{${query.status.join(',')}}`,
      limit: pageSize,
      offset: (page - 1) * pageSize,
    }),
    jobId ? countsByStage(db, shape).execute(values) : countCompanyByStage(db, shape, values),
  ]);
  // Both reads are scoped to the company, so another company's job reads as empty: only then is it
  // worth a query to tell an empty pipeline from a job that is not this company's.
  if (jobId && counted.length === 0) {
    const [job] = await db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.id, jobId), eq(jobs.companyId, companyId)));
    if (!job) throw new AppError('not_found', jobEditTexts.notFound);
  }
  const counts = Object.fromEntries(applicationStatuses.map((status) => [status, 0])) as Record<
    ApplicationStatus,
    number
  >;
  const interviewStageCounts: Record<string, number> = {};
  let newCount = 0;
  for (const row of counted) {
    counts[row.status] += row.count;
    newCount += Number(row.fresh);
    if (row.status === 'interviewing' && row.interviewStageId) {
      interviewStageCounts[row.interviewStageId] = (interviewStageCounts[row.interviewStageId] ?? 0) + row.count;
    }
  }
  const shown = query.status.length > 0 ? query.status : applicationStatuses;
  // An interview stage's column holds applications in Interviewing alone (none when asked with another status).
  const inStage = (stageId: string) => (shown.includes('interviewing') ? (interviewStageCounts[stageId] ?? 0) : 0);
  const total = query.interview_stage
    ? inStage(query.interview_stage)
    : [...new Set(shown)].reduce((sum, status) => sum + counts[status], 0);
  return {
    items: rows.map((row) => ({
      id: row.id,
      job_id: row.jobId,
      job_title: row.jobTitle,
      applicant_id: row.applicantId,
      applicant_name: row.applicantName,
      applicant_headline: row.applicantHeadline ?? null,
      status: row.status,
      interview_stage_id: row.interviewStageId,
      proposal_rate: centsToDollars(row.proposalRateCents),
      proposal_price_cents: row.proposalPriceCents,
      currency: currencyOf(row.currency),
      created_at: row.createdAt.toISOString(),
      is_new: row.isNew,
      average_rating: row.averageRating == null ? null : Number(row.averageRating),
      rating_count: row.ratingCount ?? 0,
      test_state: row.testState,
      source: row.source,
      referrer_name: row.referrerName ?? null,
    })),
    total,
    page,
    page_size: pageSize,
    counts,
    interview_stage_counts: interviewStageCounts,
    new_count: newCount,
  };
}
