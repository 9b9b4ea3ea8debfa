import { sql } from 'drizzle-orm';
import type { AdminAssignmentSummary } from '~/shared/admin-assignments';
import type { Database } from '../db/client';
import { assignments } from '../db/schema';

// The cards of Assignment Management, counted in one pass over assignments. Weekly hours are the
// mirror of the terms in effect today (assignment-views.ts syncTermsMirror).
export async function getAssignmentSummary({ db }: { db: Database }): Promise<AdminAssignmentSummary> {
  const [row] = await db
    .select({
      active: sql<number>`count(*) filter (where ${assignments.status} = 'active')::int`,
      pending: sql<number>`count(*) filter (where ${assignments.status} = 'pending')::int`,
      talent: sql<number>`count(distinct ${assignments.applicantId}) filter (where ${assignments.status} = 'active')::int`,
      hours: sql<number>`coalesce(sum(${assignments.weeklyHours}) filter (where ${assignments.status} = 'active'), 0)::int`,
    })
    .from(assignments);
  return {
    active_assignments: row?.active ?? 0,
    pending_starts: row?.pending ?? 0,
    talent_at_work: row?.talent ?? 0,
    weekly_billable_hours: row?.hours ?? 0,
  };
}
