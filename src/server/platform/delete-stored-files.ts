import { inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { storedFiles } from '../db/schema';

// Deletes file rows in the caller's transaction (their PostgreSQL pieces go with them, and the rows naming
// them are set to null); the ids go to FileStore.forget once committed.
export async function deleteStoredFiles({
  tx,
  fileIds,
}: {
  tx: Database;
  fileIds: Array<string | null | undefined>;
}): Promise<string[]> {
  const ids = fileIds.filter((id): id is string => Boolean(id));
  if (ids.length === 0) return [];
  const deleted = await tx.delete(storedFiles).where(inArray(storedFiles.id, ids)).returning({ id: storedFiles.id });
  return deleted.map((row) => row.id);
}
