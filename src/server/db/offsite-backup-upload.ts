import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  PutObjectCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { Encrypter } from 'age-encryption';
import { BackupRefusedError } from './backup';
import { listOffsiteBackups, type OffsiteStore, storeProblem } from './offsite-backup-store';

// S3 takes at most 10,000 parts of a multipart upload, each but the last at least 5 MiB.
const MOST_PARTS = 10_000;
const LEAST_PART_BYTES = 5 * 1024 * 1024;
// A part is held in memory while it uploads: 16 MiB carries 160 GB in 10,000 parts; larger files get larger parts.
export const DEFAULT_PART_BYTES = 16 * 1024 * 1024;

export function encrypterFor(recipients: readonly string[] | undefined): Encrypter {
  if (!recipients || recipients.length === 0) {
    throw new BackupRefusedError(
      'BACKUP_AGE_RECIPIENTS is not set: no backup leaves this host unencrypted. Generate a key pair with age-keygen on a machine other than this one, keep the identity file there, and set BACKUP_AGE_RECIPIENTS to its public key (age1…).',
    );
  }
  const encrypter = new Encrypter();
  for (const recipient of recipients) {
    try {
      encrypter.addRecipient(recipient);
    } catch (error) {
      throw new BackupRefusedError(
        `BACKUP_AGE_RECIPIENTS holds ${recipient.slice(0, 12)}…, which age cannot encrypt to (${(error as Error).message}).`,
      );
    }
  }
  return encrypter;
}

// Reads a stream in pieces of exactly `size` bytes (the last one shorter).
async function* piecesOf(stream: ReadableStream<Uint8Array>, size: number): AsyncGenerator<Buffer> {
  let held: Buffer[] = [];
  let heldBytes = 0;
  for await (const chunk of Readable.fromWeb(stream as import('node:stream/web').ReadableStream<Uint8Array>)) {
    let rest = Buffer.from(chunk as Uint8Array);
    while (heldBytes + rest.length >= size) {
      const take = size - heldBytes;
      held.push(rest.subarray(0, take));
      yield Buffer.concat(held);
      rest = rest.subarray(take);
      held = [];
      heldBytes = 0;
    }
    if (rest.length > 0) {
      held.push(rest);
      heldBytes += rest.length;
    }
  }
  if (heldBytes > 0 || held.length > 0) yield Buffer.concat(held);
}

export interface UploadedBackup {
  key: string;
  bytes: number;
  parts: number;
}

// Encrypts a backup file to the recipients as it streams it into the bucket under `key`: one PUT when it fits
// in a part, else a multipart upload, aborted on any failure (and when `signal` aborts) so no half-written
// object or stored parts remain. Then checks the bucket lists it with the size that was sent.
export async function uploadOffsiteBackup({
  store,
  file,
  key,
  recipients,
  partBytes = DEFAULT_PART_BYTES,
  signal,
}: {
  store: OffsiteStore;
  file: string;
  key: string;
  recipients: readonly string[] | undefined;
  partBytes?: number;
  signal?: AbortSignal;
}): Promise<UploadedBackup> {
  const encrypter = encrypterFor(recipients);
  const { size: plainBytes } = await fs.stat(file);
  const encrypted = await encrypter.encrypt(
    Readable.toWeb(createReadStream(file)) as unknown as ReadableStream<Uint8Array>,
  );
  const bytes = encrypted.size(plainBytes);
  const partSize =
    bytes > partBytes * MOST_PARTS ? Math.ceil(bytes / MOST_PARTS / LEAST_PART_BYTES) * LEAST_PART_BYTES : partBytes;
  const { client, bucket } = store;
  const options = { abortSignal: signal };
  let uploadId: string | undefined;
  let parts = 0;
  try {
    const completed: Array<{ ETag?: string; PartNumber: number }> = [];
    for await (const piece of piecesOf(encrypted, partSize)) {
      signal?.throwIfAborted();
      parts += 1;
      if (parts === 1 && piece.length < partSize) {
        await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: piece }), options);
        break;
      }
      if (!uploadId) {
        const created = await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: key }), options);
        uploadId = created.UploadId;
      }
      const uploaded = await client.send(
        new UploadPartCommand({ Bucket: bucket, Key: key, UploadId: uploadId, PartNumber: parts, Body: piece }),
        options,
      );
      completed.push({ ETag: uploaded.ETag, PartNumber: parts });
    }
    if (uploadId) {
      await client.send(
        new CompleteMultipartUploadCommand({
          Bucket: bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: { Parts: completed },
        }),
        options,
      );
      uploadId = undefined;
    }
  } catch (error) {
    if (uploadId) {
      // Not under the signal: the abort is what a stop asks for.
      await client
        .send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId }))
        .catch(() => undefined);
    }
    throw storeProblem(store, `upload ${key}`, error);
  }
  const listed = (await listOffsiteBackups(store)).find((backup) => backup.key === key);
  if (!listed || listed.bytes !== bytes) {
    throw new BackupRefusedError(
      `The bucket ${bucket} ${listed ? `lists ${key} with ${listed.bytes} bytes, not the ${bytes} sent` : `does not list ${key} after its upload`}: the backup is not safely off the host.`,
    );
  }
  return { key, bytes, parts };
}
