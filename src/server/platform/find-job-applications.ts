import { and, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type ApplicationStatus, applicationStatuses } from '~/shared/applications';
import {
  type ApplicationTestState,
  type JobApplicationList,
  type jobApplicationListQuerySchema,
  jobEditTexts,
} from '~/shared/jobs';
import type { Database } from '../db/client';
import { preparedStatements, shapeFrom, shapeHas } from '../db/prepared-statements';
import { applicantProfiles, applicationRatings, applications, jobs, testAttempts, users } from '../db/schema';
import { AppError } from './errors';
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
const isNewIn = (shape: string) =>
  shapeHas(shape, 'since') ? isNewApplicationSince(sql`${sql.placeholder('newSince')}::timestamptz`) : isNewApplication;

// What narrows the list besides the stage: the stage tabs count within these.
function scopeOf(shape: string): SQL[] {
  const scope: SQL[] = [eq(jobs.companyId, sql.placeholder('companyId'))];
  if (shapeHas(shape, 'job')) scope.push(eq(applications.jobId, sql.placeholder('jobId')));
  if (shapeHas(shape, 'q')) {
    const pattern = sql.placeholder('pattern');
    scope.push(or(ilike(users.name, pattern), ilike(users.email, pattern)) as SQL);
  }
  if (shapeHas(shape, 'rating')) scope.push(sql`${averageRatingOf} >= ${sql.placeholder('minRating')}::numeric`);
  if (shapeHas(shape, 'test')) scope.push(sql`${testStateOf} = ${sql.placeholder('testState')}::text`);
  return scope;
}

const pageOfApplications = preparedStatements((db, shape: string) => {
  const conditions = scopeOf(shape);
  if (shapeHas(shape, 'stages')) {
    conditions.push(sql`${applications.status} = any(${sql.placeholder('statuses')}::application_status[])`);
  }
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
      proposalRateCents: applications.proposalRateCents,
      createdAt: applications.createdAt,
      isNew: isNewIn(shape),
      averageRating: ratings.average,
      ratingCount: ratings.count,
      testState: testStateOf,
    })
    .from(applications)
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .innerJoin(users, eq(users.id, applications.applicantId))
    .leftJoin(applicantProfiles, eq(applicantProfiles.userId, applications.applicantId))
    .leftJoinLateral(ratings, sql`true`)
    .where(and(...conditions))
    .orderBy(desc(applications.createdAt), desc(applications.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(`job_applications_${shape}`);
});

// The stage tabs' counts. The applicant's name is joined only to search by it: counting a busy job then
// reads its (job, status) index alone.
const countsByStage = preparedStatements((db, shape: string) => {
  const counting = db
    .select({
      status: applications.status,
      count: sql<number>`count(*)::int`,
      fresh: sql<number>`(count(*) filter (where ${isNewIn(shape)}))::int`,
    })
    .from(applications)
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .$dynamic();
  if (shapeHas(shape, 'q')) counting.innerJoin(users, eq(users.id, applications.applicantId));
  return counting
    .where(and(...scopeOf(shape)))
    .groupBy(applications.status)
    .prepare(`job_application_counts_${shape}`);
});

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
  };
  const [rows, counted] = await Promise.all([
    pageOfApplications(db, shape).execute({
      ...values,
      statuses: `{${query.status.join(',')}}`,
      limit: pageSize,
      offset: (page - 1) * pageSize,
    }),
    countsByStage(db, shape).execute(values),
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
  let newCount = 0;
  for (const row of counted) {
    counts[row.status] = row.count;
    newCount += Number(row.fresh);
  }
  const shown = query.status.length > 0 ? query.status : applicationStatuses;
  const total = [...new Set(shown)].reduce((sum, status) => sum + counts[status], 0);
  return {
    items: rows.map((row) => ({
      id: row.id,
      job_id: row.jobId,
      job_title: row.jobTitle,
      applicant_id: row.applicantId,
      applicant_name: row.applicantName,
      applicant_headline: row.applicantHeadline ?? null,
      status: row.status,
      proposal_rate: centsToDollars(row.proposalRateCents),
      created_at: row.createdAt.toISOString(),
      is_new: row.isNew,
      average_rating: row.averageRating == null ? null : Number(row.averageRating),
      rating_count: row.ratingCount ?? 0,
      test_state: row.testState,
    })),
    total,
    page,
    page_size: pageSize,
    counts,
    new_count: newCount,
  };
}
