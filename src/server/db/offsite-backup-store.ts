import { ListObjectsV2Command, type S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { Config } from '../config';
import { BackupRefusedError, compactTimestamp } from './backup';
import { createS3Client } from './s3-client';

// The off-site copies of `npm run ops -- backups` (docs/operations.md, Backups): objects
// `<BACKUP_S3_PREFIX>tandem-backup-<UTC time>.tar.gz.age` in a bucket of their own, each a db:backup file
// encrypted with age. Reading them needs no recipient; writing them needs both.

export type OffsiteBackupConfig = Pick<
  Config,
  | 'BACKUP_S3_BUCKET'
  | 'BACKUP_S3_PREFIX'
  | 'BACKUP_S3_ENDPOINT'
  | 'BACKUP_S3_REGION'
  | 'BACKUP_S3_ACCESS_KEY_ID'
  | 'BACKUP_S3_SECRET_ACCESS_KEY'
  | 'BACKUP_S3_FORCE_PATH_STYLE'
>;

export interface OffsiteStore {
  client: S3Client;
  bucket: string;
  prefix: string;
}

export interface OffsiteBackup {
  key: string;
  // When the backup was taken, from its name (the object's own time is when it was uploaded).
  takenAt: Date;
  bytes: number;
}

const NAME = /^tandem-backup-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z\.tar\.gz\.age$/;

export const offsiteKeyFor = (prefix: string, takenAt: Date) =>
  `${prefix}tandem-backup-${compactTimestamp(takenAt)}.tar.gz.age`;

// The time a Tandem backup's key names, or null for any other object (never counted, never deleted).
export function takenAtOfKey(key: string, prefix: string): Date | null {
  if (!key.startsWith(prefix)) return null;
  const match = NAME.exec(key.slice(prefix.length));
  if (!match) return null;
  const [, year, month, day, hour, minute, second] = match.map(Number);
  const takenAt = new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day, hour, minute, second));
  // 20261332T… is no time: Date.UTC would roll it over into another.
  return compactTimestamp(takenAt) === key.slice(prefix.length + 'tandem-backup-'.length, -'.tar.gz.age'.length)
    ? takenAt
    : null;
}

export function openOffsiteStore(config: OffsiteBackupConfig): OffsiteStore {
  if (!config.BACKUP_S3_BUCKET) {
    throw new BackupRefusedError(
      'BACKUP_S3_BUCKET is not set: name the bucket the backups are copied to (a bucket of their own, see docs/operations.md, Backups).',
    );
  }
  const client = createS3Client({
    region: config.BACKUP_S3_REGION,
    endpoint: config.BACKUP_S3_ENDPOINT,
    forcePathStyle: config.BACKUP_S3_FORCE_PATH_STYLE,
    accessKeyId: config.BACKUP_S3_ACCESS_KEY_ID,
    secretAccessKey: config.BACKUP_S3_SECRET_ACCESS_KEY,
  });
  return { client, bucket: config.BACKUP_S3_BUCKET, prefix: config.BACKUP_S3_PREFIX };
}

// The store's refusals (access denied, no such bucket) and the network's, as a sentence for the operator.
export function storeProblem(store: OffsiteStore, doing: string, error: unknown): Error {
  if (error instanceof BackupRefusedError) return error;
  const isAbort = (error as { name?: string }).name === 'AbortError';
  if (isAbort) return error as Error;
  const detail =
    error instanceof S3ServiceException
      ? `${error.name}${error.message && error.message !== error.name ? `: ${error.message}` : ''}`
      : (error as Error).message || String(error);
  const isNetwork = /^E[A-Z]+$/.test(String((error as { code?: unknown }).code));
  if (!(error instanceof S3ServiceException) && !isNetwork) return error as Error;
  return new BackupRefusedError(
    `Could not ${doing} in the bucket ${store.bucket} (${detail}): check BACKUP_S3_BUCKET, BACKUP_S3_ENDPOINT and the credentials BACKUP_S3_ACCESS_KEY_ID and BACKUP_S3_SECRET_ACCESS_KEY.`,
  );
}

// Every Tandem backup under the prefix, newest first; other objects there are left out.
export async function listOffsiteBackups(store: OffsiteStore): Promise<OffsiteBackup[]> {
  const backups: OffsiteBackup[] = [];
  let token: string | undefined;
  try {
    do {
      const page = await store.client.send(
        new ListObjectsV2Command({ Bucket: store.bucket, Prefix: store.prefix, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        const takenAt = object.Key ? takenAtOfKey(object.Key, store.prefix) : null;
        if (object.Key && takenAt) backups.push({ key: object.Key, takenAt, bytes: object.Size ?? 0 });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  } catch (error) {
    throw storeProblem(store, 'list the backups', error);
  }
  return backups.sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime() || b.key.localeCompare(a.key));
}
