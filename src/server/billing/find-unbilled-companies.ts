import { and, asc, eq, ilike, isNull, sql } from 'drizzle-orm';
import type { UnbilledCompanyList } from '~/shared/billing';
import type { Database } from '../db/client';
import { containingPattern } from '../db/like-pattern';
import { companies, timesheets } from '../db/schema';
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
  // The companies with unbilled weeks are counted from the partial index of unbilled weeks by company
  // (timesheets carry their company, migration 0059), and the minutes summed for the page's companies only:
  // joining every unbilled week to its assignment and company, and summing each week's minutes, before
  // keeping 20 companies took seconds at 120,000 weeks.
  const isUnbilled = and(eq(timesheets.status, 'approved'), isNull(timesheets.invoiceId));
  const unbilled = db
    .select({
      companyId: sql<string>`${timesheets.companyId}`.as('company_id'),
      weeks: sql<number>`count(*)::int`.as('weeks'),
    })
    .from(timesheets)
    .where(isUnbilled)
    .groupBy(timesheets.companyId)
    .as('unbilled');
  const named = q ? ilike(companies.name, containingPattern(q)) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: companies.id,
        name: companies.name,
        weeks: unbilled.weeks,
        minutes: sql<number>`(select coalesce(sum(e.minutes), 0)::int from ${timesheets} join time_entries e on e.timesheet_id = ${timesheets.id}
          where ${timesheets.companyId} = ${companies.id} and ${isUnbilled})`,
      })
      .from(unbilled)
      .innerJoin(companies, eq(companies.id, unbilled.companyId))
      .where(named)
      .orderBy(asc(companies.name), asc(companies.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(unbilled)
      .innerJoin(companies, eq(companies.id, unbilled.companyId))
      .where(named),
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
