// `npm run ops -- backups run|list|fetch|serve` (scripts/ops/run-ops.ts): off-site backups, encrypted with age
// and kept in an S3 bucket (docs/operations.md, Backups). The work is src/server/db/offsite-backup-*.ts.
import path from 'node:path';
import type { Config } from '../../src/server/config';
import { BackupRefusedError, describeManifest, describeSize } from '../../src/server/db/backup';
import type { OffsiteRunResult } from '../../src/server/db/offsite-backup-run';
import { OpsInputError } from './ops-input-error';

export interface BackupsCommand {
  action: string;
  positionals: string[];
  metricsFile?: string;
  identity?: string;
  asJson: boolean;
  config: Config;
  out: (line: string) => void;
  err: (line: string) => void;
  // Resolves when the service should stop (SIGTERM, SIGINT): `backups serve` only.
  stopSignal?: () => Promise<void>;
}

const when = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

// A refusal or a failure as the sentence it is, never a stack trace.
function sentenceOf(error: unknown): string {
  if (error instanceof BackupRefusedError) return error.message;
  return `The backup failed: ${(error as Error).message ?? String(error)}`;
}

export function describeRun(result: OffsiteRunResult): string {
  const deleted =
    result.deleted.length > 0
      ? ` Deleted ${result.deleted.length} backup(s) past retention (${result.deleted.map((backup) => path.basename(backup.key)).join(', ')}); ${result.kept} kept.`
      : ` ${result.kept} backup(s) kept, none past retention.`;
  return `Backed up to ${result.key} (${describeSize(result.bytes)} encrypted; ${describeManifest(result.manifest)}) in ${result.seconds.toFixed(1)} s.${deleted}`;
}

export async function runBackupsCommand(command: BackupsCommand): Promise<number> {
  const { action, config, out, err, asJson } = command;
  const print = (json: unknown, lines: string[]) => {
    if (asJson) out(JSON.stringify(json, null, 2));
    else for (const line of lines) out(line);
  };
  try {
    switch (action) {
      case 'run':
        return await run(command, print);
      case 'list': {
        const { listOffsiteBackups, openOffsiteStore } = await import('../../src/server/db/offsite-backup-store');
        const store = openOffsiteStore(config);
        try {
          const backups = await listOffsiteBackups(store);
          print(
            backups.map((backup) => ({ key: backup.key, takenAt: backup.takenAt.toISOString(), bytes: backup.bytes })),
            backups.length === 0
              ? [`No backups under ${store.prefix} in the bucket ${store.bucket}.`]
              : [
                  ...backups.map(
                    (backup) => `${backup.key}  ${when(backup.takenAt)}  ${describeSize(backup.bytes).padStart(9)}`,
                  ),
                  `${backups.length} backup(s) in ${store.bucket}, newest first.`,
                ],
          );
        } finally {
          store.client.destroy();
        }
        return 0;
      }
      case 'fetch': {
        const [which, directory] = command.positionals;
        if (!which || !directory || !command.identity) {
          throw new OpsInputError(
            'Give the backup (its key, or latest), the directory to put it in, and --identity with the age identity file: npm run ops -- backups fetch latest /restore --identity key.txt',
          );
        }
        const [{ openOffsiteStore }, { fetchOffsiteBackup }] = await Promise.all([
          import('../../src/server/db/offsite-backup-store'),
          import('../../src/server/db/offsite-backup-fetch'),
        ]);
        const store = openOffsiteStore(config);
        try {
          const fetched = await fetchOffsiteBackup({ store, which, directory, identityFile: command.identity });
          print({ ...fetched, restore: `npm run db:restore -- ${fetched.file}` }, [
            `Fetched ${fetched.key} into ${fetched.file} (${describeSize(fetched.bytes)}; ${describeManifest(fetched.manifest)}, taken ${fetched.manifest.createdAt}).`,
            'Stop every instance, then restore it with:',
            `  npm run db:restore -- ${fetched.file}`,
          ]);
        } finally {
          store.client.destroy();
        }
        return 0;
      }
      case 'serve':
        return await serve(command);
      default:
        throw new OpsInputError(`There is no command "backups ${action}".`);
    }
  } catch (error) {
    if (error instanceof OpsInputError) throw error;
    const message = sentenceOf(error);
    if (asJson) out(JSON.stringify({ error: message }));
    err(message);
    return 1;
  }
}

async function run(command: BackupsCommand, print: (json: unknown, lines: string[]) => void): Promise<number> {
  const { config, metricsFile } = command;
  const [{ runOffsiteBackup }, metrics, store] = await Promise.all([
    import('../../src/server/db/offsite-backup-run'),
    import('../../src/server/db/offsite-backup-metrics'),
    import('../../src/server/db/offsite-backup-store'),
  ]);
  const started = performance.now();
  let result: OffsiteRunResult;
  try {
    result = await runOffsiteBackup({ config });
  } catch (error) {
    if (metricsFile) {
      // The last success stays what it was: the bucket's newest backup, or else what the file said.
      let lastSuccessAt: Date | undefined;
      try {
        const bucket = store.openOffsiteStore(config);
        lastSuccessAt = (await store.listOffsiteBackups(bucket))[0]?.takenAt;
        bucket.client.destroy();
      } catch {
        lastSuccessAt = await metrics.previousSuccessIn(metricsFile);
      }
      await metrics
        .writeBackupTextfile(metricsFile, { ok: false, lastSuccessAt, seconds: (performance.now() - started) / 1000 })
        .catch((problem: Error) => command.err(`Could not write ${metricsFile} either (${problem.message}).`));
    }
    throw error;
  }
  print(
    {
      key: result.key,
      takenAt: result.takenAt.toISOString(),
      bytes: result.bytes,
      plainBytes: result.plainBytes,
      parts: result.parts,
      seconds: result.seconds,
      manifest: result.manifest,
      deleted: result.deleted.map((backup) => backup.key),
      kept: result.kept,
      notes: result.notes,
    },
    [describeRun(result), ...result.notes],
  );
  if (metricsFile) {
    try {
      await metrics.writeBackupTextfile(metricsFile, {
        ok: true,
        lastSuccessAt: result.takenAt,
        bytes: result.bytes,
        seconds: result.seconds,
      });
    } catch (error) {
      command.err(
        `The backup is off the host, but ${metricsFile} could not be written (${(error as Error).message}): give the user running it write access to ${path.dirname(metricsFile)} (node-exporter's textfile directory), or the backup alert fires.`,
      );
      return 1;
    }
  }
  return 0;
}

async function serve(command: BackupsCommand): Promise<number> {
  const { startBackupService } = await import('../../src/server/db/offsite-backup-service');
  const stamp = (line: string) => `${new Date().toISOString()} ${line}`;
  const service = await startBackupService({
    config: command.config,
    log: { info: (line) => command.out(stamp(line)), error: (line) => command.err(stamp(line)) },
    describeRun,
    describeFailure: sentenceOf,
  });
  await (command.stopSignal?.() ?? new Promise<never>(() => undefined));
  command.out(stamp('Stopping: a run in progress is abandoned and its upload aborted.'));
  await service.stop();
  return 0;
}
