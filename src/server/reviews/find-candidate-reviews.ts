import { and, desc, eq, sql } from 'drizzle-orm';
import { type ReceivedReviewList, reviewTexts } from '~/shared/reviews';
import type { Database } from '../db/client';
import { assignments, companies, reviews } from '../db/schema';
import { findCandidate } from '../kernels/profiles/candidate-views';
import { isShownSql } from '../kernels/work/review-records';
import { AppError } from '../platform/errors';

// A candidate's reviews from companies as another company sees them on the profile sheet: revealed and
// not hidden, newest first, a page at a time. A candidate the company cannot find is a 404.
export async function findCandidateReviews({
  db,
  companyId,
  applicantId,
  page,
  pageSize,
  now = new Date(),
}: {
  db: Database;
  companyId: string;
  applicantId: string;
  page: number;
  pageSize: number;
  now?: Date;
}): Promise<ReceivedReviewList> {
  const candidate = await findCandidate({ db, companyId, applicantId });
  if (!candidate) throw new AppError('not_found', reviewTexts.candidateNotFound);
  const where = and(eq(reviews.applicantId, applicantId), eq(reviews.side, 'company_of_talent'), isShownSql(now));
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: reviews.id,
        rating: reviews.rating,
        comment: reviews.comment,
        companyName: companies.name,
        role: assignments.role,
        createdAt: reviews.createdAt,
      })
      .from(reviews)
      .innerJoin(assignments, eq(assignments.id, reviews.assignmentId))
      .innerJoin(companies, eq(companies.id, reviews.companyId))
      .where(where)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(reviews)
      .innerJoin(assignments, eq(assignments.id, reviews.assignmentId))
      .where(where),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      rating: row.rating,
      comment: row.comment,
      company_name: row.companyName,
      role: row.role,
      created_at: row.createdAt.toISOString(),
    })),
    total: counted?.total ?? 0,
    page,
    page_size: pageSize,
  };
}
