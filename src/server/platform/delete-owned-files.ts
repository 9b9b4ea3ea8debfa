import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { storedFiles } from '../db/schema';

// Every file a person owns, in the caller's transaction (erasure).
export async function deleteOwnedFiles({ tx, ownerId }: { tx: Database; ownerId: string }): Promise<string[]> {
  const deleted = await tx
    .delete(storedFiles)
    .where(eq(storedFiles.ownerId, ownerId))
    .returning({ id: storedFiles.id });
  return deleted.map((row) => row.id);
}
