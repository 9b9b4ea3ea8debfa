import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Gauge, Registry } from 'prom-client';

// The backup service's metrics. tandem_backup_last_success_timestamp_seconds is a contract with
// deploy/alerts.yml (TandemBackupTooOld): the Unix time of the last backup taken, encrypted and listed in
// the bucket. Served on /metrics by `backups serve`, or written as a node-exporter textfile by `backups run
// --metrics-file` (the systemd timer's way).

export interface BackupRunOutcome {
  ok: boolean;
  // When the newest good backup was taken (this run's when ok), if one is known.
  lastSuccessAt?: Date;
  bytes?: number;
  seconds: number;
}

export function createBackupMetrics() {
  const registry = new Registry();
  const lastSuccess = new Gauge({
    name: 'tandem_backup_last_success_timestamp_seconds',
    help: 'Unix time of the last backup that was taken, encrypted and copied off the host.',
    registers: [registry],
  });
  const lastRunSuccess = new Gauge({
    name: 'tandem_backup_last_run_success',
    help: 'Whether the last backup run succeeded (1) or failed (0).',
    registers: [registry],
  });
  const lastSize = new Gauge({
    name: 'tandem_backup_last_size_bytes',
    help: 'Size of the last encrypted backup copied off the host.',
    registers: [registry],
  });
  const lastDuration = new Gauge({
    name: 'tandem_backup_last_duration_seconds',
    help: 'How long the last backup run took, successful or not.',
    registers: [registry],
  });
  return {
    registry,
    // The newest backup in the bucket, read at start, so a restarted service tells its true age.
    knownSuccess(at: Date, bytes?: number) {
      lastSuccess.set(at.getTime() / 1000);
      if (bytes !== undefined) lastSize.set(bytes);
    },
    record(outcome: BackupRunOutcome) {
      lastRunSuccess.set(outcome.ok ? 1 : 0);
      lastDuration.set(outcome.seconds);
      if (outcome.lastSuccessAt) lastSuccess.set(outcome.lastSuccessAt.getTime() / 1000);
      if (outcome.ok && outcome.bytes !== undefined) lastSize.set(outcome.bytes);
    },
  };
}

// The last success a previous textfile recorded: a failed run whose bucket cannot be read keeps it.
export async function previousSuccessIn(file: string): Promise<Date | undefined> {
  const text = await fs.readFile(file, 'utf8').catch(() => '');
  const value = /^tandem_backup_last_success_timestamp_seconds (\S+)$/m.exec(text)?.[1];
  return value && Number.isFinite(Number(value)) ? new Date(Number(value) * 1000) : undefined;
}

// Writes the metrics for node-exporter's textfile collector (Debian: /var/lib/prometheus/node-exporter):
// under a temporary name the collector ignores (not *.prom), then renamed, so a scrape never reads half a file.
export async function writeBackupTextfile(file: string, outcome: BackupRunOutcome) {
  const metrics = createBackupMetrics();
  metrics.record(outcome);
  const text = await metrics.registry.metrics();
  const partial = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(4).toString('hex')}`);
  try {
    await fs.writeFile(partial, text);
    // node-exporter reads it as its own user; the unit's UMask=0077 would leave it unreadable.
    await fs.chmod(partial, 0o644);
    await fs.rename(partial, file);
  } catch (error) {
    await fs.rm(partial, { force: true });
    throw error;
  }
}
