import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { assignmentTerms } from '../../db/schema';
import type { AssignmentRow } from './assignment-views';

// An assignment written without terms rows (made before terms were kept, or straight to the table)
// gets its first row, its own rate from its start, before a change is added after it.
export async function ensureFirstTerms({
  db,
  assignment,
}: {
  db: Database;
  assignment: Pick<AssignmentRow, 'id' | 'rateCents' | 'weeklyHours' | 'startDate'>;
}): Promise<void> {
  const [existing] = await db
    .select({ id: assignmentTerms.id })
    .from(assignmentTerms)
    .where(eq(assignmentTerms.assignmentId, assignment.id))
    .limit(1);
  if (existing || assignment.rateCents === null || assignment.weeklyHours === null) return;
  await db
    .insert(assignmentTerms)
    .values({
      assignmentId: assignment.id,
      rateCents: assignment.rateCents,
      payRateCents: assignment.rateCents,
      weeklyHours: assignment.weeklyHours,
      effectiveDate: assignment.startDate,
    })
    .onConflictDoNothing();
}
