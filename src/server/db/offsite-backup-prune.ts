import { DeleteObjectsCommand } from '@aws-sdk/client-s3';
import { BackupRefusedError } from './backup';
import { backupsToDelete, type RetentionPolicy } from './offsite-backup-retention';
import { listOffsiteBackups, type OffsiteBackup, type OffsiteStore, storeProblem } from './offsite-backup-store';

// S3's limit of keys in one DeleteObjects request.
const DELETE_BATCH = 1000;

// Deletes the backups the retention policy no longer keeps (offsite-backup-retention.ts). Only objects named
// as Tandem backups under the prefix are considered: nothing else in the bucket is ever deleted.
export async function pruneOffsiteBackups({
  store,
  policy,
}: {
  store: OffsiteStore;
  policy: RetentionPolicy;
}): Promise<{ deleted: OffsiteBackup[]; kept: OffsiteBackup[] }> {
  const backups = await listOffsiteBackups(store);
  const deleted = backupsToDelete(backups, policy);
  try {
    for (let start = 0; start < deleted.length; start += DELETE_BATCH) {
      const batch = deleted.slice(start, start + DELETE_BATCH);
      const answer = await store.client.send(
        new DeleteObjectsCommand({
          Bucket: store.bucket,
          Delete: { Objects: batch.map((backup) => ({ Key: backup.key })), Quiet: true },
        }),
      );
      const [failed] = answer.Errors ?? [];
      if (failed) {
        throw new BackupRefusedError(
          `The bucket ${store.bucket} refused to delete ${failed.Key} (${failed.Code}${failed.Message ? `: ${failed.Message}` : ''}): the credentials need s3:DeleteObject under ${store.prefix}.`,
        );
      }
    }
  } catch (error) {
    throw storeProblem(store, 'delete the backups past retention', error);
  }
  const gone = new Set(deleted.map((backup) => backup.key));
  return { deleted, kept: backups.filter((backup) => !gone.has(backup.key)) };
}
