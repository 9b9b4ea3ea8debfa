import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { inArray } from 'drizzle-orm';
import { createS3Client, type S3Connection } from '../db/s3-client';
import { storedFiles } from '../db/schema';
import type { FileChunks } from './file-chunks';

export interface S3Settings extends S3Connection {
  bucket: string;
  // Starts every key Tandem writes, so a bucket can hold other things.
  prefix: string;
}

// At most this many keys in one DeleteObjects request (S3's limit).
const DELETE_BATCH = 1000;

// The option for large deployments: a file's pieces as objects `<prefix><file id>/<piece>`. The rows stay
// in PostgreSQL, so linking, erasure and the export work as with the default; an object whose row is
// gone is removed after the commit that deleted it, or by the sweep.
export function createS3FileChunks(settings: S3Settings): FileChunks & { client: S3Client } {
  const client = createS3Client(settings);
  const keyOf = (fileId: string, index: number) => `${settings.prefix}${fileId}/${index}`;

  async function* listKeys(prefix: string) {
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: settings.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async function deleteKeys(keys: string[]) {
    for (let start = 0; start < keys.length; start += DELETE_BATCH) {
      const batch = keys.slice(start, start + DELETE_BATCH);
      await client.send(
        new DeleteObjectsCommand({
          Bucket: settings.bucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
    }
  }

  return {
    client,
    async put(fileId, index, bytes) {
      await client.send(
        new PutObjectCommand({
          Bucket: settings.bucket,
          Key: keyOf(fileId, index),
          Body: bytes,
          ContentLength: bytes.length,
        }),
      );
    },
    async get(fileId, index) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: keyOf(fileId, index) }));
        return object.Body ? await object.Body.transformToByteArray() : null;
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },
    async remove(fileIds) {
      const keys: string[] = [];
      for (const fileId of fileIds) for await (const key of listKeys(`${settings.prefix}${fileId}/`)) keys.push(key);
      await deleteKeys(keys);
    },
    async removeOrphans(db) {
      // Keys grouped by file, a page of files at a time checked against their rows.
      const keysByFile = new Map<string, string[]>();
      let removed = 0;
      const flush = async () => {
        const ids = [...keysByFile.keys()];
        if (ids.length === 0) return;
        const uuids = ids.filter((id) => /^[0-9a-f-]{36}$/.test(id));
        const existing = new Set(
          uuids.length === 0
            ? []
            : (await db.select({ id: storedFiles.id }).from(storedFiles).where(inArray(storedFiles.id, uuids))).map(
                (row) => row.id,
              ),
        );
        const gone = ids.filter((id) => !existing.has(id));
        await deleteKeys(gone.flatMap((id) => keysByFile.get(id) ?? []));
        keysByFile.clear();
        removed += gone.length;
      };
      for await (const key of listKeys(settings.prefix)) {
        const fileId = key.slice(settings.prefix.length).split('/')[0] ?? '';
        const keys = keysByFile.get(fileId) ?? [];
        keys.push(key);
        keysByFile.set(fileId, keys);
        if (keysByFile.size >= DELETE_BATCH) await flush();
      }
      await flush();
      return removed;
    },
  };
}
