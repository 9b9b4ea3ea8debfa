import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { GetObjectCommand, type GetObjectCommandOutput } from '@aws-sdk/client-s3';
import { Decrypter } from 'age-encryption';
import { type BackupManifest, BackupRefusedError, readBackup } from './backup';
import { listOffsiteBackups, type OffsiteStore, storeProblem, takenAtOfKey } from './offsite-backup-store';

// The identities of an age identity file (age-keygen's output: comments and AGE-SECRET-KEY-1… lines).
async function identitiesOf(identityFile: string): Promise<string[]> {
  let text: string;
  try {
    text = await fs.readFile(identityFile, 'utf8');
  } catch (error) {
    throw new BackupRefusedError(
      `Cannot read the identity file ${identityFile} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`,
    );
  }
  const identities = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => /^AGE-SECRET-KEY-(PQ-)?1[0-9A-Z]+$/.test(line));
  if (identities.length === 0) {
    throw new BackupRefusedError(
      `${identityFile} holds no age identity (a line AGE-SECRET-KEY-1…, as age-keygen writes): give the file whose public key is in BACKUP_AGE_RECIPIENTS.`,
    );
  }
  return identities;
}

export interface FetchedBackup {
  key: string;
  file: string;
  bytes: number;
  manifest: BackupManifest;
}

// Downloads one off-site backup (its key, or `latest`), decrypts it with the identity file into `directory`
// as the db:backup file it was (mode 0600, written under a temporary name and renamed when whole), and checks
// it is a Tandem backup. `npm run db:restore` takes the file.
export async function fetchOffsiteBackup({
  store,
  which,
  directory,
  identityFile,
}: {
  store: OffsiteStore;
  which: string;
  directory: string;
  identityFile: string;
}): Promise<FetchedBackup> {
  const decrypter = new Decrypter();
  for (const identity of await identitiesOf(identityFile)) {
    try {
      decrypter.addIdentity(identity);
    } catch (error) {
      throw new BackupRefusedError(`${identityFile} holds an identity age cannot read (${(error as Error).message}).`);
    }
  }
  let key = which;
  if (which === 'latest') {
    const [newest] = await listOffsiteBackups(store);
    if (!newest)
      throw new BackupRefusedError(`There is no backup under ${store.prefix} in the bucket ${store.bucket}.`);
    key = newest.key;
  } else if (!takenAtOfKey(key, store.prefix)) {
    const named = `${store.prefix}${key}`;
    if (!takenAtOfKey(named, store.prefix)) {
      throw new BackupRefusedError(
        `${key} is not the key of a Tandem backup (${store.prefix}tandem-backup-<UTC time>.tar.gz.age): npm run ops -- backups list shows them.`,
      );
    }
    key = named;
  }
  await fs.mkdir(directory, { recursive: true });
  const file = path.resolve(directory, path.basename(key).replace(/\.age$/, ''));
  if (
    await fs.stat(file).then(
      () => true,
      () => false,
    )
  ) {
    throw new BackupRefusedError(`${file} already exists: fetch into another directory, or restore that file.`);
  }
  let body: GetObjectCommandOutput['Body'];
  try {
    ({ Body: body } = await store.client.send(new GetObjectCommand({ Bucket: store.bucket, Key: key })));
  } catch (error) {
    if ((error as { name?: string }).name === 'NoSuchKey') {
      throw new BackupRefusedError(
        `There is no backup ${key} in the bucket ${store.bucket}: npm run ops -- backups list shows them.`,
      );
    }
    throw storeProblem(store, `download ${key}`, error);
  }
  if (!body) throw new BackupRefusedError(`The bucket ${store.bucket} sent nothing for ${key}.`);
  let plain: ReadableStream<Uint8Array>;
  try {
    plain = await decrypter.decrypt(body.transformToWebStream() as ReadableStream<Uint8Array>);
  } catch (error) {
    throw new BackupRefusedError(
      `${identityFile} cannot open ${key} (${(error as Error).message}): it was encrypted to other recipients, or it is not an age file.`,
    );
  }
  const partial = `${file}.partial-${randomBytes(4).toString('hex')}`;
  try {
    await pipeline(
      Readable.fromWeb(plain as NodeReadableStream<Uint8Array>),
      createWriteStream(partial, { mode: 0o600, flags: 'wx' }),
    );
    await fs.rename(partial, file);
  } catch (error) {
    await fs.rm(partial, { force: true });
    if (error instanceof BackupRefusedError) throw error;
    // age checks each 64 KiB chunk as it comes: a changed or cut-off object fails here.
    throw new BackupRefusedError(
      `${key} did not decrypt whole (${(error as Error).message}): it was changed or cut short.`,
    );
  }
  const { manifest } = await readBackup(file);
  const { size } = await fs.stat(file);
  return { key, file, bytes: size, manifest };
}
