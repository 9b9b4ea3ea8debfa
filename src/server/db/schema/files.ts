import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';

// Bytes as the driver gives them (node-postgres a Buffer, PGlite a Uint8Array).
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

const storedFileKinds = ['photo', 'attachment', 'answer', 'cv', 'tax_form', 'agreement'] as const;
export type StoredFileKind = (typeof storedFileKinds)[number];
export const storedFileKind = pgEnum('stored_file_kind', storedFileKinds);

// Files people upload, in the store every instance shares (platform/file-store.ts). A file is written
// before the row that names it exists, so it starts unlinked; the transaction that writes that row links
// it. Unlinked files older than a day are swept. Erasing a person deletes their rows here, and with
// them (on PostgreSQL) their bytes.
export const storedFiles = pgTable(
  'stored_files',
  {
    id: uuid().primaryKey().defaultRandom(),
    // Whose file it is: erasure deletes a person's files by this.
    ownerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: storedFileKind().notNull(),
    // The name people gave the file (a photo has none).
    name: text(),
    contentType: text().notNull(),
    // Grows as chunks arrive; final once the upload is complete.
    byteSize: integer().notNull().default(0),
    chunkCount: integer().notNull().default(0),
    // Set when the upload finished writing; a file not yet complete is never linked nor read.
    completedAt: timestamp({ withTimezone: true }),
    // Set by the transaction that writes the row naming the file.
    linkedAt: timestamp({ withTimezone: true }),
    // A file imported from an instance's DATA_DIR: its folder and name there, so an import runs once.
    importedFrom: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Erasure and the export find a person's files.
    index('stored_files_owner_idx').on(table.ownerId),
    // The sweep finds files never linked.
    index('stored_files_unlinked_idx').on(table.createdAt).where(sql`${table.linkedAt} is null`),
    uniqueIndex('stored_files_imported_from_unique').on(table.importedFrom),
  ],
);

// A file's bytes on PostgreSQL, in pieces of at most FILE_CHUNK_BYTES, each written in its own statement.
export const storedFileChunks = pgTable(
  'stored_file_chunks',
  {
    fileId: uuid()
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'cascade' }),
    index: integer().notNull(),
    bytes: bytea().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.fileId, table.index] }),
    check('stored_file_chunks_index_check', sql`${table.index} >= 0`),
  ],
);
