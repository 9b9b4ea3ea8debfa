import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { applicantProfiles, applications, jobInvitations, jobs } from '../../db/schema';

// Whether a company may download an applicant's CV (and see the excerpt of it a search matched): the
// applicant shares it with every company, or with those they applied to or were invited by. Read in
// the query of the profile row, so that Talent Search, the candidate sheet, the application and the
// download itself ask the one rule.
export function companyMayReadCv(companyId: string | Placeholder): SQL<boolean> {
  return sql<boolean>`(${applicantProfiles.cvVisibility} = 'all_companies'
    or exists (select 1 from ${applications} join ${jobs} on ${jobs.id} = ${applications.jobId}
      where ${applications.applicantId} = ${applicantProfiles.userId} and ${jobs.companyId} = ${companyId})
    or exists (select 1 from ${jobInvitations} join ${jobs} on ${jobs.id} = ${jobInvitations.jobId}
      where ${jobInvitations.applicantId} = ${applicantProfiles.userId} and ${jobs.companyId} = ${companyId}))`;
}
