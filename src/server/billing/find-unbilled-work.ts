import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { UnbilledWorkList } from '~/shared/billing';
import type { Database } from '../db/client';
import { assignments, timesheets, users } from '../db/schema';
import { draftWeekCosts, loadBillingTerms, noCost, weekCostView } from '../kernels/money/invoice-drafts';
import { getPlatformSettings } from '../platform/get-platform-settings';

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
  // Tenancy in the query: another company's weeks are never read. The weeks carry their company and
  // talent's name (migrations 0059, 0061): the page's 20 keys are walked from the company's unbilled index
  // in order, and only those are joined and summed; the count reads that index alone.
  const unbilled = and(
    eq(timesheets.companyId, companyId),
    eq(timesheets.status, 'approved'),
    isNull(timesheets.invoiceId),
  );
  const [keys, [counted]] = await Promise.all([
    db
      .select({ id: timesheets.id })
      .from(timesheets)
      .where(unbilled)
      .orderBy(desc(timesheets.weekStart), timesheets.applicantName, timesheets.id)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(timesheets).where(unbilled),
  ]);
  const ids = keys.map((key) => key.id);
  const found =
    ids.length === 0
      ? []
      : await db
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
          .where(inArray(timesheets.id, ids));
  const byId = new Map(found.map((row) => [row.id, row]));
  const rows = ids.flatMap((id) => byId.get(id) ?? []);
  const { platform_fee_basis_points: feeBasisPoints } = await getPlatformSettings({ db });
  const [costs, terms] = await Promise.all([
    draftWeekCosts({ db, timesheetIds: rows.map((row) => row.id), feeBasisPoints }),
    loadBillingTerms(db, [companyId]),
  ]);
  const nothing = noCost({ feeBasisPoints, companyTerms: terms.get(companyId) });
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
