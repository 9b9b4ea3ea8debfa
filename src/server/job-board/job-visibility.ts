import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { applications, companies, jobInvitations, jobs } from '../db/schema';

// Who may see which job (issue 11). Every job-board query puts one of these into its where clause, and
// joins companies (a suspended company's jobs leave the board). A job no rule lets through is answered
// as one that does not exist.

const isInvited = (applicantId: string) =>
  sql`exists (select 1 from ${jobInvitations} where ${jobInvitations.jobId} = ${jobs.id} and ${jobInvitations.applicantId} = ${applicantId})`;

const hasApplied = (applicantId: string) =>
  sql`exists (select 1 from ${applications} where ${applications.jobId} = ${jobs.id} and ${applications.applicantId} = ${applicantId})`;

// Find Jobs: open jobs, public or private to an invited applicant.
export function listedFor(applicantId: string): SQL {
  return and(
    eq(jobs.status, 'open'),
    eq(companies.status, 'active'),
    or(eq(jobs.visibility, 'public'), isInvited(applicantId)),
  ) as SQL;
}

// A job's own page and the saved list: also a job that paused or closed since (it says it takes no
// applications), and a private one the applicant already applied to. Drafts and archived jobs never.
export function readableBy(applicantId: string): SQL {
  return and(
    inArray(jobs.status, ['open', 'paused', 'closed']),
    eq(companies.status, 'active'),
    or(eq(jobs.visibility, 'public'), isInvited(applicantId), hasApplied(applicantId)),
  ) as SQL;
}

// The public job pages and the sitemap: open public jobs, to anyone.
export const publiclyListed: SQL = and(
  eq(jobs.status, 'open'),
  eq(jobs.visibility, 'public'),
  eq(companies.status, 'active'),
) as SQL;
