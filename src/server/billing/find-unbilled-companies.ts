import { and, asc, eq, ilike, isNull, sql } from 'drizzle-orm';
import type { UnbilledCompanyList } from '~/shared/billing';
import type { Database } from '../db/client';
import { containingPattern } from '../db/like-pattern';
import { assignments, companies, timesheets } from '../db/schema';
import { findNextInvoices, type NextInvoiceRun } from './next-invoice';

// The administrators' Unbilled work (decision 024): every company with approved weeks no invoice has billed
// yet, by name, with its next invoice as the run would issue it now, for Issue invoice now.
export async function findUnbilledCompanies({
  db,
  q,
  page,
  pageSize,
  now,
  nextInvoiceRun,
}: {
  db: Database;
  q?: string;
  page: number;
  pageSize: number;
  now: Date;
  nextInvoiceRun: NextInvoiceRun;
}): Promise<UnbilledCompanyList> {
  const where = and(
    eq(timesheets.status, 'approved'),
    isNull(timesheets.invoiceId),
    q ? ilike(companies.name, containingPattern(q)) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: companies.id,
        name: companies.name,
        weeks: sql<number>`count(*)::int`,
        minutes: sql<number>`coalesce(sum((select sum(e.minutes) from time_entries e where e.timesheet_id = ${timesheets.id})), 0)::int`,
      })
      .from(timesheets)
      .innerJoin(assignments, eq(assignments.id, timesheets.assignmentId))
      .innerJoin(companies, eq(companies.id, assignments.companyId))
      .where(where)
      .groupBy(companies.id, companies.name)
      .orderBy(asc(companies.name), asc(companies.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ total: sql<number>`count(distinct ${companies.id})::int` })
      .from(timesheets)
      .innerJoin(assignments, eq(assignments.id, timesheets.assignmentId))
      .innerJoin(companies, eq(companies.id, assignments.companyId))
      .where(where),
  ]);
  const upcoming = await findNextInvoices({ db, companyIds: rows.map((row) => row.id), now, nextInvoiceRun });
  return {
    items: rows.flatMap((row) => {
      const next = upcoming.get(row.id);
      if (!next) return [];
      return [
        {
          company_id: row.id,
          company_name: row.name,
          weeks: Number(row.weeks),
          total_minutes: Number(row.minutes),
          next_invoice: next.view,
        },
      ];
    }),
    total: counted?.total ?? 0,
    page,
    page_size: pageSize,
  };
}
