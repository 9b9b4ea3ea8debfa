import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type JobApplicationList, type jobApplicationListQuerySchema, jobEditTexts } from '~/shared/jobs';
import type { Database } from '../db/client';
import { applications, jobs, users } from '../db/schema';
import { AppError } from '../platform/errors';
import { centsToDollars, isNewApplication } from './load-job-views';

// Applications to the company's jobs, newest first: one job's (its detail page), or all of them
// (Pending Interviews lists those in the interviewing stage).
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
  const conditions: SQL[] = [eq(jobs.companyId, companyId)];
  if (jobId) conditions.push(eq(applications.jobId, jobId));
  if (query.status.length > 0) conditions.push(inArray(applications.status, query.status));
  const { page, page_size: pageSize } = query;
  const rows = await db
    .select({
      id: applications.id,
      jobId: applications.jobId,
      jobTitle: jobs.title,
      applicantId: applications.applicantId,
      applicantName: users.name,
      status: applications.status,
      proposalRateCents: applications.proposalRateCents,
      createdAt: applications.createdAt,
      isNew: isNewApplication,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(applications)
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .innerJoin(users, eq(users.id, applications.applicantId))
    .where(and(...conditions))
    .orderBy(desc(applications.createdAt), desc(applications.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && page > 1) {
    const [counted] = await db
      .select({ value: sql<number>`count(*)::int` })
      .from(applications)
      .innerJoin(jobs, eq(jobs.id, applications.jobId))
      .where(and(...conditions));
    total = counted?.value ?? 0;
  }
  return {
    items: rows.map((row) => ({
      id: row.id,
      job_id: row.jobId,
      job_title: row.jobTitle,
      applicant_id: row.applicantId,
      applicant_name: row.applicantName,
      status: row.status,
      proposal_rate: centsToDollars(row.proposalRateCents),
      created_at: row.createdAt.toISOString(),
      is_new: row.isNew,
    })),
    total,
    page,
    page_size: pageSize,
  };
}
