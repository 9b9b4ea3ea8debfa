import { and, desc, eq, sql } from 'drizzle-orm';
import type { RecommendedJobList } from '~/shared/applications';
import type { Database } from '../db/client';
import { applicantProfiles, applications, companies, jobs } from '../db/schema';
import { listedFor } from '../kernels/hiring/job-visibility';

// Recommended Jobs on the applicant dashboard: open jobs the applicant may see (public ones, and private
// ones they were invited to) and has not applied to, from active companies, ranked by how many of the
// job's skills the applicant's profile lists (case aside), then by the hourly rate offered, then newest.
export async function recommendJobs({
  db,
  applicantId,
  limit,
}: {
  db: Database;
  applicantId: string;
  limit: number;
}): Promise<RecommendedJobList> {
  const [profile] = await db
    .select({ skills: applicantProfiles.skills })
    .from(applicantProfiles)
    .where(eq(applicantProfiles.userId, applicantId));
  const skills = [...new Set((profile?.skills ?? []).map((skill) => skill.trim().toLowerCase()).filter(Boolean))];
  const profileSkills = sql`array[${sql.join(
    skills.map((skill) => sql`${skill}`),
    sql`, `,
  )}]::text[]`;
  const overlap = sql<number>`(select count(*) from unnest(${jobs.skillTags}) as tag where lower(tag) = any(${profileSkills}))::int`;
  // A fixed-price job has no hourly rate to compare: it ranks after the hourly ones with the same overlap.
  const hourlyRate = sql`case when ${jobs.engagementType} = 'hourly' then coalesce(${jobs.budgetMaxCents}, ${jobs.budgetMinCents}) end`;

  const rows = await db
    .select({
      id: jobs.id,
      title: jobs.title,
      company: companies.name,
      timezone: jobs.timezone,
      skills: jobs.skillTags,
    })
    .from(jobs)
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .where(
      and(
        // Find Jobs' own rule for what this applicant may see.
        listedFor(applicantId),
        sql`not exists (select 1 from ${applications} where ${applications.jobId} = ${jobs.id} and ${applications.applicantId} = ${applicantId})`,
      ),
    )
    .orderBy(desc(overlap), sql`${hourlyRate} desc nulls last`, sql`${jobs.publishedAt} desc nulls last`, desc(jobs.id))
    .limit(limit);

  return {
    items: rows.map((row) => ({
      id: row.id,
      title: row.title,
      company: row.company,
      location: row.timezone.trim() || 'Remote',
      skills: row.skills,
      matching_skills: row.skills.filter((skill) => skills.includes(skill.toLowerCase())),
    })),
  };
}
