import { and, desc, eq, ilike, notInArray, or, sql } from 'drizzle-orm';
import type { MeetingInviteeList } from '~/shared/meetings';
import type { Database } from '../db/client';
import { applicantProfiles, applications, jobs, users } from '../db/schema';
import { knownTimeZone, ownTimeZoneColumn } from '../kernels/identity/own-time-zones';

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (character) => `\\${character}`);

// Who a company may invite to a meeting: the applicants of its applications still in the pipeline
// (hired ones included, for check-ins), found by name or job title, most recently active first.
export async function findMeetingInvitees({
  db,
  companyId,
  q,
  applicationId,
  page,
  pageSize,
}: {
  db: Database;
  companyId: string;
  q?: string;
  applicationId?: string;
  page: number;
  pageSize: number;
}): Promise<MeetingInviteeList> {
  const pattern = q ? `%${escapeLike(q)}%` : undefined;
  const where = and(
    eq(jobs.companyId, companyId),
    notInArray(applications.status, ['rejected', 'withdrawn']),
    pattern ? or(ilike(users.name, pattern), ilike(jobs.title, pattern)) : undefined,
    applicationId ? eq(applications.id, applicationId) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        applicationId: applications.id,
        applicantId: users.id,
        applicantName: users.name,
        jobTitle: jobs.title,
        status: applications.status,
        timeZone: ownTimeZoneColumn,
      })
      .from(applications)
      .innerJoin(jobs, eq(jobs.id, applications.jobId))
      .innerJoin(users, eq(users.id, applications.applicantId))
      .leftJoin(applicantProfiles, eq(applicantProfiles.userId, users.id))
      .where(where)
      .orderBy(desc(applications.updatedAt), desc(applications.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(applications)
      .innerJoin(jobs, eq(jobs.id, applications.jobId))
      .innerJoin(users, eq(users.id, applications.applicantId))
      .where(where),
  ]);
  return {
    items: rows.map((row) => ({
      application_id: row.applicationId,
      applicant_id: row.applicantId,
      applicant_name: row.applicantName,
      job_title: row.jobTitle,
      status: row.status,
      time_zone: knownTimeZone(row.timeZone),
    })),
    total: counted?.total ?? 0,
    page,
    page_size: pageSize,
  };
}
