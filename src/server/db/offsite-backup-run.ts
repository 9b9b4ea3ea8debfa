import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../config';
import { type BackupConfig, type BackupManifest, backUpDatabase } from './backup';
import { pruneOffsiteBackups } from './offsite-backup-prune';
import { type OffsiteBackup, type OffsiteBackupConfig, offsiteKeyFor, openOffsiteStore } from './offsite-backup-store';
import { encrypterFor, uploadOffsiteBackup } from './offsite-backup-upload';

export type OffsiteRunConfig = BackupConfig &
  OffsiteBackupConfig &
  Pick<Config, 'BACKUP_AGE_RECIPIENTS' | 'BACKUP_KEEP_DAILY' | 'BACKUP_KEEP_WEEKLY' | 'BACKUP_KEEP_MONTHLY'>;

// The run's private directory in TMPDIR, by this prefix.
export const STAGING_PREFIX = 'tandem-offsite-backup-';

export interface OffsiteRunResult {
  key: string;
  takenAt: Date;
  // The encrypted object's size, as the bucket lists it.
  bytes: number;
  // The db:backup file's size before encryption.
  plainBytes: number;
  parts: number;
  seconds: number;
  manifest: BackupManifest;
  notes: string[];
  deleted: OffsiteBackup[];
  kept: number;
}

// One off-site backup (`npm run ops -- backups run`): db:backup's file in a private temporary directory
// (TMPDIR: on a disk, not in memory, as a dump can be large), encrypted to BACKUP_AGE_RECIPIENTS as it
// streams to the bucket, checked there, then retention applied. The local file is deleted whatever happens.
// Refuses before touching the database when the backup could not leave encrypted.
export async function runOffsiteBackup({
  config,
  now = new Date(),
  partBytes,
  signal,
}: {
  config: OffsiteRunConfig;
  now?: Date;
  partBytes?: number;
  signal?: AbortSignal;
}): Promise<OffsiteRunResult> {
  const started = performance.now();
  encrypterFor(config.BACKUP_AGE_RECIPIENTS);
  const store = openOffsiteStore(config);
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), STAGING_PREFIX));
  try {
    await fs.chmod(directory, 0o700);
    const backup = await backUpDatabase({ config, target: directory, now });
    signal?.throwIfAborted();
    const uploaded = await uploadOffsiteBackup({
      store,
      file: backup.file,
      key: offsiteKeyFor(store.prefix, now),
      recipients: config.BACKUP_AGE_RECIPIENTS,
      partBytes,
      signal,
    });
    const { deleted, kept } = await pruneOffsiteBackups({
      store,
      policy: {
        daily: config.BACKUP_KEEP_DAILY,
        weekly: config.BACKUP_KEEP_WEEKLY,
        monthly: config.BACKUP_KEEP_MONTHLY,
      },
    });
    return {
      key: uploaded.key,
      takenAt: now,
      bytes: uploaded.bytes,
      plainBytes: backup.bytes,
      parts: uploaded.parts,
      seconds: (performance.now() - started) / 1000,
      manifest: backup.manifest,
      notes: backup.notes,
      deleted,
      kept: kept.length,
    };
  } finally {
    await fs.rm(directory, { recursive: true, force: true });
    store.client.destroy();
  }
}
