import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { assignments } from '../../db/schema';
import { type TermsRow, termsOnDay } from './assignment-terms';
import { type AssignmentRow, termsDayOf } from './assignment-views';

// assignments.rate_cents and weekly_hours mirror the terms in effect today (lists and the dashboard
// read them without the history). Every change of the assignment refreshes them.
export async function syncTermsMirror({
  db,
  assignment,
  history,
  now,
}: {
  db: Database;
  assignment: Pick<AssignmentRow, 'id' | 'rateCents' | 'weeklyHours' | 'startDate'>;
  history: readonly TermsRow[];
  now: Date;
}): Promise<void> {
  const current = termsOnDay(history, termsDayOf(assignment, now));
  if (current.rateCents === assignment.rateCents && current.weeklyHours === assignment.weeklyHours) return;
  await db
    .update(assignments)
    .set({ rateCents: current.rateCents, weeklyHours: current.weeklyHours, updatedAt: now })
    .where(eq(assignments.id, assignment.id));
}
