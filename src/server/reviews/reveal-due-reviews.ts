import { and, eq, isNull, sql } from 'drizzle-orm';
import { REVIEW_WINDOW_DAYS } from '~/shared/reviews';
import type { Database } from '../db/client';
import { assignments, reviews } from '../db/schema';
import { recomputeRatingsOf } from '../kernels/work/review-records';

// The reveal job (schedule.ts, hourly): a review whose window closed without the other side writing
// is revealed as of the window's end, and the ratings of those it is about recomputed in the same
// transaction. Reads already show such a review from the window's end (kernels/work/review-records.ts); this
// brings the stored ratings in step. Running twice reveals nothing more.
export async function revealDueReviews({ db, now = new Date() }: { db: Database; now?: Date }): Promise<number> {
  return db.transaction(async (tx) => {
    const closesAt = sql`${assignments.endedAt} + make_interval(days => ${REVIEW_WINDOW_DAYS})`;
    const revealed = await tx
      .update(reviews)
      .set({ revealedAt: sql`${closesAt}` })
      .from(assignments)
      .where(
        and(
          eq(assignments.id, reviews.assignmentId),
          isNull(reviews.revealedAt),
          sql`${closesAt} <= ${now.toISOString()}::timestamptz`,
        ),
      )
      .returning({ applicantId: reviews.applicantId, companyId: reviews.companyId });
    await recomputeRatingsOf(tx, revealed);
    return revealed.length;
  });
}
