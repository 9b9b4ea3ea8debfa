import { and, desc, eq, sql } from 'drizzle-orm';
import type { AssignmentStatus } from '~/shared/applications';
import type { AssignmentList } from '~/shared/billing';
import type { Database } from '../db/client';
import { assignments } from '../db/schema';
import { loadAssignmentViews, reachOf, type WorkActor } from './assignment-views';

// A page of the assignments the actor may see (the company its own, the talent theirs, an
// administrator all), newest start first.
export async function findAssignments({
  db,
  actor,
  status,
  page,
  pageSize,
  now = new Date(),
}: {
  db: Database;
  actor: WorkActor;
  status?: AssignmentStatus;
  page: number;
  pageSize: number;
  now?: Date;
}): Promise<AssignmentList> {
  const where = and(reachOf(actor), status ? eq(assignments.status, status) : undefined);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ id: assignments.id })
      .from(assignments)
      .where(where)
      .orderBy(desc(assignments.startDate), desc(assignments.createdAt), desc(assignments.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(assignments).where(where),
  ]);
  return {
    items: await loadAssignmentViews({ db, ids: rows.map((row) => row.id), now }),
    total: counted?.total ?? 0,
    page,
    page_size: pageSize,
  };
}
