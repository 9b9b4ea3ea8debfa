import fs from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import cronParser from 'cron-parser';
import type { Config } from '../config';
import { createBackupMetrics } from './offsite-backup-metrics';
import { type OffsiteRunConfig, type OffsiteRunResult, runOffsiteBackup, STAGING_PREFIX } from './offsite-backup-run';
import { listOffsiteBackups, openOffsiteStore } from './offsite-backup-store';
import { encrypterFor } from './offsite-backup-upload';

export type BackupServiceConfig = OffsiteRunConfig &
  Pick<Config, 'BACKUP_SCHEDULE' | 'BACKUP_METRICS_HOST' | 'BACKUP_METRICS_PORT'>;

export interface BackupServiceLog {
  info: (line: string) => void;
  error: (line: string) => void;
}

// setTimeout takes at most 2^31 - 1 ms (24.8 days); a later tick is waited for in steps.
const LONGEST_TIMER_MS = 2 ** 31 - 1;

// `npm run ops -- backups serve` (the compose file's backup service): an off-site backup at each tick of
// BACKUP_SCHEDULE (UTC), one at a time — a run still going at the next tick makes that tick skipped — and
// the metrics on BACKUP_METRICS_HOST:BACKUP_METRICS_PORT/metrics. stop() (SIGTERM) ends the wait, aborts a
// run's upload (its multipart upload aborted in the bucket) and closes the listener.
export async function startBackupService({
  config,
  log,
  describeRun,
  describeFailure,
  port = config.BACKUP_METRICS_PORT,
}: {
  config: BackupServiceConfig;
  log: BackupServiceLog;
  describeRun: (result: OffsiteRunResult) => string;
  describeFailure: (error: unknown) => string;
  port?: number;
}) {
  // Refused at start, not at 02:30: without recipients no backup could ever leave.
  encrypterFor(config.BACKUP_AGE_RECIPIENTS);
  // A run killed after its grace period (a long dump) leaves its directory in the staging volume.
  for (const name of await fs.readdir(os.tmpdir()).catch(() => [])) {
    if (name.startsWith(STAGING_PREFIX)) await fs.rm(path.join(os.tmpdir(), name), { recursive: true, force: true });
  }
  const metrics = createBackupMetrics();
  const stopping = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  // A restarted service reports the age of the newest backup there is, not none.
  const store = openOffsiteStore(config);
  try {
    const [newest] = await listOffsiteBackups(store);
    if (newest) {
      metrics.knownSuccess(newest.takenAt, newest.bytes);
      log.info(`The newest backup in the bucket is ${newest.key}, taken ${newest.takenAt.toISOString()}.`);
    } else {
      log.info(`There is no backup in the bucket ${store.bucket} under ${store.prefix} yet.`);
    }
  } catch (error) {
    log.error(describeFailure(error));
  } finally {
    store.client.destroy();
  }

  const runOnce = async () => {
    const started = performance.now();
    try {
      const result = await runOffsiteBackup({ config, signal: stopping.signal });
      metrics.record({ ok: true, lastSuccessAt: result.takenAt, bytes: result.bytes, seconds: result.seconds });
      log.info(describeRun(result));
    } catch (error) {
      metrics.record({ ok: false, seconds: (performance.now() - started) / 1000 });
      log.error(
        stopping.signal.aborted ? 'The backup run was abandoned: the service is stopping.' : describeFailure(error),
      );
    }
  };

  // Starts a run unless one is going; resolves when the run (this one or the one going) ends.
  const runNow = () => {
    running ??= runOnce().finally(() => {
      running = undefined;
    });
    return running;
  };

  const scheduleNext = () => {
    if (stopping.signal.aborted) return;
    const next = cronParser.parseExpression(config.BACKUP_SCHEDULE, { tz: 'UTC' }).next().toDate();
    const wait = (until: Date) => {
      const ms = until.getTime() - Date.now();
      timer = setTimeout(
        () => {
          if (ms > LONGEST_TIMER_MS) return wait(until);
          if (running) log.error(`Skipped the backup of ${until.toISOString()}: the previous run is still going.`);
          void runNow().then(scheduleNext);
        },
        Math.min(Math.max(ms, 0), LONGEST_TIMER_MS),
      );
    };
    wait(next);
    log.info(`Next backup at ${next.toISOString()}.`);
  };

  const server: Server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: the metrics are at /metrics.\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, config.BACKUP_METRICS_HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  log.info(`Serving the backup metrics on http://${config.BACKUP_METRICS_HOST}:${address.port}/metrics.`);
  scheduleNext();

  return {
    port: address.port,
    runNow,
    async stop() {
      stopping.abort();
      clearTimeout(timer);
      await running;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
