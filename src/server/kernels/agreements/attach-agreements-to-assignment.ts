import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { agreements } from '../../db/schema';

// The offer is accepted: its agreements now belong to the assignment it opened.
export async function attachAgreementsToAssignment(
  tx: Database,
  { applicationId, assignmentId }: { applicationId: string; assignmentId: string },
): Promise<void> {
  await tx
    .update(agreements)
    .set({ assignmentId })
    .where(and(eq(agreements.applicationId, applicationId), isNull(agreements.assignmentId)));
}
