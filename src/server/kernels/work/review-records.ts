import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { REVIEW_WINDOW_DAYS, ratingTenthsOf } from '~/shared/reviews';
import type { Database } from '../../db/client';
import { applicantProfiles, assignments, reviews } from '../../db/schema';
import { recomputeCompanyRatings } from './recompute-company-ratings';

// What the reviews feature, the abuse reports (hiding a review) and the reveal job share: when a review
// shows, and the ratings kept from the shown ones.

const DAY_MS = 24 * 60 * 60 * 1000;

// The end of the time to write reviews, from the moment the assignment was ended.
export const reviewWindowClosesAt = (endedAt: Date) => new Date(endedAt.getTime() + REVIEW_WINDOW_DAYS * DAY_MS);

// The window's end in SQL, for a query joined to the review's assignment.
const windowClosesAtSql = sql`(${assignments.endedAt} + make_interval(days => ${REVIEW_WINDOW_DAYS}))`;

// A review shows once both sides wrote (revealed_at set then) or once its window closed — the latter read
// from the assignment at read time, so nothing waits for the reveal job to see it. Needs `assignments`
// joined.
export const isRevealedSql = (now: Date): SQL =>
  sql`(${reviews.revealedAt} is not null or ${windowClosesAtSql} <= ${now.toISOString()}::timestamptz)`;

// What counts toward a rating and is listed: shown, and not hidden by an administrator.
export const isShownSql = (now: Date): SQL => and(isRevealedSql(now), isNull(reviews.hiddenAt)) as SQL;

// The talents' ratings and counts from their counted reviews (revealed_at set, not hidden); none leaves
// the rating null. Run in the transaction that reveals, hides or erases.
export async function recomputeTalentRatings({
  db,
  applicantIds,
}: {
  db: Database;
  applicantIds: readonly string[];
}): Promise<void> {
  const ids = [...new Set(applicantIds)];
  if (ids.length === 0) return;
  const figures = await db
    .select({
      applicantId: reviews.applicantId,
      average: sql<string>`avg(${reviews.rating})`,
      count: sql<number>`count(*)::int`,
    })
    .from(reviews)
    .where(
      and(
        inArray(reviews.applicantId, ids),
        eq(reviews.side, 'company_of_talent'),
        sql`${reviews.revealedAt} is not null`,
        isNull(reviews.hiddenAt),
      ),
    )
    .groupBy(reviews.applicantId);
  const byId = new Map(figures.map((figure) => [figure.applicantId, figure]));
  for (const applicantId of ids) {
    const figure = byId.get(applicantId);
    await db
      .update(applicantProfiles)
      .set({
        ratingTenths: figure ? ratingTenthsOf(Number(figure.average)) : null,
        reviewCount: figure?.count ?? 0,
      })
      .where(eq(applicantProfiles.userId, applicantId));
  }
}

// Both sides' figures for the reviews given.
export async function recomputeRatingsOf(
  db: Database,
  rows: readonly { applicantId: string; companyId: string }[],
): Promise<void> {
  await recomputeTalentRatings({ db, applicantIds: rows.map((row) => row.applicantId) });
  await recomputeCompanyRatings({ db, companyIds: rows.map((row) => row.companyId) });
}
