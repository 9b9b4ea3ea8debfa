import { Readable } from 'node:stream';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { applicantProfiles, type StoredFileKind, storedFileChunks, storedFiles } from '../db/schema';
import { AppError } from '../platform/errors';
import { createDatabaseFileChunks, createFileStore, type FileStore } from '../platform/file-store';
import { linkStoredFile } from '../platform/link-stored-file';

// The default store (pieces in PostgreSQL) on a test database.
export const createTestFileStore = (db: Database): FileStore =>
  createFileStore({ db, chunks: createDatabaseFileChunks(db) });

// A file written through the store, and linked as a photo would be when `asPhoto` (the profile names it).
export async function storeTestFile(
  db: Database,
  files: FileStore,
  {
    ownerId,
    kind = 'photo',
    content = Buffer.from('\x89PNG\r\n\x1a\n test image bytes'),
    contentType = 'image/png',
    asPhoto = false,
  }: { ownerId: string; kind?: StoredFileKind; content?: Buffer; contentType?: string; asPhoto?: boolean },
): Promise<string> {
  const refused = () => new AppError('validation', 'The test file was refused.');
  const file = await files.write({
    ownerId,
    kind,
    contentType,
    content: Readable.from([content]),
    maxBytes: content.length,
    tooLarge: refused,
    empty: refused,
  });
  if (asPhoto) {
    await db.transaction(async (tx) => {
      await linkStoredFile({ tx, fileId: file.id, ownerId, kind });
      await tx.insert(applicantProfiles).values({ userId: ownerId }).onConflictDoNothing();
      await tx
        .update(applicantProfiles)
        .set({ photoFileId: file.id, photoContentType: contentType })
        .where(eq(applicantProfiles.userId, ownerId));
    });
  }
  return file.id;
}

// What the store still holds of a person: their file rows, and pieces of the given files (rows or not).
export async function storedFilesOf(db: Database, ownerId: string, fileIds: string[] = []) {
  const rows = await db.select({ id: storedFiles.id }).from(storedFiles).where(eq(storedFiles.ownerId, ownerId));
  const ids = [...new Set([...fileIds, ...rows.map((row) => row.id)])];
  const pieces =
    ids.length === 0
      ? []
      : await db
          .select({ fileId: storedFileChunks.fileId, count: sql<number>`count(*)::int` })
          .from(storedFileChunks)
          .where(inArray(storedFileChunks.fileId, ids))
          .groupBy(storedFileChunks.fileId);
  return { files: rows.length, pieces: pieces.reduce((sum, row) => sum + row.count, 0) };
}
