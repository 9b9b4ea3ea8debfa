import { Readable } from 'node:stream';
import { and, eq, is, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Database } from '../db/client';
import * as schema from '../db/schema';
import { type StoredFileKind, storedFileChunks, storedFiles } from '../db/schema';
import type { AppError } from './errors';
import type { FileChunks } from './file-chunks';
import type { S3Settings } from './s3-file-chunks';

// Files people upload, in one store every instance shares (decision 017). A file's row is in
// `stored_files`; its bytes are in pieces of FILE_CHUNK_BYTES, in `stored_file_chunks` (PostgreSQL, the
// default) or as objects in an S3 bucket. Each piece is written in its own short statement or request as
// the upload arrives: no file is ever whole in memory, and no transaction lasts as long as an upload
// (PGlite has one connection). The transaction that writes the row naming a file links it
// (linkStoredFile); deleting a file's row in a transaction (erasure, a replaced photo) takes its bytes
// with it on PostgreSQL, and on S3 leaves objects nothing names, removed after the commit (forget) or by
// the sweep.

export const FILE_CHUNK_BYTES = 256 * 1024;
const snakeCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

// Every column that names a stored file: each foreign key to stored_files but the file's own pieces. Read from
// the schema, so a table that keeps a file (a W-9's PDF, a 1099-NEC's) is known to the sweep the day it is
// added, rather than its files swept away for want of a line here.
export const storedFileReferences: ReadonlyArray<{ table: string; column: string }> = (
  Object.values(schema) as unknown[]
)
  .filter((value): value is PgTable => is(value, PgTable) && value !== storedFileChunks)
  .flatMap((table) => {
    const config = getTableConfig(table);
    return config.foreignKeys
      .map((key) => key.reference())
      .filter((reference) => reference.foreignTable === storedFiles)
      .flatMap((reference) =>
        // Keys as the schema writes them (cvFileId); the database's names are their snake case (db/client.ts).
        reference.columns.map((column) => ({ table: config.name, column: snakeCase(column.name) })),
      );
  });

// Unlinked files live this long (a message attachment waits for its message at most this long).
export const UNLINKED_FILE_LIFETIME_MS = 24 * 60 * 60 * 1000;
// How many first bytes `inspectStart` gets (an image's magic number needs 12).
const START_BYTES = 16;

interface WriteFileOptions {
  ownerId: string;
  kind: StoredFileKind;
  name?: string | null;
  contentType: string;
  content: AsyncIterable<Uint8Array>;
  maxBytes: number;
  tooLarge: () => AppError;
  empty: () => AppError;
  // Sees the first bytes and throws to refuse the file (a photo whose bytes are not its type).
  inspectStart?: (start: Buffer) => void;
}

export interface StoredFileContent {
  id: string;
  name: string | null;
  contentType: string;
  byteSize: number;
  content: Readable;
}

export interface FileStore {
  // Stores an upload as it arrives; the file stays unlinked until a transaction links it.
  write(options: WriteFileOptions): Promise<{ id: string; byteSize: number }>;
  // A complete file's bytes, streamed piece by piece; null when there is none.
  read(fileId: string): Promise<StoredFileContent | null>;
  // Deletes a file still unlinked (its row was not written after all).
  discard(fileId: string): Promise<void>;
  // After a commit that deleted file rows: their bytes where the rows did not hold them.
  forget(fileIds: string[]): Promise<void>;
  // Deletes files never linked within UNLINKED_FILE_LIFETIME_MS, linked files no row names any more, and
  // pieces of files that are gone.
  sweep(now?: Date): Promise<{ unlinked: number; unnamed: number; orphans: number }>;
}

// Cuts what arrives into pieces of exactly `size` bytes (the last one shorter), holding at most one piece.
async function* piecesOf(content: AsyncIterable<Uint8Array>, size: number): AsyncGenerator<Buffer> {
  let held: Buffer[] = [];
  let heldBytes = 0;
  for await (const part of content) {
    let rest = Buffer.from(part.buffer, part.byteOffset, part.byteLength);
    while (rest.length > 0) {
      const taken = rest.subarray(0, size - heldBytes);
      held.push(taken);
      heldBytes += taken.length;
      rest = rest.subarray(taken.length);
      if (heldBytes === size) {
        yield Buffer.concat(held);
        held = [];
        heldBytes = 0;
      }
    }
  }
  if (heldBytes > 0) yield Buffer.concat(held);
}

