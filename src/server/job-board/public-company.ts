import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { PublicCompany } from '~/shared/job-board';
import { ratingOfTenths } from '~/shared/reviews';
import type { Database } from '../db/client';
import { applications, companies, invoices, jobs, paymentMethods } from '../db/schema';

// The company as /jobs/:id shows it beside its job: its own words (about, size, location, website) and
// its record on Tandem, counted from what happened: jobs it published, applicants it hired, whether it has
// paid (an invoice paid, or a payment method on file) and the stars talent gave it after work — never a
// figure it typed in.
export async function loadPublicCompany(db: Database, companyId: string): Promise<PublicCompany | null> {
  const jobsPosted = db
    .select({ value: sql<number>`count(*)::int` })
    .from(jobs)
    .where(and(eq(jobs.companyId, companyId), isNotNull(jobs.publishedAt)));
  const hiresMade = db
    .select({ value: sql<number>`count(*)::int` })
    .from(applications)
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .where(and(eq(jobs.companyId, companyId), isNotNull(applications.hiredAt)));
  const hasPaid = db
    .select({ one: sql`1` })
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), eq(invoices.status, 'paid')));
  const hasPaymentMethod = db
    .select({ one: sql`1` })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.companyId, companyId), isNull(paymentMethods.removedAt)));
  const [row] = await db
    .select({
      name: companies.name,
      about: companies.about,
      size: companies.size,
      location: companies.location,
      website: companies.website,
      createdAt: companies.createdAt,
      ratingTenths: companies.ratingTenths,
      reviewCount: companies.reviewCount,
      jobsPosted: sql<number>`(${jobsPosted})`.mapWith(Number),
      hiresMade: sql<number>`(${hiresMade})`.mapWith(Number),
      paymentVerified: sql<boolean>`(exists (${hasPaid}) or exists (${hasPaymentMethod}))`.mapWith(Boolean),
    })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!row) return null;
  return {
    name: row.name,
    about: row.about,
    size: row.size,
    location: row.location,
    website: row.website,
    member_since: row.createdAt.toISOString(),
    jobs_posted: row.jobsPosted,
    hires_made: row.hiresMade,
    payment_verified: row.paymentVerified,
    rating: ratingOfTenths(row.ratingTenths),
    review_count: row.reviewCount,
  };
}
