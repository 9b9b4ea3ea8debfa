import { desc, eq } from 'drizzle-orm';
import { type Currency, currencyOf } from '~/shared/currencies';
import type { EngagementType } from '~/shared/job-texts';
import type { Database } from '../db/client';
import { companies, jobs } from '../db/schema';
import { publiclyListed } from '../kernels/hiring/job-visibility';
import { jobBudget } from '../kernels/hiring/load-job-views';

// Jobs in one page of a feed: Indeed asks for every job in one document, and 1,000 of the newest is what
// one answer holds (about 3 MB); ?page=2 and on hold the rest (decision 058).
export const FEED_PAGE_SIZE = 1000;

export interface FeedJob {
  id: string;
  title: string;
  description: string;
  publishedAt: Date;
  updatedAt: Date;
  closesOn: string | null;
  applicantLocations: string[];
  engagementType: EngagementType;
  budget_min: number | null;
  budget_max: number | null;
  budget_total: number | null;
  currency: Currency;
  weeklyHours: number;
  skillTags: string[];
  companyName: string;
  companyLocation: string;
}

// The open public jobs of active companies, newest first, one page of the feeds: what the board lists.
export async function findFeedJobs({ db, page }: { db: Database; page: number }): Promise<FeedJob[]> {
  const rows = await db
    .select({
      id: jobs.id,
      title: jobs.title,
      description: jobs.description,
      publishedAt: jobs.publishedAt,
      createdAt: jobs.createdAt,
      updatedAt: jobs.updatedAt,
      closesOn: jobs.closesOn,
      applicantLocations: jobs.applicantLocations,
      engagementType: jobs.engagementType,
      budgetMinCents: jobs.budgetMinCents,
      budgetMaxCents: jobs.budgetMaxCents,
      budgetTotalCents: jobs.budgetTotalCents,
      weeklyHours: jobs.weeklyHours,
      skillTags: jobs.skillTags,
      companyName: companies.name,
      companyLocation: companies.location,
      currency: companies.billingCurrency,
    })
    .from(jobs)
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .where(publiclyListed)
    .orderBy(desc(jobs.publishedAt), desc(jobs.id))
    .limit(FEED_PAGE_SIZE)
    .offset((page - 1) * FEED_PAGE_SIZE);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    description: row.description,
    publishedAt: row.publishedAt ?? row.createdAt,
    updatedAt: row.updatedAt,
    closesOn: row.closesOn,
    applicantLocations: row.applicantLocations,
    engagementType: row.engagementType,
    ...jobBudget(row),
    currency: currencyOf(row.currency),
    weeklyHours: row.weeklyHours,
    skillTags: row.skillTags,
    companyName: row.companyName,
    companyLocation: row.companyLocation,
  }));
}
