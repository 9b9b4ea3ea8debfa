import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { UnbilledWorkList } from '~/shared/billing';
import type { Database } from '../db/client';
import { assignments, timesheets, users } from '../db/schema';
import { getPlatformSettings } from '../platform/get-platform-settings';
import { draftWeekCosts, loadBillingTerms, noCost, weekCostView } from '../platform/invoice-drafts';

// Billing's Unbilled work (decision 024): the company's approved weeks no invoice has billed yet, newest
// week first, each with its hours and what it costs, drafted as the invoice run drafts it.
export async function findUnbilledWork({
  db,
  companyId,
  page,
  pageSize,
}: {
  db: Database;
  companyId: string;
  page: number;
  pageSize: number;
}): Promise<UnbilledWorkList> {
  // Tenancy in the query: another company's weeks are never read.
  const where = and(
    eq(assignments.companyId, companyId),
    eq(timesheets.status, 'approved'),
    isNull(timesheets.invoiceId),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: timesheets.id,
        assignmentId: assignments.id,
        applicantName: users.name,
        role: assignments.role,
        weekStart: timesheets.weekStart,
        approvedAt: timesheets.approvedAt,
        minutes: sql<number>`coalesce((select sum(e.minutes) from time_entries e where e.timesheet_id = ${timesheets.id}), 0)::int`,
      })
      .from(timesheets)
      .innerJoin(assignments, eq(assignments.id, timesheets.assignmentId))
      .innerJoin(users, eq(users.id, assignments.applicantId))
      .where(where)
      .orderBy(desc(timesheets.weekStart), users.name, timesheets.id)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(timesheets)
      .innerJoin(assignments, eq(assignments.id, timesheets.assignmentId))
      .where(where),
  ]);
  const { platform_fee_basis_points: feeBasisPoints } = await getPlatformSettings({ db });
  const [costs, terms] = await Promise.all([
    draftWeekCosts({ db, timesheetIds: rows.map((row) => row.id), feeBasisPoints }),
    loadBillingTerms(db, [companyId]),
  ]);
  const nothing = noCost({ feeBasisPoints, taxBasisPoints: terms.get(companyId)?.taxBasisPoints ?? 0 });
  return {
    items: rows.map((row) => ({
      timesheet_id: row.id,
      assignment_id: row.assignmentId,
      applicant_name: row.applicantName,
      role: row.role,
      week_start: row.weekStart,
      total_minutes: Number(row.minutes),
      approved_at: row.approvedAt?.toISOString() ?? null,
      cost: weekCostView(costs.get(row.id) ?? nothing),
    })),
    total: counted?.total ?? 0,
    page,
    page_size: pageSize,
  };
}
