import { type SQL, sql } from 'drizzle-orm';

// The figures Account Manager Management and the manager portal show for companies, as SQL over one
// company id (or a set of them): employees are active assignments, open jobs are published ones. Their
// Monthly Revenue is kernels/money/monthly-revenue.ts's, as every screen's.

// `companyIds` is a subquery (or a single id) naming the companies counted.
export const employeesOf = (companyIds: SQL) =>
  sql<number>`(select count(*) from assignments where assignments.company_id in (${companyIds}) and assignments.status = 'active')::int`;

export const openJobsOf = (companyIds: SQL) =>
  sql<number>`(select count(*) from jobs where jobs.company_id in (${companyIds}) and jobs.status = 'open')::int`;

// The companies (not deleted) a manager looks after.
export const companiesManagedBy = (managerId: SQL | string) =>
  sql`select managed.id from companies managed where managed.account_manager_id = ${managerId} and managed.deleted_at is null`;
