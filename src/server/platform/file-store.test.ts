import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { CreateBucketCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedFileChunks, storedFiles } from '../db/schema';
import { buildAccount } from '../seed/factories';
import { storedFilesOf, storeTestFile } from '../testing/stored-file-helpers';
import { createTestDatabase } from '../testing/test-database';
import { deleteOwnedFiles } from './delete-owned-files';
import { AppError } from './errors';
import type { FileChunks } from './file-chunks';
import {
  createDatabaseFileChunks,
  createFileStore,
  FILE_CHUNK_BYTES,
  type FileStore,
  storedFileReferences,
  UNLINKED_FILE_LIFETIME_MS,
} from './file-store';
import { linkStoredFile } from './link-stored-file';
import { createS3FileChunks } from './s3-file-chunks';

const BUCKET = 'tandem-files';
const tooLarge = () => new AppError('payload_too_large', 'Too large.');
const empty = () => new AppError('validation', 'Empty.');
// Bytes that differ from piece to piece, so a piece out of order shows.
const bytesOf = (length: number) =>
  Buffer.from(Array.from({ length }, (_, index) => (index * 7 + (index >> 10)) % 251));

async function readAll(files: FileStore, fileId: string) {
  const file = await files.read(fileId);
  if (!file) return null;
  const pieces: Buffer[] = [];
  for await (const piece of file.content) pieces.push(piece as Buffer);
  return Buffer.concat(pieces);
}

