import { and, eq, isNull } from 'drizzle-orm';
import { type AbuseReport, type AbuseReportDecision, abuseReportTexts } from '~/shared/admin-dashboard';
import type { Database } from '../db/client';
import { abuseReports, reviews } from '../db/schema';
import { recomputeRatingsOf } from '../kernels/work/review-records';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import { loadAbuseReport } from './find-abuse-reports';

const outcomes = {
  resolve: { status: 'resolved', action: 'abuse_report.resolved' },
  dismiss: { status: 'dismissed', action: 'abuse_report.dismissed' },
} as const;

// An administrator resolves (acted on it) or dismisses (nothing wrong) an open report, once: the update
// only takes an open row, so two admins at once settle it once and the second hears it was handled.
// Resolving a review's report hides the review: it no longer shows, and the rating it was part of is
// recomputed without it, in the same transaction.
export async function settleAbuseReport({
  db,
  reportId,
  decision,
  actorId,
  ipAddress,
}: {
  db: Database;
  reportId: string;
  decision: AbuseReportDecision;
  actorId: string;
  ipAddress: string | null;
}): Promise<AbuseReport> {
  const { status, action } = outcomes[decision];
  await db.transaction(async (tx) => {
    const [settled] = await tx
      .update(abuseReports)
      .set({ status, resolvedById: actorId, resolvedAt: new Date() })
      .where(and(eq(abuseReports.id, reportId), eq(abuseReports.status, 'open')))
      .returning();
    if (!settled) {
      const [existing] = await tx
        .select({ id: abuseReports.id })
        .from(abuseReports)
        .where(eq(abuseReports.id, reportId));
      throw existing
        ? new AppError('conflict', abuseReportTexts.alreadySettled)
        : new AppError('not_found', abuseReportTexts.reportNotFound);
    }
    if (decision === 'resolve' && settled.targetType === 'review')
      await hideReview(tx, settled.targetId, actorId, ipAddress);
    await recordAuditEvent({
      db: tx,
      event: {
        actorId,
        action,
        targetType: 'abuse_report',
        targetId: reportId,
        details: {
          target_type: settled.targetType,
          target_id: settled.targetId,
          before: { status: 'open' },
          after: { status },
        },
        ipAddress,
      },
    });
  });
  const report = await loadAbuseReport(db, reportId);
  if (!report) throw new AppError('not_found', abuseReportTexts.reportNotFound);
  return report;
}

async function hideReview(tx: Database, reviewId: string, actorId: string, ipAddress: string | null) {
  const [hidden] = await tx
    .update(reviews)
    .set({ hiddenAt: new Date(), hiddenById: actorId })
    .where(and(eq(reviews.id, reviewId), isNull(reviews.hiddenAt)))
    .returning();
  // Already hidden through another report, or gone with its assignment: nothing more to do.
  if (!hidden) return;
  await recomputeRatingsOf(tx, [hidden]);
  await recordAuditEvent({
    db: tx,
    event: {
      actorId,
      action: 'review.hidden',
      targetType: 'review',
      targetId: reviewId,
      details: {
        side: hidden.side,
        rating: hidden.rating,
        applicant_id: hidden.applicantId,
        company_id: hidden.companyId,
      },
      ipAddress,
    },
  });
}
