import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq, isNull, sql, TransactionRollbackError } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from './db/client';
import { applicantProfiles, messages, type StoredFileKind, storedFiles, testAnswers, testAttempts } from './db/schema';
import { AppError, isUniqueViolation } from './platform/errors';
import { type FileStore, UNLINKED_FILE_LIFETIME_MS } from './platform/file-store';
import { linkStoredFile } from './platform/link-stored-file';

// Before the shared store (decision 017) each instance kept uploads under its own DATA_DIR, one file per
// upload named at random, and the row naming it held that name. At start each instance copies its own
// files into the store: each file is stored, then one transaction links it and points the row's new
// column at it. This is an expand step: the local copy and the row's old name stay, so a release from
// before the store, rolled back to, still serves every file (the contract release that drops the old
// columns deletes the copies). A file already imported (its folder and name are recorded) is skipped, so
// a second start, or a crash half way, imports nothing twice. A file no row names is garbage (a replaced
// photo, an erased person's): deleted once a day old, since an instance of the old version sharing the
// folder writes its file before its row.

const STORED_FILE_NAME = /^[0-9a-f]{32}\.[a-z0-9]{2,4}$/;
const PENDING_FOLDER = 'message-attachments/pending';

interface LocalFileOwner {
  ownerId: string | null;
  contentType: string | null;
  name: string | null;
}

interface LocalFolder {
  folder: string;
  kind: StoredFileKind;
  // The row naming this file, if any still does.
  findOwner(db: Database, storedName: string): Promise<LocalFileOwner | undefined>;
  // Points that row at the stored file; false when it no longer names the local file.
  repoint(tx: Database, storedName: string, fileId: string): Promise<boolean>;
}

const folders: LocalFolder[] = [
  {
    folder: 'photos',
    kind: 'photo',
    findOwner: async (db, storedName) =>
      (
        await db
          .select({
            ownerId: applicantProfiles.userId,
            contentType: applicantProfiles.photoContentType,
            name: sql<null>`null`,
          })
          .from(applicantProfiles)
          .where(eq(applicantProfiles.photoFile, storedName))
      )[0],
    repoint: async (tx, storedName, fileId) =>
      (
        await tx
          .update(applicantProfiles)
          .set({ photoFileId: fileId })
          .where(eq(applicantProfiles.photoFile, storedName))
          .returning({ id: applicantProfiles.userId })
      ).length === 1,
  },
  {
    folder: 'message-attachments',
    kind: 'attachment',
    findOwner: async (db, storedName) =>
      (
        await db
          .select({
            ownerId: messages.senderId,
            contentType: messages.attachmentContentType,
            name: messages.attachmentName,
          })
          .from(messages)
          .where(eq(messages.attachmentStoredName, storedName))
      )[0],
    repoint: async (tx, storedName, fileId) =>
      (
        await tx
          .update(messages)
          .set({ attachmentFileId: fileId })
          .where(eq(messages.attachmentStoredName, storedName))
          .returning({ id: messages.id })
      ).length === 1,
  },
  {
    folder: 'answer-files',
    kind: 'answer',
    findOwner: async (db, storedName) =>
      (
        await db
          .select({
            ownerId: testAttempts.applicantId,
            contentType: sql<string | null>`${testAnswers.answer}->>'content_type'`,
            name: sql<string | null>`${testAnswers.answer}->>'name'`,
          })
          .from(testAnswers)
          .innerJoin(testAttempts, eq(testAttempts.id, testAnswers.attemptId))
          .where(and(sql`${testAnswers.answer}->>'file_id' = ${storedName}`, isNull(testAnswers.fileId)))
      )[0],
    repoint: async (tx, storedName, fileId) =>
      (
        await tx
          .update(testAnswers)
          .set({ fileId })
          .where(and(sql`${testAnswers.answer}->>'file_id' = ${storedName}`, isNull(testAnswers.fileId)))
          .returning({ id: testAnswers.attemptId })
      ).length === 1,
  },
];

async function namesIn(directory: string): Promise<string[]> {
  try {
    return (await fs.readdir(directory)).filter((name) => STORED_FILE_NAME.test(name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

const isDayOld = async (file: string, now: number) => {
  const stat = await fs.stat(file).catch(() => null);
  return stat !== null && now - stat.mtimeMs > UNLINKED_FILE_LIFETIME_MS;
};

interface LocalImport {
  imported: number;
  deleted: number;
}

// Copies this instance's DATA_DIR uploads into the store; safe to run at every start.
export async function importLocalFiles({
  db,
  files,
  dataDirectory,
  logger,
  now = Date.now(),
}: {
  db: Database;
  files: FileStore;
  dataDirectory: string;
  logger: Pick<Logger, 'info' | 'warn'>;
  now?: number;
}): Promise<LocalImport> {
  const outcome: LocalImport = { imported: 0, deleted: 0 };
  for (const { folder, kind, findOwner, repoint } of folders) {
    const directory = path.resolve(dataDirectory, folder);
    for (const storedName of await namesIn(directory)) {
      const local = path.join(directory, storedName);
      const importedFrom = `${folder}/${storedName}`;
      const [done] = await db
        .select({ id: storedFiles.id })
        .from(storedFiles)
        .where(eq(storedFiles.importedFrom, importedFrom));
      if (done) continue;
      const owner = await findOwner(db, storedName);
      if (!owner?.ownerId || !owner.contentType) {
        if (await isDayOld(local, now)) {
          await fs.rm(local, { force: true });
          outcome.deleted += 1;
        }
        continue;
      }
      const { ownerId, contentType } = owner;
      const refused = () => new AppError('validation', `${importedFrom} is empty.`);
      const stored = await files
        .write({
          ownerId,
          kind,
          name: owner.name,
          contentType,
          content: createReadStream(local),
          maxBytes: Number.MAX_SAFE_INTEGER,
          tooLarge: refused,
          empty: refused,
        })
        .catch((error: unknown) => {
          logger.warn({ err: error, file: importedFrom }, 'a local file could not be imported into the store');
          return null;
        });
      if (!stored) continue;
      const isImported = await db
        .transaction(async (tx) => {
          await tx.update(storedFiles).set({ importedFrom }).where(eq(storedFiles.id, stored.id));
          const isLinked = await linkStoredFile({ tx, fileId: stored.id, ownerId, kind });
          // Named by no row any more (erased or replaced meanwhile): roll back, and drop the copy.
          if (!isLinked || !(await repoint(tx, storedName, stored.id))) tx.rollback();
          return true;
        })
        .catch((error: unknown) => {
          // Another instance sharing this folder imported it first.
          if (isUniqueViolation(error, ['stored_files_imported_from_unique'])) return false;
          if (error instanceof TransactionRollbackError) return false;
          throw error;
        });
      if (!isImported) {
        await files.discard(stored.id);
        continue;
      }
      outcome.imported += 1;
    }
  }
  // Uploads that waited for a message under the old version: an old instance may still send the fresh
  // ones; the rest are past their day.
  const pending = path.resolve(dataDirectory, PENDING_FOLDER);
  for (const storedName of await namesIn(pending)) {
    const local = path.join(pending, storedName);
    if (await isDayOld(local, now)) {
      await fs.rm(local, { force: true });
      outcome.deleted += 1;
    }
  }
  if (outcome.imported + outcome.deleted > 0) logger.info(outcome, 'local files copied into the file store');
  return outcome;
}
