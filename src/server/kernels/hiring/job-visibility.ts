import { and, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { applications, companies, jobInvitations, jobs } from '../../db/schema';

// Who may see which job. Every job-board query puts one of these into its where clause (a
// suspended company's jobs leave the board). A job no rule lets through is answered as one that does
// not exist.
// The states are written into the SQL, not sent as parameters: the board's statements are prepared
// (db/named-statements.ts), and only a literal lets a generic plan use the indexes kept for open jobs.
// Open, and its closing date (a UTC day) not past: a job leaves the board the day after it, before the
// nightly sweep closes it (jobs/close-expired-jobs.ts, decision 058).
const isOpen = sql`(${jobs.status} = 'open' and (${jobs.closesOn} is null or ${jobs.closesOn} >= (now() at time zone 'UTC')::date))`;
const isPublic = sql`${jobs.visibility} = 'public'`;
// The companies that are not active are read once per query (companies_inactive_idx) into a hash that
// each match is looked up in, rather than every active company joined to every match. Not `<> all(array(…))`:
// that compares each match with every inactive company, and 5,000 of 100,000 companies suspended made
// Find Jobs over 10,000 open jobs take 0.7 s (npm run bench:lists).
const companyIsActive = sql`${jobs.companyId} not in (select ${companies.id} from ${companies} where ${companies.status} <> 'active')`;

// The applicant as a value, or as a placeholder in a prepared statement.
export type ApplicantRef = string | Placeholder;

// The applicant's invitations are listed once per query (an index on the applicant), not looked up again
// for every private job the search meets.
const isInvited = (applicantId: ApplicantRef) =>
  sql`${jobs.id} = any(array(select ${jobInvitations.jobId} from ${jobInvitations} where ${jobInvitations.applicantId} = ${applicantId}))`;

const hasApplied = (applicantId: ApplicantRef) =>
  sql`exists (select 1 from ${applications} where ${applications.jobId} = ${jobs.id} and ${applications.applicantId} = ${applicantId})`;

// Find Jobs: open jobs, public or private to an invited applicant.
export function listedFor(applicantId: ApplicantRef): SQL {
  return and(isOpen, companyIsActive, or(isPublic, isInvited(applicantId))) as SQL;
}

// A job's own page and the saved list: also a job that paused or closed since (it says it takes no
// applications), and a private one the applicant already applied to. Drafts and archived jobs never.
export function readableBy(applicantId: ApplicantRef): SQL {
  return and(
    sql`${jobs.status} in ('open', 'paused', 'closed')`,
    companyIsActive,
    or(isPublic, isInvited(applicantId), hasApplied(applicantId)),
  ) as SQL;
}

// The public job pages and the sitemap: open public jobs, to anyone.
export const publiclyListed: SQL = and(isOpen, isPublic, companyIsActive) as SQL;
