import { asc, isNull, like } from 'drizzle-orm';
import { recomputeRatingsOf } from '../../platform/review-records';
import { addDays, isoDay } from '../../platform/work-calendar';
import { assignments, assignmentTerms, companies, reviews, users } from '../schema';
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
    let created = 0;
    const reviewed: { applicantId: string; companyId: string }[] = [];
    for (const applicant of applicants) {
      // The demo applicants' addresses end in their number (first.last.n@talent.tandem.test).
      const n = Number(/\.(\d+)@/.exec(applicant.email)?.[1] ?? 0);
      const stars = variedReviewStars(n);
      for (const [k, rating] of stars.entries()) {
        const company = hiring[(n + k) % hiring.length];
        if (!company) continue;
        const endedAt = new Date(now - (30 + ((n * 11 + k * 37) % 300)) * DAY_MS);
        const endDate = isoDay(endedAt);
        const startDate = addDays(endDate, -(28 + ((n + k) % 5) * 14));
        const rateCents = variedProfile(n).hourlyRateCents ?? 3_000;
        const [assignment] = await db
          .insert(assignments)
          .values({
            companyId: company.id,
            applicantId: applicant.id,
            role: variedProfile(n).headline ?? 'Remote specialist',
            rateCents,
            weeklyHours: 20 + ((n + k) % 3) * 10,
            startDate,
            endDate,
            endReason: 'The project was completed.',
            endedAt,
            status: 'ended',
          })
          .returning();
        if (!assignment) continue;
        await db.insert(assignmentTerms).values({
          assignmentId: assignment.id,
          rateCents,
          payRateCents: Math.round(rateCents * 0.8),
          weeklyHours: assignment.weeklyHours,
          effectiveDate: startDate,
        });
        const revealedAt = new Date(endedAt.getTime() + (1 + (n % 5)) * DAY_MS);
        await db.insert(reviews).values([
          {
            assignmentId: assignment.id,
            side: 'company_of_talent',
            applicantId: applicant.id,
            companyId: company.id,
            rating,
            comment: companyComments[rating] ?? companyComments[5] ?? '',
            revealedAt,
            createdAt: new Date(endedAt.getTime() + DAY_MS),
            updatedAt: new Date(endedAt.getTime() + DAY_MS),
          },
          {
            assignmentId: assignment.id,
            side: 'talent_of_company',
            applicantId: applicant.id,
            companyId: company.id,
            authorId: applicant.id,
            rating: rating >= 4 ? 5 : 4,
            comment: talentComments[(n + k) % talentComments.length] ?? '',
            revealedAt,
            createdAt: revealedAt,
            updatedAt: revealedAt,
          },
        ]);
        reviewed.push({ applicantId: applicant.id, companyId: company.id });
        created += 3;
      }
    }
    await recomputeRatingsOf(db, reviewed);
    return { created };
  },
};