// The file store (decision 017) on its two backends: pieces in PostgreSQL (the default), and objects in an
// S3 bucket, served here over real HTTP by s3rver on loopback.
describe.each(['postgres', 's3'] as const)('the file store on %s', (backend) => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let s3Server: S3rver | undefined;
  let s3Directory: string | undefined;
  let chunks: FileChunks;
  let files: FileStore;
  // The objects in the bucket, or the rows of pieces, of these files.
  let piecesOf: (fileIds: string[]) => Promise<number>;

  beforeAll(async () => {
    database = await createTestDatabase();
    if (backend === 's3') {
      s3Directory = await fs.mkdtemp(path.join(os.tmpdir(), 'tandem-s3-'));
      s3Server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Directory });
      const { port } = await s3Server.run();
      const s3 = createS3FileChunks({
        bucket: BUCKET,
        endpoint: `http://127.0.0.1:${port}`,
        region: 'us-east-1',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
        prefix: 'files/',
      });
      await s3.client.send(new CreateBucketCommand({ Bucket: BUCKET }));
      chunks = s3;
      piecesOf = async (fileIds) => {
        const listed = await s3.client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'files/' }));
        return (listed.Contents ?? []).filter((object) => fileIds.some((id) => object.Key?.startsWith(`files/${id}/`)))
          .length;
      };
    } else {
      chunks = createDatabaseFileChunks(database.db);
      piecesOf = async (fileIds) => {
        let count = 0;
        for (const fileId of fileIds) {
          count += (await database.db.select().from(storedFileChunks).where(eq(storedFileChunks.fileId, fileId)))
            .length;
        }
        return count;
      };
    }
    files = createFileStore({ db: database.db, chunks });
  });
  afterAll(async () => {
    await s3Server?.close();
    if (s3Directory) await fs.rm(s3Directory, { recursive: true, force: true });
    await database.close();
  });

  const owner = async () => (await buildAccount(database.db, { role: 'applicant', password: null })).user.id;
  const write = (ownerId: string, content: Iterable<Buffer>, maxBytes = 10 * 1024 * 1024) =>
    files.write({
      ownerId,
      kind: 'attachment',
      name: 'notes.txt',
      contentType: 'text/plain',
      content: Readable.from(content),
      maxBytes,
      tooLarge,
      empty,
    });

  it('writes what arrives in pieces of 256 KiB and reads it back whole, in order', async () => {
    const ownerId = await owner();
    const content = bytesOf(2 * FILE_CHUNK_BYTES + 1000);
    // Arriving in uneven parts, as a request body does.
    const parts = [content.subarray(0, 1), content.subarray(1, 70_000), content.subarray(70_000)];
    const file = await write(ownerId, parts);
    expect(file.byteSize).toBe(content.length);
    expect(await piecesOf([file.id])).toBe(3);
    expect((await readAll(files, file.id))?.equals(content)).toBe(true);
    const [row] = await database.db.select().from(storedFiles).where(eq(storedFiles.id, file.id));
    expect(row).toMatchObject({ chunkCount: 3, byteSize: content.length, linkedAt: null, name: 'notes.txt' });
  });

  it('refuses a file growing past the limit, or an empty one, and keeps nothing of it', async () => {
    const ownerId = await owner();
    await expect(
      write(ownerId, [bytesOf(FILE_CHUNK_BYTES), bytesOf(FILE_CHUNK_BYTES)], FILE_CHUNK_BYTES + 5),
    ).rejects.toThrow('Too large.');
    await expect(write(ownerId, [])).rejects.toThrow('Empty.');
    expect(await storedFilesOf(database.db, ownerId)).toEqual({ files: 0, pieces: 0 });
    const ids = (
      await database.db.select({ id: storedFiles.id }).from(storedFiles).where(eq(storedFiles.ownerId, ownerId))
    ).map((row) => row.id);
    expect(ids).toEqual([]);
  });

  it('links a file once, to its owner only', async () => {
    const ownerId = await owner();
    const file = await write(ownerId, [Buffer.from('once')]);
    const someoneElse = await owner();
    expect(await linkStoredFile({ tx: database.db, fileId: file.id, ownerId: someoneElse, kind: 'attachment' })).toBe(
      false,
    );
    expect(await linkStoredFile({ tx: database.db, fileId: file.id, ownerId, kind: 'photo' })).toBe(false);
    expect(await linkStoredFile({ tx: database.db, fileId: file.id, ownerId, kind: 'attachment' })).toBe(true);
    expect(await linkStoredFile({ tx: database.db, fileId: file.id, ownerId, kind: 'attachment' })).toBe(false);
  });

  it('leaves nothing of a person once their files are deleted with their records', async () => {
    const ownerId = await owner();
    const first = await write(ownerId, [bytesOf(FILE_CHUNK_BYTES + 10)]);
    const second = await storeTestFile(database.db, files, { ownerId, asPhoto: true });
    const deleted = await database.db.transaction((tx) => deleteOwnedFiles({ tx, ownerId }));
    await files.forget(deleted);
    expect(deleted.sort()).toEqual([first.id, second].sort());
    expect(await storedFilesOf(database.db, ownerId)).toEqual({ files: 0, pieces: 0 });
    expect(await piecesOf([first.id, second])).toBe(0);
    expect(await files.read(first.id)).toBeNull();
  });

  it('sweeps files never linked after a day, files no row names, and pieces whose file is gone', async () => {
    const ownerId = await owner();
    const stale = await write(ownerId, [Buffer.from('never sent')]);
    await database.db
      .update(storedFiles)
      .set({ createdAt: new Date(Date.now() - UNLINKED_FILE_LIFETIME_MS - 60_000) })
      .where(eq(storedFiles.id, stale.id));
    const fresh = await write(ownerId, [Buffer.from('about to be sent')]);
    const unnamed = await write(ownerId, [Buffer.from('its message was deleted')]);
    await linkStoredFile({ tx: database.db, fileId: unnamed.id, ownerId, kind: 'attachment' });
    const photo = await storeTestFile(database.db, files, { ownerId, asPhoto: true });
    if (backend === 's3' && chunks !== undefined) {
      // An object whose erasure committed but whose forget never ran.
      await (chunks as ReturnType<typeof createS3FileChunks>).client.send(
        new PutObjectCommand({ Bucket: BUCKET, Key: 'files/00000000-0000-4000-8000-000000000000/0', Body: 'left' }),
      );
    }

    const swept = await files.sweep();
    expect(swept.unlinked).toBeGreaterThanOrEqual(1);
    expect(swept.unnamed).toBeGreaterThanOrEqual(1);
    if (backend === 's3') expect(swept.orphans).toBeGreaterThanOrEqual(1);
    const left = (
      await database.db.select({ id: storedFiles.id }).from(storedFiles).where(eq(storedFiles.ownerId, ownerId))
    ).map((row) => row.id);
    expect(left.sort()).toEqual([fresh.id, photo].sort());
    expect(await piecesOf([stale.id, unnamed.id, '00000000-0000-4000-8000-000000000000'])).toBe(0);
    expect(await readAll(files, photo)).not.toBeNull();
  });
});

// The sweep keeps a linked file while any row names it: every such column, read from the schema's foreign keys.
describe('the columns that name a stored file', () => {
  it('are every foreign key to stored_files but the file’s own pieces', () => {
    expect(storedFileReferences.map(({ table, column }) => `${table}.${column}`).sort()).toEqual([
      'agreements.sealed_file_id',
      'applicant_profiles.cv_file_id',
      'applicant_profiles.photo_file_id',
      'application_files.file_id',
      'messages.attachment_file_id',
      'milestone_files.file_id',
      'nec_forms.pdf_file_id',
      'tax_forms.pdf_file_id',
      'test_answers.file_id',
    ]);
  });
});
