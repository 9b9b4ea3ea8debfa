import { and, desc, eq, sql } from 'drizzle-orm';
import type { EarningsList, EarningsSummary } from '~/shared/earnings';
import type { Database } from '../db/client';
import { assignments, companies, invoices, timesheets } from '../db/schema';

// The talent's earnings (decision 024): their approved weeks, each with what it earns them — the pay fixed
// at approval (approve-timesheet.ts: each day's minutes at that day's pay rate) — and whether the company
// has been invoiced for it. Tenancy in the query: only the talent's own assignments are read.

const ownApprovedWeeks = (applicantId: string) =>
  and(eq(assignments.applicantId, applicantId), eq(timesheets.status, 'approved'));

// Approval always fixes the pay; a week written to the table without it counts nothing rather than a guess.
const amountSql = sql<number>`coalesce(${timesheets.talentPayCents}, 0)`;
const minutesSql = sql<number>`coalesce((select sum(e.minutes) from time_entries e where e.timesheet_id = ${timesheets.id}), 0)`;

export async function findEarnings({
  db,
  applicantId,
  page,
  pageSize,
}: {
  db: Database;
  applicantId: string;
  page: number;
  pageSize: number;
}): Promise<EarningsList> {
  const where = ownApprovedWeeks(applicantId);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: timesheets.id,
        assignmentId: assignments.id,
        companyName: companies.name,
        role: assignments.role,
        weekStart: timesheets.weekStart,
        minutes: sql<number>`${minutesSql}::int`,
        amount: sql<number>`${amountSql}::int`,
        approvedAt: timesheets.approvedAt,
        invoicedOn: invoices.issueDate,
      })
      .from(timesheets)
      .innerJoin(assignments, eq(assignments.id, timesheets.assignmentId))
      .innerJoin(companies, eq(companies.id, assignments.companyId))
      .leftJoin(invoices, eq(invoices.id, timesheets.invoiceId))
      .where(where)
      .orderBy(desc(timesheets.weekStart), assignments.role, timesheets.id)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(timesheets)
      .innerJoin(assignments, eq(assignments.id, timesheets.assignmentId))
      .where(where),
  ]);
  return {
    items: rows.map((row) => ({
      timesheet_id: row.id,
      assignment_id: row.assignmentId,
      company_name: row.companyName,
      role: row.role,
      week_start: row.weekStart,
      total_minutes: Number(row.minutes),
      amount_cents: Number(row.amount),
      approved_at: row.approvedAt?.toISOString() ?? null,
      stage: row.invoicedOn ? 'invoiced' : 'approved',
      invoiced_on: row.invoicedOn ?? null,
    })),
    total: counted?.total ?? 0,
    page,
    page_size: pageSize,
  };
}

export async function getEarningsSummary({
  db,
  applicantId,
}: {
  db: Database;
  applicantId: string;
}): Promise<EarningsSummary> {
  const [sums] = await db
    .select({
      weeks: sql<number>`count(*)::int`,
      minutes: sql<string>`coalesce(sum(${minutesSql}), 0)::bigint`,
      approved: sql<string>`coalesce(sum(${amountSql}), 0)::bigint`,
      invoiced: sql<string>`coalesce(sum(${amountSql}) filter (where ${timesheets.invoiceId} is not null), 0)::bigint`,
    })
    .from(timesheets)
    .innerJoin(assignments, eq(assignments.id, timesheets.assignmentId))
    .where(ownApprovedWeeks(applicantId));
  const approved = Number(sums?.approved ?? 0);
  const invoiced = Number(sums?.invoiced ?? 0);
  return {
    weeks: sums?.weeks ?? 0,
    total_minutes: Number(sums?.minutes ?? 0),
    approved_cents: approved,
    invoiced_cents: invoiced,
    awaiting_invoice_cents: approved - invoiced,
  };
}
