import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { CreateBucketCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { runOps } from '../../../scripts/ops/run-ops';
import { type Config, loadConfig } from '../config';
import { buildAccount } from '../seed/factories';
import { openDatabaseOfConfig, wipeServerDatabase } from '../testing/backup-databases';
import { createTestDatabase } from '../testing/test-database';
import { restoreDatabase } from './backup';
import { type DatabaseHandle, openDatabase } from './client';
import { fetchOffsiteBackup } from './offsite-backup-fetch';
import { pruneOffsiteBackups } from './offsite-backup-prune';
import { backupsToDelete } from './offsite-backup-retention';
import { startBackupService } from './offsite-backup-service';
import { listOffsiteBackups, offsiteKeyFor, openOffsiteStore } from './offsite-backup-store';
import { uploadOffsiteBackup } from './offsite-backup-upload';

const run = promisify(execFile);
const isPostgres = Boolean(process.env.DATABASE_URL);
const BUCKET = 'tandem-offsite-backups';

// What a restore must give back: the people, as rows.
async function peopleOf(handle: DatabaseHandle) {
  const { rows } = await handle.runSql('select id, email, name, role, password_hash from users order by id');
  return rows;
}

// An age key pair made by age-keygen: the identity file and its public key.
async function ageKeyPair(file: string) {
  await run('age-keygen', ['-o', file]);
  return { identity: file, recipient: (await run('age-keygen', ['-y', file])).stdout.trim() };
}

describe(`off-site backups (${isPostgres ? 'PostgreSQL' : 'embedded database'}, s3rver, age)`, () => {
  let work: string;
  let s3: S3rver;
  let endpoint: string;
  let url: string | undefined;
  let people: unknown[];
  let keys: Array<{ identity: string; recipient: string }>;
  let settings: Record<string, string>;
  let config: Config;
  // The file the first run fetched back: the multipart test sends it again in parts.
  const fetchedFile = { path: '', bytes: 0 };
  const ops = async (argv: string[], configOf = () => config) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runOps(argv, {
      config: configOf,
      openDatabase: () => Promise.reject(new Error('the backups commands open no database handle')),
      env: {},
      out: (line) => out.push(line),
      err: (line) => err.push(line),
    });
    return { code, out: out.join('\n'), err: err.join('\n') };
  };

  beforeAll(async () => {
    work = await fs.mkdtemp(path.join(os.tmpdir(), 'tandem-offsite-'));
    s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: path.join(work, 's3') });
    const { port } = await s3.run();
    endpoint = `http://127.0.0.1:${port}`;
    if (isPostgres) {
      const lease = await createTestDatabase();
      url = lease.url;
      await lease.close();
    }
    keys = [await ageKeyPair(path.join(work, 'first.key')), await ageKeyPair(path.join(work, 'second.key'))];
    settings = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: path.join(work, 'data'),
      ...(url && { DATABASE_URL: url }),
      BACKUP_S3_BUCKET: BUCKET,
      BACKUP_S3_ENDPOINT: endpoint,
      BACKUP_S3_FORCE_PATH_STYLE: 'true',
      BACKUP_S3_ACCESS_KEY_ID: 'S3RVER',
      BACKUP_S3_SECRET_ACCESS_KEY: 'S3RVER',
      BACKUP_AGE_RECIPIENTS: keys.map((key) => key.recipient).join(','),
    };
    config = loadConfig(settings);
    const store = openOffsiteStore(config);
    await store.client.send(new CreateBucketCommand({ Bucket: BUCKET }));
    store.client.destroy();
    const database = await openDatabaseOfConfig(config, url);
    try {
      for (let index = 0; index < 3; index += 1) await buildAccount(database.db, { role: 'applicant' });
      people = await peopleOf(database);
    } finally {
      await database.close();
    }
  });
  // TMPDIR is stubbed per case; the worker runs other files after this one, which must see their own.
  afterEach(() => {
    vi.unstubAllEnvs();
  });
  afterAll(async () => {
    await s3?.close();
    await fs.rm(work, { recursive: true, force: true });
  });

  it('refuses, in words, to copy anything without recipients or a bucket', async () => {
    const { BACKUP_AGE_RECIPIENTS: _, ...withoutRecipients } = settings;
    const refused = await ops(['backups', 'run'], () => loadConfig(withoutRecipients));
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/^BACKUP_AGE_RECIPIENTS is not set: no backup leaves this host unencrypted\./);
    const { BACKUP_S3_BUCKET: __, ...withoutBucket } = settings;
    const noBucket = await ops(['backups', 'run'], () => loadConfig(withoutBucket));
    expect(noBucket.code).toBe(1);
    expect(noBucket.err).toMatch(/^BACKUP_S3_BUCKET is not set/);
    const store = openOffsiteStore(config);
    expect((await store.client.send(new ListObjectsV2Command({ Bucket: BUCKET }))).KeyCount ?? 0).toBe(0);
    store.client.destroy();
    expect(() => loadConfig({ ...settings, BACKUP_AGE_RECIPIENTS: 'age1nope' })).toThrow(
      /BACKUP_AGE_RECIPIENTS must be comma-separated age public keys/,
    );
    expect(() => loadConfig({ ...settings, BACKUP_SCHEDULE: 'nightly' })).toThrow(/BACKUP_SCHEDULE must be a cron/);
  });

  it('runs, lists, fetches with the identity and restores: the same rows; age itself opens the object', async () => {
    // A temporary directory of this test's own, to see the run leave nothing in it.
    const temporary = path.join(work, 'tmp');
    await fs.mkdir(temporary);
    vi.stubEnv('TMPDIR', temporary);
    const started = performance.now();
    const metricsFile = path.join(work, 'tandem-backup.prom');
    const ran = await ops(['backups', 'run', '--metrics-file', metricsFile, '--json']);
    expect(ran.err).toBe('');
    expect(ran.code).toBe(0);
    const result = JSON.parse(ran.out) as { key: string; bytes: number; plainBytes: number; seconds: number };
    console.info(
      `backups run: ${result.seconds.toFixed(2)} s, ${result.plainBytes} bytes → ${result.bytes} encrypted (${isPostgres ? 'PostgreSQL' : 'PGlite'})`,
    );
    expect(result.key).toMatch(/^tandem-backups\/tandem-backup-\d{8}T\d{6}Z\.tar\.gz\.age$/);
    // The local copies are gone.
    expect(await fs.readdir(temporary)).toEqual([]);
    const textfile = await fs.readFile(metricsFile, 'utf8');
    expect(textfile).toMatch(/^tandem_backup_last_run_success 1$/m);
    const stamp = Number(/^tandem_backup_last_success_timestamp_seconds (\S+)$/m.exec(textfile)?.[1]);
    expect(Math.abs(stamp * 1000 - Date.now())).toBeLessThan(120_000);
    expect(textfile).toContain(`tandem_backup_last_size_bytes ${result.bytes}`);

    const listed = await ops(['backups', 'list', '--json']);
    expect(JSON.parse(listed.out)).toEqual([{ key: result.key, takenAt: expect.any(String), bytes: result.bytes }]);

    // Debian's age opens the object with either recipient's identity: the same bytes as the fetched file.
    const store = openOffsiteStore(config);
    const object = await store.client.send(new GetObjectCommand({ Bucket: BUCKET, Key: result.key }));
    const encryptedFile = path.join(work, 'object.age');
    await fs.writeFile(encryptedFile, (await object.Body?.transformToByteArray()) ?? new Uint8Array());
    store.client.destroy();
    const decrypted = [];
    for (const key of keys) {
      const output = path.join(work, `${path.basename(key.identity)}.tar.gz`);
      await run('age', ['-d', '-i', key.identity, '-o', output, encryptedFile]);
      decrypted.push(await fs.readFile(output));
    }

    const fetchedAt = performance.now();
    const fetched = await ops([
      'backups',
      'fetch',
      'latest',
      path.join(work, 'restore'),
      '--identity',
      keys[0]?.identity ?? '',
    ]);
    expect(fetched.code, fetched.err).toBe(0);
    const file = /npm run db:restore -- (\S+)/.exec(fetched.out)?.[1] ?? '';
    expect(path.basename(file)).toBe(path.basename(result.key, '.age'));
    const plain = await fs.readFile(file);
    Object.assign(fetchedFile, { path: file, bytes: plain.length });
    expect(plain.length).toBe(result.plainBytes);
    for (const bytes of decrypted) expect(bytes.equals(plain)).toBe(true);

    // The drill: a database lost, restored from the fetched file.
    const restoredAt = performance.now();
    let restoreConfig = config;
    if (url) await wipeServerDatabase(url);
    else restoreConfig = loadConfig({ ...settings, DATA_DIR: path.join(work, 'fresh-data') });
    await fs.mkdir(restoreConfig.DATA_DIR, { recursive: true });
    await restoreDatabase({ config: restoreConfig, file });
    const restored = url
      ? await openDatabase({ url, poolSize: 1 })
      : await openDatabase({ dataDir: path.join(restoreConfig.DATA_DIR, 'pglite') });
    try {
      expect(await peopleOf(restored)).toEqual(people);
    } finally {
      await restored.close();
    }
    const done = performance.now();
    console.info(
      `restore drill: fetch ${((restoredAt - fetchedAt) / 1000).toFixed(2)} s, db:restore ${((done - restoredAt) / 1000).toFixed(2)} s; all ${((done - started) / 1000).toFixed(2)} s`,
    );

    const wrongIdentity = path.join(work, 'stranger.key');
    await run('age-keygen', ['-o', wrongIdentity]);
    const refused = await ops([
      'backups',
      'fetch',
      'latest',
      path.join(work, 'elsewhere'),
      '--identity',
      wrongIdentity,
    ]);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/cannot open tandem-backups\/tandem-backup-.*: it was encrypted to other recipients/);
    // A backup, a fetch and a restore: the embedded database's take 8 s quiet and three times that on a busy machine.
  }, 90_000);

  it('uploads in parts above the part size, aborts a stopped upload, and the parts decrypt to the backup', async () => {
    const store = openOffsiteStore(config);
    try {
      const key = offsiteKeyFor(store.prefix, new Date(Date.UTC(2026, 0, 1)));
      const partBytes = Math.max(4096, Math.ceil(fetchedFile.bytes / 4));
      // A stop (SIGTERM) once the second part is in: the upload is aborted in the bucket, nothing is listed.
      const stopped = new AbortController();
      const sent: string[] = [];
      store.client.middlewareStack.add(
        (next, context) => async (args) => {
          sent.push(context.commandName ?? '');
          const answer = await next(args);
          if (sent.filter((name) => name === 'UploadPartCommand').length === 2) stopped.abort();
          return answer;
        },
        { step: 'initialize', name: 'recordCommands' },
      );
      await expect(
        uploadOffsiteBackup({
          store,
          file: fetchedFile.path,
          key,
          recipients: config.BACKUP_AGE_RECIPIENTS,
          partBytes,
          signal: stopped.signal,
        }),
      ).rejects.toThrow(/abort/i);
      // s3rver itself answers NotImplemented to the abort; S3, MinIO and Ceph drop the parts.
      expect(sent).toEqual([
        'CreateMultipartUploadCommand',
        'UploadPartCommand',
        'UploadPartCommand',
        'AbortMultipartUploadCommand',
      ]);
      store.client.middlewareStack.remove('recordCommands');
      expect((await listOffsiteBackups(store)).map((backup) => backup.key)).not.toContain(key);
      const uploaded = await uploadOffsiteBackup({
        store,
        file: fetchedFile.path,
        key,
        recipients: config.BACKUP_AGE_RECIPIENTS,
        partBytes,
      });
      expect(uploaded.parts).toBeGreaterThanOrEqual(4);
      const fetched = await fetchOffsiteBackup({
        store,
        which: key,
        directory: path.join(work, 'parts'),
        identityFile: keys[1]?.identity ?? '',
      });
      expect((await fs.readFile(fetched.file)).equals(await fs.readFile(fetchedFile.path))).toBe(true);
      expect(fetched.manifest.database).toBe(isPostgres ? 'postgres' : 'pglite');
    } finally {
      store.client.destroy();
    }
  });

  it('applies retention to the Tandem backups of its prefix only', async () => {
    const prefixed = loadConfig({ ...settings, BACKUP_S3_PREFIX: 'retention/' });
    const store = openOffsiteStore(prefixed);
    try {
      const newest = Date.UTC(2026, 10, 30, 2, 30);
      // One a day for 400 days, two more the last day, and objects that are no Tandem backup beside them.
      const times = [
        ...Array.from({ length: 400 }, (_, index) => new Date(newest - index * 86_400_000)),
        new Date(newest - 3_600_000),
        new Date(newest - 7_200_000),
      ];
      const foreign = [
        'retention/notes.txt',
        'retention/tandem-backup-latest.tar.gz.age',
        'elsewhere/tandem-backup-20200101T000000Z.tar.gz.age',
      ];
      const keysWritten = [...times.map((time) => offsiteKeyFor('retention/', time)), ...foreign];
      for (let start = 0; start < keysWritten.length; start += 50) {
        await Promise.all(
          keysWritten
            .slice(start, start + 50)
            .map((key) => store.client.send(new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: 'x' }))),
        );
      }
      const policy = { daily: 7, weekly: 4, monthly: 12 };
      const expected = backupsToDelete(await listOffsiteBackups(store), policy).map((backup) => backup.key);
      const { deleted, kept } = await pruneOffsiteBackups({ store, policy });
      expect(deleted.map((backup) => backup.key).sort()).toEqual(expected.sort());
      // 7 days, then the weeks and months before them: at most 7 + 4 + 12 newest-of-period backups.
      expect(kept.length).toBeGreaterThanOrEqual(12);
      expect(kept.length).toBeLessThanOrEqual(23);
      expect(kept[0]?.key).toBe(offsiteKeyFor('retention/', new Date(newest)));
      const left = new Set<string>();
      let token: string | undefined;
      do {
        const page = await store.client.send(new ListObjectsV2Command({ Bucket: BUCKET, ContinuationToken: token }));
        for (const object of page.Contents ?? []) if (object.Key) left.add(object.Key);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      for (const key of foreign) expect(left.has(key), key).toBe(true);
      for (const backup of kept) expect(left.has(backup.key)).toBe(true);
      for (const key of expected) expect(left.has(key)).toBe(false);
    } finally {
      store.client.destroy();
    }
  });

  it("serves the backup metrics: the bucket's newest at start, this run's after it", async () => {
    // The service clears what killed runs left in TMPDIR: its own here, not another test file's.
    const temporary = path.join(work, 'service-tmp');
    await fs.mkdir(path.join(temporary, 'tandem-offsite-backup-killed'), { recursive: true });
    vi.stubEnv('TMPDIR', temporary);
    const lines: string[] = [];
    const service = await startBackupService({
      config,
      port: 0,
      log: { info: (line) => lines.push(line), error: (line) => lines.push(line) },
      describeRun: (result) => `ran ${result.key}`,
      describeFailure: (error) => String(error),
    });
    const scrape = async () => {
      const response = await fetch(`http://127.0.0.1:${service.port}/metrics`);
      expect(response.status).toBe(200);
      const text = await response.text();
      const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1]);
      return {
        lastSuccess: value('tandem_backup_last_success_timestamp_seconds'),
        runSuccess: value('tandem_backup_last_run_success'),
        size: value('tandem_backup_last_size_bytes'),
      };
    };
    try {
      const store = openOffsiteStore(config);
      const [newest] = await listOffsiteBackups(store);
      store.client.destroy();
      const atStart = await scrape();
      expect(atStart.lastSuccess).toBe((newest?.takenAt.getTime() ?? 0) / 1000);
      expect(atStart.size).toBe(newest?.bytes);
      await service.runNow();
      const after = await scrape();
      expect(lines.join('\n')).toMatch(/ran tandem-backups\/tandem-backup-/);
      expect(after.runSuccess).toBe(1);
      expect(Math.abs(after.lastSuccess * 1000 - Date.now())).toBeLessThan(60_000);
      expect(after.size).toBeGreaterThan(0);
      expect((await fetch(`http://127.0.0.1:${service.port}/other`)).status).toBe(404);
    } finally {
      await service.stop();
    }
    expect(await fs.readdir(temporary)).toEqual([]);
    expect(lines.join('\n')).toMatch(/Next backup at \d{4}-\d{2}-\d{2}T02:30:00\.000Z/);
  }, 60_000);
});
