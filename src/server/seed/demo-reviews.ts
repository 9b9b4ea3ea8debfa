import { randomUUID } from 'node:crypto';
import { asc, isNull, like } from 'drizzle-orm';
import { assignments, assignmentTerms, companies, reviews, users } from '../db/schema';
import { hourlyTermsOf } from '../kernels/work/assignment-terms';
import { recomputeRatingsOf } from '../kernels/work/review-records';
import { addDays, isoDay } from '../platform/work-calendar';
import type { DemoSeeder } from './demo-seeder';
import { variedProfile, variedReviewStars } from './talent-factories';

const DAY_MS = 24 * 60 * 60 * 1000;

const companyComments: Record<number, string> = {
  5: 'Outstanding work: clear updates every day and delivered ahead of schedule. We would hire again.',
  4: 'Reliable and easy to work with; a few handovers needed a second pass, but the results were solid.',
  3: 'Did what was asked, though deadlines slipped twice and we had to chase for updates.',
  2: 'The work needed a lot of rework and communication was slow.',
};
const talentComments = [
  'Clear brief, quick feedback and paid on time. A team I would gladly work with again.',
  'Friendly team and well-organised; the scope changed a little along the way.',
];

// The demo's ratings, earned as real ones are: each varied demo applicant (demo-talent.ts) has finished
// one to three assignments with the companies, each reviewed by both sides and revealed, and the ratings
// are computed from those reviews. Skipped once any review exists.
export const demoReviewsSeeder: DemoSeeder = {
  name: 'demo reviews',
  async seed({ db }) {
    const [existing] = await db.select({ id: reviews.id }).from(reviews).limit(1);
    if (existing) return { created: 0 };
    const hiring = await db
      .select({ id: companies.id })
      .from(companies)
      .where(isNull(companies.deletedAt))
      .orderBy(asc(companies.createdAt));
    const applicants = await db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(like(users.email, '%@talent.tandem.test'));
    if (hiring.length === 0 || applicants.length === 0) return { created: 0 };
    const now = Date.now();
    // Built in memory, then written in three statements: the demo seeds at every first start.
    const planned = applicants.flatMap((applicant) => {
      // The demo applicants' addresses end in their number (first.last.n@talent.tandem.test).
      const n = Number(/\.(\d+)@/.exec(applicant.email)?.[1] ?? 0);
      return variedReviewStars(n).flatMap((rating, k) => {
        const company = hiring[(n + k) % hiring.length];
        if (!company) return [];
        const endedAt = new Date(now - (30 + ((n * 11 + k * 37) % 300)) * DAY_MS);
        const endDate = isoDay(endedAt);
        const startDate = addDays(endDate, -(28 + ((n + k) % 5) * 14));
        const profile = variedProfile(n);
        return [{ id: randomUUID(), applicant, company, n, k, rating, endedAt, endDate, startDate, profile }];
      });
    });
    if (planned.length === 0) return { created: 0 };
    const made = await db
      .insert(assignments)
      .values(
        planned.map((plan) => ({
          id: plan.id,
          companyId: plan.company.id,
          applicantId: plan.applicant.id,
          role: plan.profile.headline ?? 'Remote specialist',
          rateCents: plan.profile.hourlyRateCents ?? 3_000,
          weeklyHours: 20 + ((plan.n + plan.k) % 3) * 10,
          startDate: plan.startDate,
          endDate: plan.endDate,
          endReason: 'The project was completed.',
          endedAt: plan.endedAt,
          status: 'ended' as const,
        })),
      )
      .returning();
    await db.insert(assignmentTerms).values(
      made.map((assignment) => ({
        assignmentId: assignment.id,
        ...hourlyTermsOf(assignment),
        payRateCents: Math.round(hourlyTermsOf(assignment).rateCents * 0.8),
        effectiveDate: assignment.startDate,
      })),
    );
    await db.insert(reviews).values(
      made.flatMap((assignment) => {
        const plan = planned.find((candidate) => candidate.id === assignment.id);
        if (!plan) return [];
        const written = new Date(plan.endedAt.getTime() + DAY_MS);
        const revealedAt = new Date(plan.endedAt.getTime() + (1 + (plan.n % 5)) * DAY_MS);
        const shared = {
          assignmentId: assignment.id,
          applicantId: plan.applicant.id,
          companyId: plan.company.id,
          revealedAt,
        };
        return [
          {
            ...shared,
            side: 'company_of_talent' as const,
            rating: plan.rating,
            comment: companyComments[plan.rating] ?? companyComments[5] ?? '',
            createdAt: written,
            updatedAt: written,
          },
          {
            ...shared,
            side: 'talent_of_company' as const,
            authorId: plan.applicant.id,
            rating: plan.rating >= 4 ? 5 : 4,
            comment: talentComments[(plan.n + plan.k) % talentComments.length] ?? '',
            createdAt: revealedAt,
            updatedAt: revealedAt,
          },
        ];
      }),
    );
    const reviewed = made.map((assignment) => ({
      applicantId: assignment.applicantId,
      companyId: assignment.companyId,
    }));
    const created = made.length * 3;
    await recomputeRatingsOf(db, reviewed);
    return { created };
  },
};
