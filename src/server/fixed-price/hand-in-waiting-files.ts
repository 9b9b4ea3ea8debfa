import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { milestoneFiles } from '../db/schema';

// The submission hands in every file waiting on the milestone (in its transaction).
export async function handInWaitingFiles({
  tx,
  milestoneId,
  now,
}: {
  tx: Database;
  milestoneId: string;
  now: Date;
}): Promise<number> {
  const handedIn = await tx
    .update(milestoneFiles)
    .set({ submittedAt: now })
    .where(and(eq(milestoneFiles.milestoneId, milestoneId), isNull(milestoneFiles.submittedAt)))
    .returning({ id: milestoneFiles.id });
  return handedIn.length;
}
