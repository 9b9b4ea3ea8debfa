import { and, eq, inArray } from 'drizzle-orm';
import { type AssignmentReviews, reviewTexts, type WriteReviewInput } from '~/shared/reviews';
import { paths } from '~/shared/routes';
import type { Database } from '../db/client';
import { reviews } from '../db/schema';
import { companyRecipients } from '../kernels/notices/company-recipients';
import { notify } from '../kernels/notices/notify';
import { findAssignmentFor } from '../kernels/work/assignment-views';
import { recomputeRatingsOf } from '../kernels/work/review-records';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import { assignmentReviewsFor, isRevealed, type ReviewActor, sideOf, windowClosesAtOf } from './get-assignment-reviews';

const dayOf = (moment: Date) => moment.toISOString().slice(0, 10);

// One side writes its review of an ended assignment, or changes it while it is hidden and the window
// open. The assignment's row is locked, so the two sides writing at once happen one after the other:
// the second to write reveals both, and both ratings are recomputed in that transaction.
export async function writeReview({
  db,
  assignmentId,
  actor,
  input,
  ipAddress,
  now = new Date(),
}: {
  db: Database;
  assignmentId: string;
  actor: ReviewActor;
  input: WriteReviewInput;
  ipAddress?: string;
  now?: Date;
}): Promise<AssignmentReviews> {
  return db.transaction(async (tx) => {
    const assignment = await findAssignmentFor({ db: tx, assignmentId, actor, lock: true });
    const closesAt = windowClosesAtOf(assignment);
    if (!closesAt) throw new AppError('conflict', reviewTexts.notEnded);
    if (now >= closesAt) throw new AppError('conflict', reviewTexts.windowClosed(dayOf(closesAt)));
    const side = sideOf(actor);
    const existing = await tx.select().from(reviews).where(eq(reviews.assignmentId, assignment.id));
    const mine = existing.find((row) => row.side === side);
    const theirs = existing.find((row) => row.side !== side);
    if (mine && isRevealed(mine, closesAt, now)) throw new AppError('conflict', reviewTexts.alreadyRevealed);

    const values = { rating: input.rating, comment: input.comment, authorId: actor.actorId, updatedAt: now };
    const [written] = mine
      ? await tx.update(reviews).set(values).where(eq(reviews.id, mine.id)).returning()
      : await tx
          .insert(reviews)
          .values({
            ...values,
            assignmentId: assignment.id,
            side,
            applicantId: assignment.applicantId,
            companyId: assignment.companyId,
            createdAt: now,
          })
          .returning();
    if (!written) throw new Error('The review was not stored.');

    if (theirs) {
      await tx
        .update(reviews)
        .set({ revealedAt: now })
        .where(and(inArray(reviews.id, [written.id, theirs.id])));
      await recomputeRatingsOf(tx, [assignment]);
    } else if (!mine) {
      // The other side hears there is a review waiting for theirs; what it says stays hidden.
      const notice = {
        type: 'assignment_changed' as const,
        title: `A review of ${assignment.role} is waiting`,
        body: 'Write yours to see it; both show once you have, or when the review window closes.',
      };
      if (actor.kind === 'company') {
        await notify({
          db: tx,
          items: {
            userId: assignment.applicantId,
            ...notice,
            link: `${paths.applicantTimesheets.getHref()}?assignment=${assignment.id}`,
          },
        });
      } else {
        const recipients = await companyRecipients({
          db: tx,
          companyId: assignment.companyId,
          permission: 'update:review:own',
        });
        await notify({
          db: tx,
          items: recipients.map((userId) => ({
            userId,
            ...notice,
            link: `${paths.companyBilling.getHref()}?tab=assignments&assignments_status=ended`,
          })),
        });
      }
    }
    await recordAuditEvent({
      db: tx,
      event: {
        actorId: actor.actorId,
        action: 'review.written',
        targetType: 'review',
        targetId: written.id,
        details: { assignment_id: assignment.id, side, rating: input.rating, changed: mine !== undefined },
        ipAddress,
      },
    });
    return assignmentReviewsFor({ db: tx, assignment, actor, now });
  });
}
