import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ApplicationStatus } from '~/shared/applications';
import { currencyOf } from '~/shared/currencies';
import { excerptOf, type JobListing, type PublicJobListing, type WaitingTest } from '~/shared/job-board';
import type { ScreeningQuestion } from '~/shared/screening-questions';
import type { Database } from '../db/client';
import { applications, companies, jobs, jobTests, savedJobs, testAttempts, tests } from '../db/schema';
import type { ApplicantRef } from '../kernels/hiring/job-visibility';
import { jobBudget } from '../kernels/hiring/load-job-views';

// The columns of a job as the board shows it to one applicant, and their mapping to the API's shape.

// Enough of the description for a card's excerpt, without reading long posts whole.
const EXCERPT_SOURCE_LENGTH = 600;

// What every card shows, to anyone (the public board's cards are these alone).
export const postedListingColumns = {
  id: jobs.id,
  title: jobs.title,
  descriptionStart: sql<string>`left(${jobs.description}, ${EXCERPT_SOURCE_LENGTH})`,
  engagementType: jobs.engagementType,
  budgetMinCents: jobs.budgetMinCents,
  budgetMaxCents: jobs.budgetMaxCents,
  budgetTotalCents: jobs.budgetTotalCents,
  weeklyHours: jobs.weeklyHours,
  skillTags: jobs.skillTags,
  timezone: jobs.timezone,
  status: jobs.status,
  // Only drafts lack it, and drafts never reach the board.
  postedAt: sql<Date>`coalesce(${jobs.publishedAt}, ${jobs.createdAt})`.mapWith(jobs.publishedAt),
  companyName: companies.name,
  // The budget's currency: the company's billing currency (decision 051).
  companyCurrency: companies.billingCurrency,
};

export function listingColumns(applicantId: ApplicantRef) {
  return {
    ...postedListingColumns,
    visibility: jobs.visibility,
    // The Apply button on a card opens the form, which asks them.
    screeningQuestions: jobs.screeningQuestions,
    isSaved: sql<boolean>`exists (select 1 from ${savedJobs} where ${savedJobs.jobId} = ${jobs.id} and ${savedJobs.applicantId} = ${applicantId})`,
    applicationId: applications.id,
    applicationStatus: applications.status,
    applicationCreatedAt: applications.createdAt,
  };
}

// The caller's own application, joined beside each job (one at most: unique per job and applicant).
export const ownApplication = (applicantId: ApplicantRef) =>
  and(eq(applications.jobId, jobs.id), eq(applications.applicantId, applicantId));

// A row of postedListingColumns as the driver returns it.
export interface PostedListingRow {
  id: string;
  title: string;
  descriptionStart: string;
  engagementType: JobListing['engagement_type'];
  budgetMinCents: number | null;
  budgetMaxCents: number | null;
  budgetTotalCents: number | null;
  weeklyHours: number;
  skillTags: string[];
  timezone: string;
  status: JobListing['status'];
  postedAt: Date | string;
  companyName: string;
  companyCurrency: string;
}

// A row of listingColumns as the driver returns it.
export interface ListingRow extends PostedListingRow {
  visibility: JobListing['visibility'];
  screeningQuestions: ScreeningQuestion[];
  isSaved: boolean;
  applicationId: string | null;
  applicationStatus: ApplicationStatus | null;
  applicationCreatedAt: Date | null;
}

export function myApplicationOf(row: Pick<ListingRow, 'applicationId' | 'applicationStatus' | 'applicationCreatedAt'>) {
  return row.applicationId && row.applicationStatus && row.applicationCreatedAt
    ? { id: row.applicationId, status: row.applicationStatus, created_at: row.applicationCreatedAt.toISOString() }
    : null;
}

export function toPostedListing(row: PostedListingRow): PublicJobListing {
  return {
    id: row.id,
    title: row.title,
    company_name: row.companyName,
    excerpt: excerptOf(row.descriptionStart),
    engagement_type: row.engagementType,
    ...jobBudget(row),
    currency: currencyOf(row.companyCurrency),
    weekly_hours: row.weeklyHours,
    skill_tags: row.skillTags,
    timezone: row.timezone,
    status: row.status,
    published_at: new Date(row.postedAt).toISOString(),
  };
}

export function toListing(row: ListingRow): JobListing {
  return {
    ...toPostedListing(row),
    visibility: row.visibility,
    screening_questions: row.screeningQuestions,
    is_saved: Boolean(row.isSaved),
    application: myApplicationOf(row),
  };
}

// The tests a job requires, by name, as an applicant reads them before applying.
export async function loadRequiredTests(db: Database, jobId: string) {
  const rows = await db
    .select({ id: tests.id, name: tests.name, type: tests.type, timeLimit: tests.timeLimitMinutes })
    .from(jobTests)
    .innerJoin(tests, eq(tests.id, jobTests.testId))
    .where(eq(jobTests.jobId, jobId))
    .orderBy(tests.name, tests.id);
  return rows.map((row) => ({ id: row.id, name: row.name, type: row.type, time_limit: row.timeLimit }));
}

// The applicant's open attempts (assigned or started) at the tests a job requires: assigned as they
// applied, or open already from another job's application (kernels/hiring/assign-tests.ts assigns a test once).
export async function loadWaitingTests(db: Database, applicantId: string, jobId: string): Promise<WaitingTest[]> {
  const rows = await db
    .select({
      id: testAttempts.id,
      testId: tests.id,
      name: tests.name,
      timeLimit: tests.timeLimitMinutes,
      status: testAttempts.status,
    })
    .from(jobTests)
    .innerJoin(tests, eq(tests.id, jobTests.testId))
    .innerJoin(testAttempts, eq(testAttempts.testId, jobTests.testId))
    .where(
      and(
        eq(jobTests.jobId, jobId),
        eq(testAttempts.applicantId, applicantId),
        inArray(testAttempts.status, ['assigned', 'started']),
      ),
    )
    .orderBy(tests.name, tests.id);
  return rows.flatMap((row) =>
    row.status === 'assigned' || row.status === 'started'
      ? [{ id: row.id, test_id: row.testId, name: row.name, time_limit: row.timeLimit, status: row.status }]
      : [],
  );
}
