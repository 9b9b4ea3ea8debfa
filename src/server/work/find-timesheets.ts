import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { CompanyTimesheetList, TimesheetList, TimesheetStatus } from '~/shared/billing';
import type { Database } from '../db/client';
import { assignments, timesheets } from '../db/schema';
import { reachOf, type WorkActor } from '../kernels/work/assignment-views';
import { loadTimesheetViews, withWeekCosts } from './timesheet-views';

// A page of saved weeks the actor may see (the talent their own, the company its assignments'),
// newest week first.
interface TimesheetQuery {
  db: Database;
  actor: Extract<WorkActor, { kind: 'company' | 'applicant' }>;
  status?: TimesheetStatus;
  assignmentId?: string;
  page: number;
  pageSize: number;
}

export async function findTimesheets({
  db,
  actor,
  status,
  assignmentId,
  page,
  pageSize,
}: TimesheetQuery): Promise<TimesheetList> {
  const filters = and(
    status ? eq(timesheets.status, status) : undefined,
    assignmentId ? eq(timesheets.assignmentId, assignmentId) : undefined,
  );
  // A company's weeks carry its id and the role (migration 0059): the page is walked from their index in
  // order and counted from it alone. The talent's few weeks are found through their assignments.
  const [rows, [counted]] =
    actor.kind === 'company'
      ? await Promise.all([
          db
            .select({ assignmentId: timesheets.assignmentId, weekStart: timesheets.weekStart })
            .from(timesheets)
            .where(and(eq(timesheets.companyId, actor.companyId), filters))
            .orderBy(desc(timesheets.weekStart), asc(timesheets.role), asc(timesheets.id))
            .limit(pageSize)
            .offset((page - 1) * pageSize),
          db
            .select({ total: sql<number>`count(*)::int` })
            .from(timesheets)
            .where(and(eq(timesheets.companyId, actor.companyId), filters)),
        ])
      : await Promise.all([
          db
            .select({ assignmentId: timesheets.assignmentId, weekStart: timesheets.weekStart })
            .from(timesheets)
            .innerJoin(assignments, eq(assignments.id, timesheets.assignmentId))
            .where(and(reachOf(actor), filters))
            .orderBy(desc(timesheets.weekStart), asc(assignments.role), asc(timesheets.id))
            .limit(pageSize)
            .offset((page - 1) * pageSize),
          db
            .select({ total: sql<number>`count(*)::int` })
            .from(timesheets)
            .innerJoin(assignments, eq(assignments.id, timesheets.assignmentId))
            .where(and(reachOf(actor), filters)),
        ]);
  return { items: await loadTimesheetViews(db, rows), total: counted?.total ?? 0, page, page_size: pageSize };
}

// The company's page of weeks, each with what it costs the company (decision 024).
export async function findCompanyTimesheets(
  query: TimesheetQuery & { actor: Extract<WorkActor, { kind: 'company' }> },
): Promise<CompanyTimesheetList> {
  const list = await findTimesheets(query);
  return { ...list, items: await withWeekCosts(query.db, list.items, query.actor.companyId) };
}
