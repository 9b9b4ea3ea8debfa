import { and, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type ApplicationStatus, applicationStatuses } from '~/shared/applications';
import { type JobApplicationList, type jobApplicationListQuerySchema, jobEditTexts } from '~/shared/jobs';
import type { Database } from '../db/client';
import { applicantProfiles, applicationRatings, applications, jobs, users } from '../db/schema';
import { AppError } from '../platform/errors';
import { centsToDollars, isNewApplication } from './load-job-views';

// A LIKE pattern that matches the text literally: % and _ typed in a search box are not wildcards.
const containing = (value: string) => `%${value.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

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
  query: z.output<typeof jobApplicationListQuerySchema>;
}): Promise<JobApplicationList> {
  if (jobId) {
    const [job] = await db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.id, jobId), eq(jobs.companyId, companyId)));
    if (!job) throw new AppError('not_found', jobEditTexts.notFound);
  }
  // What narrows the list besides the stage: the stage tabs count within these.
  const scope: SQL[] = [eq(jobs.companyId, companyId)];
  if (jobId) scope.push(eq(applications.jobId, jobId));
  if (query.q) {
    const pattern = containing(query.q);
    const matches = or(ilike(users.name, pattern), ilike(users.email, pattern));
    if (matches) scope.push(matches);
  }
  const conditions = [...scope];
  if (query.status.length > 0) conditions.push(inArray(applications.status, query.status));
  const { page, page_size: pageSize } = query;
  const ratings = db
    .select({
      average: sql<string | null>`round(avg(${applicationRatings.rating}), 1)`.as('average_rating'),
      count: sql<number>`count(*)::int`.as('rating_count'),
    })
    .from(applicationRatings)
    .where(eq(applicationRatings.applicationId, applications.id))
    .as('ratings');
  // The stage tabs' counts. The applicant's name is joined only to search by it: counting a busy job then
  // reads its (job, status) index alone.
  const countByStage = () => {
    const counting = db
      .select({ status: applications.status, count: sql<number>`count(*)::int` })
      .from(applications)
      .innerJoin(jobs, eq(jobs.id, applications.jobId))
      .$dynamic();
    if (query.q) counting.innerJoin(users, eq(users.id, applications.applicantId));
    return counting.where(and(...scope)).groupBy(applications.status);
  };
  const [rows, counted] = await Promise.all([
    db
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
        isNew: isNewApplication,
        averageRating: ratings.average,
        ratingCount: ratings.count,
      })
      .from(applications)
      .innerJoin(jobs, eq(jobs.id, applications.jobId))
      .innerJoin(users, eq(users.id, applications.applicantId))
      .leftJoin(applicantProfiles, eq(applicantProfiles.userId, applications.applicantId))
      .leftJoinLateral(ratings, sql`true`)
      .where(and(...conditions))
      .orderBy(desc(applications.createdAt), desc(applications.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    countByStage(),
  ]);
  const counts = Object.fromEntries(applicationStatuses.map((status) => [status, 0])) as Record<
    ApplicationStatus,
    number
  >;
  for (const row of counted) counts[row.status] = row.count;
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
    })),
    total,
    page,
    page_size: pageSize,
    counts,
  };
}
