import { and, eq } from 'drizzle-orm';
import { type AbuseReport, type AbuseReportDecision, abuseReportTexts } from '~/shared/admin-dashboard';
import type { Database } from '../db/client';
import { abuseReports } from '../db/schema';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import { loadAbuseReport } from './find-abuse-reports';

const outcomes = {
  resolve: { status: 'resolved', action: 'abuse_report.resolved' },
  dismiss: { status: 'dismissed', action: 'abuse_report.dismissed' },
} as const;

// An administrator resolves (acted on it) or dismisses (nothing wrong) an open report, once: the update
// only takes an open row, so two admins at once settle it once and the second hears it was handled.
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
