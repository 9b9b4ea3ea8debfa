import { sql } from 'drizzle-orm';
import { currencyOf } from '~/shared/currencies';
import type { PublicJob, RequiredTest } from '~/shared/job-board';
import { hasClosingDatePassed } from '~/shared/job-reach';
import type { ScreeningQuestion } from '~/shared/screening-questions';
import { companies, jobs } from '../db/schema';
import { jobBudget } from '../kernels/hiring/load-job-views';

// The columns of a whole job post as applicants and visitors read it: never the company's own fields
// (cc_email, figures, seen marks).
export const publicJobColumns = {
  id: jobs.id,
  title: jobs.title,
  description: jobs.description,
  engagementType: jobs.engagementType,
  budgetMinCents: jobs.budgetMinCents,
  budgetMaxCents: jobs.budgetMaxCents,
  budgetTotalCents: jobs.budgetTotalCents,
  weeklyHours: jobs.weeklyHours,
  startDate: jobs.startDate,
  closesOn: jobs.closesOn,
  applicantLocations: jobs.applicantLocations,
  skillTags: jobs.skillTags,
  timezone: jobs.timezone,
  requiredCerts: jobs.requiredCerts,
  screeningQuestions: jobs.screeningQuestions,
  status: jobs.status,
  visibility: jobs.visibility,
  postedAt: sql<Date>`coalesce(${jobs.publishedAt}, ${jobs.createdAt})`.mapWith(jobs.publishedAt),
  companyName: companies.name,
  // The budget's currency: the company's billing currency (decision 051).
  companyCurrency: companies.billingCurrency,
};

interface PublicJobRow {
  id: string;
  title: string;
  description: string;
  engagementType: PublicJob['engagement_type'];
  budgetMinCents: number | null;
  budgetMaxCents: number | null;
  budgetTotalCents: number | null;
  weeklyHours: number;
  startDate: string | null;
  closesOn: string | null;
  applicantLocations: string[];
  skillTags: string[];
  timezone: string;
  requiredCerts: string[];
  screeningQuestions: ScreeningQuestion[];
  status: PublicJob['status'];
  postedAt: Date | string;
  companyName: string;
  companyCurrency: string;
}

export function toPublicJob(row: PublicJobRow, requiredTests: RequiredTest[]): PublicJob {
  return {
    id: row.id,
    title: row.title,
    company_name: row.companyName,
    description: row.description,
    engagement_type: row.engagementType,
    ...jobBudget(row),
    currency: currencyOf(row.companyCurrency),
    weekly_hours: row.weeklyHours,
    start_date: row.startDate,
    closes_on: row.closesOn,
    applicant_locations: row.applicantLocations,
    skill_tags: row.skillTags,
    timezone: row.timezone,
    required_certs: row.requiredCerts,
    required_tests: requiredTests,
    screening_questions: row.screeningQuestions,
    // Past its closing date a job takes no applications, though the nightly sweep has not closed it yet.
    status: row.status === 'open' && hasClosingDatePassed(row.closesOn) ? 'closed' : row.status,
    published_at: new Date(row.postedAt).toISOString(),
  };
}
