import { and, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { AssignmentStatus } from '~/shared/applications';
import type { AssignmentList } from '~/shared/billing';
import type { Database } from '../db/client';
import { assignments, companies, users } from '../db/schema';
import { loadAssignmentViews, reachOf, type WorkActor } from '../kernels/work/assignment-views';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

function nameMatch(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const pattern = `%${escapeLike(q)}%`;
  return or(ilike(users.name, pattern), ilike(companies.name, pattern), ilike(assignments.role, pattern));
}

// A page of the assignments the actor may see (the company its own, the talent theirs, an
// administrator all), newest start first.
export async function findAssignments({
  db,
  actor,
  status,
  q,
  page,
  pageSize,
  now = new Date(),
}: {
  db: Database;
  actor: WorkActor;
  status?: AssignmentStatus;
  // Part of the talent's, the company's or the role's name.
  q?: string;
  page: number;
  pageSize: number;
  now?: Date;
}): Promise<AssignmentList> {
  const where = and(reachOf(actor), status ? eq(assignments.status, status) : undefined, nameMatch(q));
  // Every assignment has its company and its talent (non-null keys), so without a search the page is
  // walked from the assignments' own index in order and counted on that table alone.
  const scoped = <T extends PgSelect>(query: T) =>
    q
      ? query
          .innerJoin(companies, eq(companies.id, assignments.companyId))
          .innerJoin(users, eq(users.id, assignments.applicantId))
      : query;
  const [rows, [counted]] = await Promise.all([
    scoped(db.select({ id: assignments.id }).from(assignments).$dynamic())
      .where(where)
      .orderBy(desc(assignments.startDate), desc(assignments.createdAt), desc(assignments.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    scoped(db.select({ total: sql<number>`count(*)::int` }).from(assignments).$dynamic()).where(where),
  ]);
  return {
    items: await loadAssignmentViews({ db, ids: rows.map((row) => row.id), now }),
    total: counted?.total ?? 0,
    page,
    page_size: pageSize,
  };
}
