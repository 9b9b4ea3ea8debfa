import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { agreements } from '../../db/schema';

// The offer is gone (declined, withdrawn, rejected, or replaced by a new one): what it sent and nobody has
// finished signing is voided; what both sides signed stays signed.
export async function voidOpenAgreements(
  tx: Database,
  { applicationId, actorId, now }: { applicationId: string; actorId: string | null; now: Date },
): Promise<string[]> {
  const voided = await tx
    .update(agreements)
    .set({ status: 'voided', endedAt: now, endedById: actorId })
    .where(
      and(
        eq(agreements.applicationId, applicationId),
        isNull(agreements.assignmentId),
        inArray(agreements.status, ['awaiting_talent', 'awaiting_company', 'declined']),
      ),
    )
    .returning({ id: agreements.id });
  return voided.map((row) => row.id);
}