export function createFileStore({ db, chunks }: { db: Database; chunks: FileChunks }): FileStore {
  async function discard(fileId: string) {
    const deleted = await db
      .delete(storedFiles)
      .where(and(eq(storedFiles.id, fileId), isNull(storedFiles.linkedAt)))
      .returning({ id: storedFiles.id });
    if (deleted.length > 0) await chunks.remove([fileId]);
  }

  return {
    async write({ ownerId, kind, name, contentType, content, maxBytes, tooLarge, empty, inspectStart }) {
      const [file] = await db
        .insert(storedFiles)
        .values({ ownerId, kind, name: name ?? null, contentType })
        .returning({ id: storedFiles.id });
      if (!file) throw new Error('The file was not stored.');
      let byteSize = 0;
      let index = 0;
      try {
        for await (const piece of piecesOf(content, FILE_CHUNK_BYTES)) {
          byteSize += piece.length;
          if (byteSize > maxBytes) throw tooLarge();
          if (index === 0 && inspectStart && piece.length >= START_BYTES) inspectStart(piece);
          await chunks.put(file.id, index, piece);
          index += 1;
        }
        if (byteSize === 0) throw empty();
        // A file shorter than START_BYTES is one short piece, not inspected above.
        if (index === 1 && inspectStart && byteSize < START_BYTES) {
          const start = await chunks.get(file.id, 0);
          inspectStart(Buffer.from(start ?? []));
        }
        await db
          .update(storedFiles)
          .set({ byteSize, chunkCount: index, completedAt: new Date() })
          .where(eq(storedFiles.id, file.id));
      } catch (error) {
        await discard(file.id);
        throw error;
      }
      return { id: file.id, byteSize };
    },

    async read(fileId) {
      const [file] = await db
        .select({
          id: storedFiles.id,
          name: storedFiles.name,
          contentType: storedFiles.contentType,
          byteSize: storedFiles.byteSize,
          chunkCount: storedFiles.chunkCount,
        })
        .from(storedFiles)
        .where(and(eq(storedFiles.id, fileId), isNotNull(storedFiles.completedAt)));
      if (!file) return null;
      const { chunkCount } = file;
      // One piece in memory at a time, fetched when the response wants more.
      async function* pieces() {
        for (let index = 0; index < chunkCount; index++) {
          const piece = await chunks.get(fileId, index);
          if (!piece) throw new Error(`Stored file ${fileId} lost piece ${index}.`);
          yield Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
        }
      }
      return {
        id: file.id,
        name: file.name,
        contentType: file.contentType,
        byteSize: file.byteSize,
        content: Readable.from(pieces(), { objectMode: false }),
      };
    },

    discard,
    forget: (fileIds) => chunks.remove(fileIds),

    async sweep(now = new Date()) {
      const unlinked = await db
        .delete(storedFiles)
        .where(
          and(
            isNull(storedFiles.linkedAt),
            lt(storedFiles.createdAt, new Date(now.getTime() - UNLINKED_FILE_LIFETIME_MS)),
          ),
        )
        .returning({ id: storedFiles.id });
      // A file is linked in the transaction that writes the row naming it, so a committed linked file
      // no row names was named by a row deleted since (a conversation, an attempt).
      const unnamed = await db
        .delete(storedFiles)
        .where(
          and(
            isNotNull(storedFiles.linkedAt),
            ...storedFileReferences.map(
              ({ table, column }) =>
                sql`not exists (select 1 from ${sql.identifier(table)} where ${sql.identifier(column)} = ${storedFiles.id})`,
            ),
          ),
        )
        .returning({ id: storedFiles.id });
      await chunks.remove([...unlinked, ...unnamed].map((row) => row.id));
      const orphans = await chunks.removeOrphans(db);
      return { unlinked: unlinked.length, unnamed: unnamed.length, orphans };
    },
  };
}

// The default: pieces in PostgreSQL beside the rows, deleted with them by the foreign key's cascade.
export function createDatabaseFileChunks(db: Database): FileChunks {
  return {
    async put(fileId, index, bytes) {
      await db.insert(storedFileChunks).values({ fileId, index, bytes });
    },
    async get(fileId, index) {
      const [row] = await db
        .select({ bytes: storedFileChunks.bytes })
        .from(storedFileChunks)
        .where(and(eq(storedFileChunks.fileId, fileId), eq(storedFileChunks.index, index)));
      return row?.bytes ?? null;
    },
    remove: async () => undefined,
    removeOrphans: async () => 0,
  };
}

// The sweep-stored-files job (schedule.ts): idempotent, so a tick run twice removes nothing more.
export async function sweepStoredFiles({ files, logger }: { files: FileStore; logger: Pick<Logger, 'info'> }) {
  const swept = await files.sweep();
  if (swept.unlinked + swept.unnamed + swept.orphans > 0) logger.info({ swept }, 'stored files swept');
}

// The S3 code is loaded with the first piece stored or read there: the AWS SDK is a tenth of a second of
// every start otherwise, and the default store never needs it.
let s3Module: Promise<typeof import('./s3-file-chunks')> | undefined;
function lazyS3FileChunks(settings: S3Settings): FileChunks {
  let chunks: Promise<FileChunks> | undefined;
  const loaded = () => {
    s3Module ??= import('./s3-file-chunks');
    chunks ??= s3Module.then(({ createS3FileChunks }) => createS3FileChunks(settings));
    return chunks;
  };
  return {
    put: async (fileId, index, bytes) => (await loaded()).put(fileId, index, bytes),
    get: async (fileId, index) => (await loaded()).get(fileId, index),
    remove: async (fileIds) => (await loaded()).remove(fileIds),
    removeOrphans: async (db) => (await loaded()).removeOrphans(db),
  };
}

// The store the configuration asks for.
export function createConfiguredFileStore(db: Database, config: Config): FileStore {
  if (config.FILE_STORE === 's3' && config.S3_BUCKET) {
    return createFileStore({
      db,
      chunks: lazyS3FileChunks({
        bucket: config.S3_BUCKET,
        endpoint: config.S3_ENDPOINT,
        region: config.S3_REGION,
        accessKeyId: config.S3_ACCESS_KEY_ID,
        secretAccessKey: config.S3_SECRET_ACCESS_KEY,
        forcePathStyle: config.S3_FORCE_PATH_STYLE,
        prefix: config.S3_PREFIX,
      }),
    });
  }
  return createFileStore({ db, chunks: createDatabaseFileChunks(db) });
}
