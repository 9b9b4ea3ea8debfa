import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { type StoredFileKind, storedFiles } from '../db/schema';

// Links a complete, unlinked file to the row the caller writes in the same transaction; false when the
// file is not the owner's, not of this kind, not complete, or already linked (an id is used once).
export async function linkStoredFile({
  tx,
  fileId,
  ownerId,
  kind,
  now = new Date(),
}: {
  tx: Database;
  fileId: string;
  ownerId: string;
  kind: StoredFileKind;
  now?: Date;
}): Promise<boolean> {
  const linked = await tx
    .update(storedFiles)
    .set({ linkedAt: now })
    .where(
      and(
        eq(storedFiles.id, fileId),
        eq(storedFiles.ownerId, ownerId),
        eq(storedFiles.kind, kind),
        isNotNull(storedFiles.completedAt),
        isNull(storedFiles.linkedAt),
      ),
    )
    .returning({ id: storedFiles.id });
  return linked.length === 1;
}
