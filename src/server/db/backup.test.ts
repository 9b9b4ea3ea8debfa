import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authContract } from '~/shared/contracts/auth';
import { talentContract } from '~/shared/contracts/talent';
import { buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import { SESSION_COOKIE } from '../platform/auth-context';
import { resolveSecret } from '../secret';
import { buildAccount } from '../seed/factories';
import { sameOriginHeaders } from '../testing/auth-helpers';
import { openDatabaseOfConfig, wipeServerDatabase } from '../testing/backup-databases';
import { callContract, callUnchecked } from '../testing/contract-client';
import { createTestDatabase } from '../testing/test-database';
import { BackupRefusedError, backUpDatabase, MANIFEST_NAME, restoreDatabase } from './backup';
import { type DatabaseHandle, openConfiguredDatabase, openDatabase } from './client';
import { databaseUrl, runOnServer } from './postgres-server';
import { storedFileChunks, storedFiles } from './schema';

// PNG's signature and enough bytes after it to take two of the file store's 256 KiB pieces.
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from(Array.from({ length: 300_000 }, (_, index) => (index * 7) % 256)),
]);

const isPostgres = Boolean(process.env.DATABASE_URL);

describe(`npm run db:backup and db:restore (${isPostgres ? 'PostgreSQL' : 'embedded database'})`, () => {
  let workDirectory: string;
  let config: Config;
  let url: string | undefined;
  let database: DatabaseHandle | undefined;

  beforeAll(async () => {
    workDirectory = await fs.mkdtemp(path.join(os.tmpdir(), 'tandem-backup-'));
    if (isPostgres) {
      // The worker's database for this file, reopened by url: a restore wants no other connection open.
      const lease = await createTestDatabase();
      url = lease.url;
      await lease.close();
    }
    config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: path.join(workDirectory, 'data'),
      ...(url && { DATABASE_URL: url }),
    });
  });
  afterAll(async () => {
    await database?.close();
    await fs.rm(workDirectory, { recursive: true, force: true });
  });

  it('backs up, loses everything, restores: the same password signs in, the session and signed cookies still work, the photo reads back', async () => {
    database = await openDatabaseOfConfig(config, url);
    const secret = await resolveSecret(config);
    const before = await buildApp({ config, secret, database });
    const { user, password } = await buildAccount(database.db, { role: 'applicant' });
    // A browser on this site, with these headers, to the app built before or after the restore.
    const browserOf =
      (app: typeof before, headers: Record<string, string> = sameOriginHeaders) =>
      (options: InjectOptions) =>
        app.inject({ ...options, headers: { ...headers, ...options.headers } });
    const signIn = (app: typeof before) =>
      callContract(browserOf(app), authContract.signIn, { body: { email: user.email, password: password ?? '' } });
    const signedIn = await signIn(before);
    expect(signedIn.statusCode, signedIn.error?.error).toBe(200);
    const cookies = Object.fromEntries(signedIn.cookies.map((cookie) => [cookie.name, cookie.value]));
    const sessionCookie = `${SESSION_COOKIE}=${cookies[SESSION_COOKIE]}`;
    // The trusted-device cookie is signed with the secret (trusted-devices.ts).
    const deviceCookie = cookies.tandem_device ?? '';
    expect(before.unsignCookie(deviceCookie).valid).toBe(true);
    // The contract types a file body as the browser's Blob; inject sends the bytes as a Buffer, typed as the
    // browser would type them.
    const uploaded = await callUnchecked(
      browserOf(before, { ...sameOriginHeaders, cookie: sessionCookie }),
      talentContract.uploadPhoto,
      { body: png, headers: { 'content-type': 'image/png' } },
    );
    expect(uploaded.statusCode, uploaded.error?.error).toBe(200);
    // FILE_STORE=postgres (the default): the photo's bytes are rows of the database (decision 017), so the
    // database's backup holds them.
    const [file] = await database.db.select().from(storedFiles).where(eq(storedFiles.ownerId, user.id));
    const pieces = await database.db
      .select({ bytes: storedFileChunks.bytes })
      .from(storedFileChunks)
      .where(eq(storedFileChunks.fileId, file?.id ?? ''))
      .orderBy(asc(storedFileChunks.index));
    expect(pieces.length).toBe(2);
    expect(Buffer.concat(pieces.map((piece) => Buffer.from(piece.bytes))).equals(png)).toBe(true);
    await before.close();

    if (!isPostgres) {
      // The open database holds DATA_DIR's lock, as the running server does.
      const refusal = backUpDatabase({ config, target: workDirectory });
      await expect(refusal).rejects.toThrow(BackupRefusedError);
      await expect(refusal).rejects.toThrow(
        /is in use by .*; stop it first\. .*only while the server is stopped .*run npm run db:backup again/,
      );
    }
    await database.close();
    database = undefined;

    const backup = await backUpDatabase({ config, target: path.join(workDirectory, 'backups') });
    expect(path.basename(backup.file)).toMatch(/^tandem-backup-\d{8}T\d{6}Z\.tar\.gz$/);
    expect(backup.manifest).toMatchObject({
      database: isPostgres ? 'postgres' : 'pglite',
      fileStore: 'postgres',
      includesSecretKey: true,
      storedFiles: 1,
    });
    expect(backup.notes).toEqual([]);
    const listing = execFileSync('tar', ['--list', '--gzip', '--file', backup.file], { encoding: 'utf8' }).split('\n');
    expect(listing).toEqual(
      expect.arrayContaining([
        MANIFEST_NAME,
        'secret.key',
        ...(isPostgres ? ['postgres.dump'] : ['pglite/PG_VERSION']),
      ]),
    );

    // The disk is lost: DATA_DIR (and on PostgreSQL the database) with it.
    await fs.rm(config.DATA_DIR, { recursive: true, force: true });
    if (url) await wipeServerDatabase(url);

    const restored = await restoreDatabase({ config, file: backup.file });
    expect(restored.movedAsideTo).toBeUndefined();
    expect(restored.savedBeforeRestore).toBeUndefined();

    database = await openConfiguredDatabase(config);
    expect(await resolveSecret(config)).toBe(secret);
    const after = await buildApp({ config, secret: await resolveSecret(config), database });
    try {
      const me = await callContract(browserOf(after, { cookie: sessionCookie }), authContract.me);
      expect(me.statusCode, me.error?.error).toBe(200);
      expect(me.body.user?.email).toBe(user.email);
      expect(after.unsignCookie(deviceCookie).valid).toBe(true);
      const again = await signIn(after);
      expect(again.statusCode, again.error?.error).toBe(200);
      const newSession = again.cookies.find((cookie) => cookie.name === SESSION_COOKIE)?.value;
      const photo = await callContract(
        browserOf(after, { cookie: `${SESSION_COOKIE}=${newSession}` }),
        talentContract.photo,
        { params: { id: user.id } },
      );
      expect(photo.statusCode).toBe(200);
      expect(photo.headers['content-type']).toBe('image/png');
      expect(photo.rawPayload.equals(png)).toBe(true);
    } finally {
      await after.close();
    }
  }, 60_000);

  it('refuses to restore over data, and with --force keeps the data aside', async () => {
    const backups = path.join(workDirectory, 'backups');
    const [file = ''] = (await fs.readdir(backups)).map((name) => path.join(backups, name));
    if (!isPostgres) {
      // The database the first test restored is open, as a running server would have it.
      await expect(restoreDatabase({ config, file })).rejects.toThrow(/is in use by .*npm run db:restore again/);
      await database?.close();
      database = undefined;
      await expect(restoreDatabase({ config, file })).rejects.toThrow(
        /already holds data \(pglite, secret.key\): run npm run db:restore -- --force/,
      );
      const replaced = await restoreDatabase({ config, file, force: true, now: new Date('2026-11-27T10:15:00Z') });
      expect(replaced.movedAsideTo).toBe(path.resolve(config.DATA_DIR, 'replaced-20261127T101500Z'));
      expect((await fs.readdir(replaced.movedAsideTo ?? '')).sort()).toEqual(['pglite', 'secret.key']);
      expect((await fs.readdir(config.DATA_DIR)).sort()).toEqual(['pglite', 'replaced-20261127T101500Z', 'secret.key']);
      return;
    }
    // The instances' connections: the first test's database is still open.
    await expect(restoreDatabase({ config, file })).rejects.toThrow(
      /has \d+ other connections? open .*stop every Tandem instance/,
    );
    await database?.close();
    database = undefined;
    await expect(restoreDatabase({ config, file })).rejects.toThrow(
      /already holds data.*run npm run db:restore -- --force/,
    );
    const replaced = await restoreDatabase({ config, file, force: true, now: new Date('2026-11-27T10:15:00Z') });
    expect(replaced.savedBeforeRestore).toBe(path.join(backups, 'tandem-before-restore-20261127T101500Z.tar.gz'));
  }, 60_000);

  // As deployed: the application's role owns its database but is no superuser, and a superuser made pg_trgm
  // there (docs/operations.md), which the role can neither drop nor replace. PostgreSQL's alone: the embedded
  // database has no roles, so the case does not exist there (rather than a skipped test).
  const onPostgres = isPostgres ? it : () => undefined;
  onPostgres(
    'restores as the database owner that is no superuser, over the extension a superuser made',
    async () => {
      const backups = path.join(workDirectory, 'backups');
      const file = path.join(
        backups,
        (await fs.readdir(backups)).find((name) => name.startsWith('tandem-backup-')) ?? '',
      );
      const server = databaseUrl(url ?? '', 'postgres');
      const suffix = randomBytes(4).toString('hex');
      const [role, name] = [`tandem_owner_${suffix}`, `tandem_owned_${suffix}`];
      await runOnServer(server, `create role ${role} login nosuperuser`);
      await runOnServer(server, `create database ${name} owner ${role}`);
      try {
        await runOnServer(databaseUrl(server, name), 'create extension pg_trgm');
        const owned = new URL(databaseUrl(server, name));
        owned.username = role;
        const ownersConfig = { ...config, DATABASE_URL: owned.toString() };
        await restoreDatabase({ config: ownersConfig, file });
        // Again over what it restored, which empties the database first.
        await restoreDatabase({ config: ownersConfig, file, force: true });
        const restored = await openDatabase({ url: owned.toString(), poolSize: 1 });
        try {
          const { rows } = await restored.runSql(
            "select count(*)::int as users, (select extowner::regrole::text from pg_extension where extname = 'pg_trgm') as owner from users",
          );
          expect(rows).toEqual([{ users: expect.any(Number), owner: expect.any(String) }]);
          expect((rows[0] as { users: number }).users).toBeGreaterThan(0);
        } finally {
          await restored.close();
        }
      } finally {
        await runOnServer(server, `drop database if exists ${name} with (force)`);
        await runOnServer(server, `drop role if exists ${role}`);
      }
    },
    60_000,
  );

  it('says, with FILE_STORE=s3, that the bucket is backed up on its own', async () => {
    await database?.close();
    database = undefined;
    const backup = await backUpDatabase({
      config: { ...config, FILE_STORE: 's3', S3_BUCKET: 'tandem-files' },
      target: path.join(workDirectory, 'with-s3'),
    });
    expect(backup.manifest.fileStore).toBe('s3');
    expect(backup.notes).toEqual([
      expect.stringMatching(
        /^Uploaded files \(1\) live in the S3 bucket tandem-files \(FILE_STORE=s3\), not in this file: back the bucket up at the same time/,
      ),
    ]);
  }, 60_000);
});
