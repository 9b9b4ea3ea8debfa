import { eq } from 'drizzle-orm';
import type { AssignmentReviews, Review, ReviewSide } from '~/shared/reviews';
import type { Database } from '../db/client';
import { companies, reviews, users } from '../db/schema';
import { type AssignmentRow, findAssignmentFor } from '../kernels/work/assignment-views';
import { reviewWindowClosesAt } from '../kernels/work/review-records';

// The two sides of an assignment as reviewers: a company member writes for the company, the talent for
// themselves. An administrator reads reviews through reports only.
export type ReviewActor =
  | { kind: 'company'; companyId: string; actorId: string }
  | { kind: 'applicant'; actorId: string };

export const sideOf = (actor: ReviewActor): ReviewSide =>
  actor.kind === 'company' ? 'company_of_talent' : 'talent_of_company';
const otherSide = (side: ReviewSide): ReviewSide =>
  side === 'company_of_talent' ? 'talent_of_company' : 'company_of_talent';

export type ReviewRow = typeof reviews.$inferSelect;

// When the window closes: 14 days from the moment it was ended; null while it has not.
export function windowClosesAtOf(assignment: AssignmentRow): Date | null {
  if (assignment.status !== 'ended') return null;
  return reviewWindowClosesAt(assignment.endedAt ?? assignment.updatedAt);
}

export const isRevealed = (row: ReviewRow, closesAt: Date | null, now: Date) =>
  row.revealedAt !== null || (closesAt !== null && closesAt <= now);

// What one side sees of an assignment's reviews (shared/reviews.ts assignmentReviewsSchema).
export async function assignmentReviewsFor({
  db,
  assignment,
  actor,
  now,
}: {
  db: Database;
  assignment: AssignmentRow;
  actor: ReviewActor;
  now: Date;
}): Promise<AssignmentReviews> {
  const [names] = await db
    .select({ companyName: companies.name, applicantName: users.name })
    .from(companies)
    .innerJoin(users, eq(users.id, assignment.applicantId))
    .where(eq(companies.id, assignment.companyId));
  const rows = await db.select().from(reviews).where(eq(reviews.assignmentId, assignment.id));
  const side = sideOf(actor);
  const closesAt = windowClosesAtOf(assignment);
  const authorNameOf = (row: ReviewRow) =>
    (row.side === 'company_of_talent' ? names?.companyName : names?.applicantName) ?? '';
  const view = (row: ReviewRow): Review => ({
    id: row.id,
    side: row.side,
    rating: row.rating,
    comment: row.comment,
    author_name: authorNameOf(row),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    revealed_at: isRevealed(row, closesAt, now) ? (row.revealedAt ?? closesAt ?? now).toISOString() : null,
  });
  const mine = rows.find((row) => row.side === side);
  const theirs = rows.find((row) => row.side === otherSide(side) && row.hiddenAt === null);
  const isOpen = closesAt !== null && now < closesAt;
  return {
    assignment_id: assignment.id,
    counterpart_name: (actor.kind === 'company' ? names?.applicantName : names?.companyName) ?? '',
    role: assignment.role,
    window_closes_at: closesAt?.toISOString() ?? null,
    can_write: isOpen && !(mine && isRevealed(mine, closesAt, now)),
    mine: mine ? view(mine) : null,
    theirs: theirs && isRevealed(theirs, closesAt, now) ? view(theirs) : null,
    has_their_review: theirs !== undefined,
  };
}

export async function getAssignmentReviews({
  db,
  assignmentId,
  actor,
  now = new Date(),
}: {
  db: Database;
  assignmentId: string;
  actor: ReviewActor;
  now?: Date;
}): Promise<AssignmentReviews> {
  const assignment = await findAssignmentFor({ db, assignmentId, actor });
  return assignmentReviewsFor({ db, assignment, actor, now });
}
