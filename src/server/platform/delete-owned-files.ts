import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../db/client';
import { storedFiles } from '../db/schema';

// Every file a person owns, in the caller's transaction (erasure), but the signed agreements: they are kept under
// legal hold, the record of a contract either side may need to prove (decision 056).
export async function deleteOwnedFiles({ tx, ownerId }: { tx: Database; ownerId: string }): Promise<string[]> {
  const deleted = await tx
    .delete(storedFiles)
    .where(and(eq(storedFiles.ownerId, ownerId), ne(storedFiles.kind, 'agreement')))
    .returning({ id: storedFiles.id });
  return deleted.map((row) => row.id);
}
