import { type SQL, sql } from 'drizzle-orm';

// The figures Account Manager Management and the manager portal show for companies, as SQL over one
// company id (or a set of them): employees are active assignments, revenue is what was invoiced this
// calendar month (UTC), open jobs are published ones.

export interface MonthBounds {
  // YYYY-MM-DD, the first day of this month and of the next.
  start: string;
  end: string;
}

export function monthBoundsOf(now: Date): MonthBounds {
  const day = (date: Date) => date.toISOString().slice(0, 10);
  return {
    start: day(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))),
    end: day(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1))),
  };
}

// `companyIds` is a subquery (or a single id) naming the companies counted.
export const employeesOf = (companyIds: SQL) =>
  sql<number>`(select count(*) from assignments where assignments.company_id in (${companyIds}) and assignments.status = 'active')::int`;

export const monthlyRevenueOf = (companyIds: SQL, month: MonthBounds) =>
  sql<number>`(select coalesce(sum(invoices.total_cents), 0) from invoices where invoices.company_id in (${companyIds}) and invoices.issue_date >= ${month.start} and invoices.issue_date < ${month.end})::bigint`;

export const openJobsOf = (companyIds: SQL) =>
  sql<number>`(select count(*) from jobs where jobs.company_id in (${companyIds}) and jobs.status = 'open')::int`;

// The companies (not deleted) a manager looks after.
export const companiesManagedBy = (managerId: SQL | string) =>
  sql`select managed.id from companies managed where managed.account_manager_id = ${managerId} and managed.deleted_at is null`;
