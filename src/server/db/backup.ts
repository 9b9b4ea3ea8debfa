import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import type { Config } from '../config';
import { SECRET_FILE_NAME } from '../secret';
import { DataDirectoryInUseError, lockDataDirectory } from './lock-data-directory';

// `npm run db:backup` and `npm run db:restore` (decision 028). A backup is one .tar.gz holding a manifest,
// the database — the embedded database's files, taken with the server stopped, or a pg_dump archive of
// PostgreSQL, taken online — and DATA_DIR/secret.key when SESSION_SECRET is unset, so sessions and signed
// links keep working after a restore. Uploaded files are rows of the database with FILE_STORE=postgres
// (decision 017), so they are in it; an S3 bucket is backed up on its own.

export type BackupConfig = Pick<Config, 'DATABASE_URL' | 'DATA_DIR' | 'SESSION_SECRET' | 'FILE_STORE' | 'S3_BUCKET'>;
type DatabaseKind = 'pglite' | 'postgres';

export const MANIFEST_NAME = 'tandem-backup.json';
const PGLITE_FOLDER = 'pglite';
const POSTGRES_DUMP = 'postgres.dump';
const FORMAT = 1;

export interface BackupManifest {
  format: number;
  database: DatabaseKind;
  createdAt: string;
  // Migrations applied when it was taken: a newer server migrates an older backup forward at start.
  migrations: number;
  // Uploaded files whose bytes are in this backup (FILE_STORE=postgres) or in the bucket (s3).
  storedFiles: number;
  fileStore: BackupConfig['FILE_STORE'];
  includesSecretKey: boolean;
  // The pg_dump that wrote postgres.dump: an older pg_restore cannot read it.
  pgDumpMajor?: number;
}

// What an operator reads when a command refuses: a sentence saying why and what to do (exit status 1).
export class BackupRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupRefusedError';
  }
}

const databaseKindOf = (config: BackupConfig): DatabaseKind => (config.DATABASE_URL ? 'postgres' : 'pglite');
const pgliteDirectoryOf = (config: BackupConfig) => path.resolve(config.DATA_DIR, PGLITE_FOLDER);
const secretFileOf = (config: BackupConfig) => path.resolve(config.DATA_DIR, SECRET_FILE_NAME);

// 2026-11-27T10:15:00.000Z → 20261127T101500Z: sorts as it reads, and is a valid file name everywhere.
export const compactTimestamp = (at: Date) => at.toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '');

const exists = (file: string) =>
  fs.stat(file).then(
    () => true,
    () => false,
  );

// Runs a program to its end; its standard error becomes the message when it fails.
async function run(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; missing?: string } = {},
): Promise<string> {
  const child = spawn(command, args, { env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
  const stdout: Buffer[] = [];
  const stderr: Buffer[] = [];
  child.stdout.on('data', (part: Buffer) => stdout.push(part));
  child.stderr.on('data', (part: Buffer) => stderr.push(part));
  const status = await new Promise<number | null>((resolve, reject) => {
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new BackupRefusedError(options.missing ?? `${command} is not installed (it is not on PATH).`)
          : error,
      );
    });
    child.on('close', resolve);
  });
  if (status !== 0) {
    const said = Buffer.concat(stderr).toString().trim();
    throw new Error(`${command} ${args[0] ?? ''} failed (exit status ${status})${said ? `: ${said}` : ''}`);
  }
  return Buffer.concat(stdout).toString();
}

// The embedded database's lock, or the sentence saying the server must be stopped first.
async function lockEmbeddedDatabase(config: BackupConfig, command: 'db:backup' | 'db:restore') {
  try {
    return await lockDataDirectory(pgliteDirectoryOf(config));
  } catch (error) {
    if (!(error instanceof DataDirectoryInUseError)) throw error;
    throw new BackupRefusedError(
      `${error.message} The embedded database is backed up and restored only while the server is stopped (decision 028): run npm run ${command} again once it has stopped, then start the server.`,
    );
  }
}

async function countRows(query: (text: string) => Promise<Array<Record<string, unknown>>>) {
  const [migrations] = await query(
    `select case when to_regclass('drizzle.__drizzle_migrations') is null then 0
       else (select count(*) from drizzle.__drizzle_migrations) end::int as "count"`,
  );
  const [files] = await query(
    `select case when to_regclass('public.stored_files') is null then 0
       else (select count(*) from stored_files) end::int as "count"`,
  );
  return { migrations: Number(migrations?.count ?? 0), storedFiles: Number(files?.count ?? 0) };
}

// Opens embedded database files this process holds the lock of: PGlite replays what a crash left in its
// log, and closing it shuts down cleanly, so the files are at rest afterwards.
async function withEmbeddedFiles<T>(directory: string, work: (pglite: PGlite) => Promise<T>): Promise<T> {
  const pglite = new PGlite({ dataDir: directory, extensions: { pg_trgm } });
  try {
    await pglite.waitReady;
    return await work(pglite);
  } finally {
    if (!pglite.closed) await pglite.close();
  }
}

const countEmbeddedRows = (pglite: PGlite) =>
  countRows(async (text) => (await pglite.query<Record<string, unknown>>(text)).rows);

async function withServerConnection<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const countServerRows = (client: pg.Client) => countRows(async (text) => (await client.query(text)).rows);

// libpq takes the URL, but its password goes through the environment: a command line is visible to
// every user of the machine (ps).
function libpqConnection(url: string): { target: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { target: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

const majorOf = (versionText: string) => Number(/(\d+)(?:\.\d+)*/.exec(versionText)?.[1] ?? Number.NaN);

async function clientMajor(program: 'pg_dump' | 'pg_restore', serverMajor: number): Promise<number> {
  const version = await run(program, ['--version'], {
    missing: `${program} is not installed: install PostgreSQL's client programs of version ${serverMajor} or later (Debian: apt-get install postgresql-client-${serverMajor}), or use the database container's own (see the runbook).`,
  });
  return majorOf(version);
}

async function serverMajorOf(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ version: string }>('show server_version_num');
  return Math.floor(Number(rows[0]?.version) / 10_000);
}

// Where a backup goes: a path ending in .tar.gz is the file; any other is a directory, which gets
// tandem-backup-<UTC time>.tar.gz; the current directory when none is given.
function backupFileFor(target: string | undefined, now: Date): string {
  if (target?.endsWith('.tar.gz')) return path.resolve(target);
  return path.resolve(target ?? '.', `tandem-backup-${compactTimestamp(now)}.tar.gz`);
}

export interface BackupResult {
  file: string;
  bytes: number;
  manifest: BackupManifest;
  // What the operator must know besides (the S3 bucket, a secret not in the file).
  notes: string[];
}

// A directory for the parts of a backup, removed afterwards whatever happens: beside the given file (a
// database dump can be larger than a container's /tmp), or in the system's temporary directory when
// that one is read-only.
async function withStaging<T>(besideFile: string, work: (directory: string) => Promise<T>): Promise<T> {
  const name = `.tandem-backup-${randomBytes(6).toString('hex')}`;
  let directory = path.join(path.dirname(besideFile), name);
  try {
    await fs.mkdir(directory, { mode: 0o700 });
  } catch {
    directory = path.join(os.tmpdir(), name);
    await fs.mkdir(directory, { mode: 0o700 });
  }
  try {
    return await work(directory);
  } finally {
    await fs.rm(directory, { recursive: true, force: true });
  }
}

function notesFor(config: BackupConfig, manifest: BackupManifest, action: 'backup' | 'restore'): string[] {
  const notes: string[] = [];
  if (manifest.fileStore === 's3') {
    notes.push(
      `Uploaded files (${manifest.storedFiles}) live in the S3 bucket${config.S3_BUCKET ? ` ${config.S3_BUCKET}` : ''} (FILE_STORE=s3), not in this file: ${action === 'backup' ? 'back the bucket up at the same time (bucket versioning, or a copy of it with aws s3 sync or mc mirror)' : 'restore the bucket from its own backup of the same time'}.`,
    );
  }
  if (manifest.includesSecretKey) return notes;
  if (action === 'restore') {
    notes.push(
      'This backup holds no secret.key: start the server with the SESSION_SECRET it was taken with, or everyone is signed out and signed links stop working.',
    );
  } else if (config.SESSION_SECRET) {
    notes.push(
      'SESSION_SECRET signs cookies and links and is not in this file: keep it (with the rest of the production settings) where you keep the backup.',
    );
  } else {
    notes.push(
      `There is no ${secretFileOf(config)} yet (the server writes it at its first start), so the backup holds none.`,
    );
  }
  return notes;
}

// Writes the tarball under a temporary name and renames it, so a file with the final name is complete.
async function writeArchive(file: string, parts: Array<{ directory: string; names: string[] }>) {
  const partial = `${file}.partial-${randomBytes(4).toString('hex')}`;
  const args = ['--create', '--gzip', '--file', partial];
  for (const { directory, names } of parts) args.push('--directory', directory, ...names);
  try {
    await run('tar', args);
    await fs.chmod(partial, 0o600);
    await fs.rename(partial, file);
  } catch (error) {
    await fs.rm(partial, { force: true });
    throw error;
  }
}

export async function backUpDatabase({
  config,
  target,
  now = new Date(),
}: {
  config: BackupConfig;
  // A file (….tar.gz), or a directory to write tandem-backup-<UTC time>.tar.gz in; the current directory when absent.
  target?: string;
  now?: Date;
}): Promise<BackupResult> {
  const file = backupFileFor(target, now);
  if (await exists(file)) throw new BackupRefusedError(`${file} already exists: give another file name.`);
  await fs.mkdir(path.dirname(file), { recursive: true });
  const secretFile = secretFileOf(config);
  const includesSecretKey = !config.SESSION_SECRET && (await exists(secretFile));
  const database = databaseKindOf(config);

  const manifest = await withStaging(file, async (staging) => {
    const parts: Array<{ directory: string; names: string[] }> = [{ directory: staging, names: [MANIFEST_NAME] }];
    let manifest: BackupManifest;
    if (database === 'pglite') {
      const directory = pgliteDirectoryOf(config);
      if (!(await exists(path.join(directory, 'PG_VERSION')))) {
        throw new BackupRefusedError(
          `There is no embedded database in ${directory} to back up (DATA_DIR is ${config.DATA_DIR}; with DATABASE_URL set, the backup is of PostgreSQL).`,
        );
      }
      // Held until the archive is written: a server starting meanwhile would change the files under tar.
      const lock = await lockEmbeddedDatabase(config, 'db:backup');
      try {
        const counts = await withEmbeddedFiles(directory, countEmbeddedRows);
        manifest = {
          format: FORMAT,
          database,
          createdAt: now.toISOString(),
          ...counts,
          fileStore: config.FILE_STORE,
          includesSecretKey,
        };
        await fs.writeFile(path.join(staging, MANIFEST_NAME), `${JSON.stringify(manifest, null, 2)}\n`);
        parts.push({ directory: path.resolve(config.DATA_DIR), names: [PGLITE_FOLDER] });
        if (includesSecretKey) parts.push({ directory: path.resolve(config.DATA_DIR), names: [SECRET_FILE_NAME] });
        await writeArchive(file, parts);
      } finally {
        await lock.release();
      }
      return manifest;
    }

    const url = config.DATABASE_URL ?? '';
    // pg_dump takes a consistent snapshot while the instances keep running.
    const { counts, serverMajor } = await withServerConnection(url, async (client) => ({
      counts: await countServerRows(client),
      serverMajor: await serverMajorOf(client),
    }));
    const pgDumpMajor = await clientMajor('pg_dump', serverMajor);
    if (pgDumpMajor < serverMajor) {
      throw new BackupRefusedError(
        `pg_dump ${pgDumpMajor} cannot dump PostgreSQL ${serverMajor}: install the client programs of version ${serverMajor} (Debian: postgresql-client-${serverMajor}), or run pg_dump in the database's own container (see the runbook).`,
      );
    }
    const { target: connection, env } = libpqConnection(url);
    // Not compressed inside: the tarball is, once.
    await run(
      'pg_dump',
      ['--format=custom', '--compress=0', '--no-password', `--file=${path.join(staging, POSTGRES_DUMP)}`, connection],
      { env },
    );
    manifest = {
      format: FORMAT,
      database,
      createdAt: now.toISOString(),
      ...counts,
      fileStore: config.FILE_STORE,
      includesSecretKey,
      pgDumpMajor,
    };
    await fs.writeFile(path.join(staging, MANIFEST_NAME), `${JSON.stringify(manifest, null, 2)}\n`);
    parts[0]?.names.push(POSTGRES_DUMP);
    if (includesSecretKey) parts.push({ directory: path.resolve(config.DATA_DIR), names: [SECRET_FILE_NAME] });
    await writeArchive(file, parts);
    return manifest;
  });
  const { size } = await fs.stat(file);
  return { file, bytes: size, manifest, notes: notesFor(config, manifest, 'backup') };
}

// The archive's manifest, after checking it holds nothing but what a backup holds.
export async function readBackup(file: string): Promise<{ manifest: BackupManifest; names: string[] }> {
  if (!(await exists(file))) throw new BackupRefusedError(`There is no backup file ${file}.`);
  let listing: string;
  try {
    listing = await run('tar', ['--list', '--gzip', '--file', file]);
  } catch {
    throw new BackupRefusedError(`${file} is not a Tandem backup (not a .tar.gz that tar can read).`);
  }
  const names = listing.split('\n').filter(Boolean);
  const isExpected = (name: string) =>
    [MANIFEST_NAME, POSTGRES_DUMP, SECRET_FILE_NAME].includes(name) ||
    name === `${PGLITE_FOLDER}/` ||
    (name.startsWith(`${PGLITE_FOLDER}/`) && !name.split('/').includes('..'));
  const unexpected = names.filter((name) => !isExpected(name));
  if (!names.includes(MANIFEST_NAME) || unexpected.length > 0) {
    throw new BackupRefusedError(
      `${file} is not a Tandem backup: ${unexpected.length > 0 ? `it holds ${unexpected.slice(0, 3).join(', ')}` : `it has no ${MANIFEST_NAME}`}.`,
    );
  }
  const manifest = JSON.parse(
    await run('tar', ['--extract', '--gzip', '--to-stdout', '--file', file, MANIFEST_NAME]),
  ) as BackupManifest;
  if (manifest.format !== FORMAT) {
    throw new BackupRefusedError(
      `${file} is a backup of format ${manifest.format}; this version reads format ${FORMAT}.`,
    );
  }
  return { manifest, names };
}

export interface RestoreResult {
  manifest: BackupManifest;
  // Where what DATA_DIR held went (embedded database, --force).
  movedAsideTo?: string;
  // The backup of the database as it was before (PostgreSQL, --force).
  savedBeforeRestore?: string;
  notes: string[];
}

export async function restoreDatabase({
  config,
  file,
  force = false,
  now = new Date(),
}: {
  config: BackupConfig;
  file: string;
  force?: boolean;
  now?: Date;
}): Promise<RestoreResult> {
  const source = path.resolve(file);
  const { manifest, names } = await readBackup(source);
  const database = databaseKindOf(config);
  if (manifest.database !== database) {
    throw new BackupRefusedError(
      `${source} is a backup of ${manifest.database === 'pglite' ? 'the embedded database' : 'PostgreSQL'}, and this configuration uses ${database === 'pglite' ? 'the embedded database (DATABASE_URL is unset)' : 'PostgreSQL (DATABASE_URL)'}: restore it where it was taken.`,
    );
  }
  const result =
    database === 'pglite'
      ? await restoreEmbedded({ config, source, manifest, force, now })
      : await restoreServer({ config, source, manifest, names, force, now });
  return { manifest, ...result, notes: notesFor(config, manifest, 'restore') };
}

// What in DATA_DIR is data: anything but the lock and what earlier restores moved aside.
const REPLACED_PREFIX = 'replaced-';

async function restoreEmbedded({
  config,
  source,
  manifest,
  force,
  now,
}: {
  config: BackupConfig;
  source: string;
  manifest: BackupManifest;
  force: boolean;
  now: Date;
}): Promise<Omit<RestoreResult, 'manifest' | 'notes'>> {
  const dataDirectory = path.resolve(config.DATA_DIR);
  const lock = await lockEmbeddedDatabase(config, 'db:restore');
  try {
    const lockName = path.basename(lock.file);
    const present = (await fs.readdir(dataDirectory)).filter(
      (name) => name !== lockName && !name.startsWith(REPLACED_PREFIX),
    );
    let movedAsideTo: string | undefined;
    if (present.length > 0) {
      if (!force) {
        throw new BackupRefusedError(
          `${dataDirectory} already holds data (${present.join(', ')}): run npm run db:restore -- --force ${source} to move it aside into ${path.join(dataDirectory, `${REPLACED_PREFIX}<time>`)} and restore the backup in its place.`,
        );
      }
      // Inside DATA_DIR, so on the same disk (a container's volume): a rename, nothing copied or lost.
      movedAsideTo = path.join(dataDirectory, `${REPLACED_PREFIX}${compactTimestamp(now)}`);
      await fs.mkdir(movedAsideTo);
      for (const name of present) await fs.rename(path.join(dataDirectory, name), path.join(movedAsideTo, name));
    }
    const staging = path.join(dataDirectory, `.restoring-${randomBytes(6).toString('hex')}`);
    await fs.mkdir(staging, { mode: 0o700 });
    try {
      await run('tar', ['--extract', '--gzip', '--no-same-owner', '--file', source, '--directory', staging]);
      const restored = (await fs.readdir(staging)).filter((name) => name !== MANIFEST_NAME);
      for (const name of restored) await fs.rename(path.join(staging, name), path.join(dataDirectory, name));
    } finally {
      await fs.rm(staging, { recursive: true, force: true });
    }
    const counts = await withEmbeddedFiles(pgliteDirectoryOf(config), countEmbeddedRows);
    if (counts.migrations !== manifest.migrations) {
      throw new Error(
        `The restored database has ${counts.migrations} migrations applied where the backup recorded ${manifest.migrations}.`,
      );
    }
    return { movedAsideTo };
  } finally {
    await lock.release();
  }
}

// Drops every schema but PostgreSQL's own in one transaction, and gives back an empty public schema.
const EMPTY_DATABASE = `
  begin;
  do $$ declare name text; begin
    for name in select nspname from pg_namespace where nspname not like 'pg\\_%' and nspname <> 'information_schema' loop
      execute format('drop schema %I cascade', name);
    end loop;
  end $$;
  create schema public;
  commit;`;

async function restoreServer({
  config,
  source,
  manifest,
  names,
  force,
  now,
}: {
  config: BackupConfig;
  source: string;
  manifest: BackupManifest;
  names: string[];
  force: boolean;
  now: Date;
}): Promise<Omit<RestoreResult, 'manifest' | 'notes'>> {
  const url = config.DATABASE_URL ?? '';
  const { serverMajor, others, holdsData, name } = await withServerConnection(url, async (client) => {
    const { rows: connected } = await client.query<{ count: number; who: string | null }>(
      `select count(*)::int as "count",
         string_agg(distinct coalesce(nullif(application_name, ''), host(client_addr), 'a local connection'), ', ') as "who"
       from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
    );
    const { rows: data } = await client.query<{ holds: boolean; name: string }>(
      `select current_database() as "name", exists (
         select 1 from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
       ) as "holds"`,
    );
    return {
      serverMajor: await serverMajorOf(client),
      others: connected[0] ?? { count: 0, who: null },
      holdsData: data[0]?.holds === true,
      name: data[0]?.name ?? '',
    };
  });
  if (others.count > 0) {
    throw new BackupRefusedError(
      `The database ${name} has ${others.count} other connection${others.count === 1 ? '' : 's'} open (${others.who}): stop every Tandem instance using it, then run npm run db:restore again.`,
    );
  }
  const pgRestoreMajor = await clientMajor('pg_restore', serverMajor);
  if (manifest.pgDumpMajor !== undefined && pgRestoreMajor < manifest.pgDumpMajor) {
    throw new BackupRefusedError(
      `pg_restore ${pgRestoreMajor} cannot read a backup pg_dump ${manifest.pgDumpMajor} wrote: install the client programs of version ${manifest.pgDumpMajor} or later.`,
    );
  }
  const secretFile = secretFileOf(config);
  const restoresSecret = names.includes(SECRET_FILE_NAME);
  const currentSecret = await fs.readFile(secretFile, 'utf8').catch(() => undefined);
  const backupSecret = restoresSecret
    ? await run('tar', ['--extract', '--gzip', '--to-stdout', '--file', source, SECRET_FILE_NAME])
    : undefined;
  const replacesSecret = currentSecret !== undefined && backupSecret !== undefined && currentSecret !== backupSecret;
  if ((holdsData || replacesSecret) && !force) {
    throw new BackupRefusedError(
      `The database ${name} already holds data${replacesSecret ? ` (and ${secretFile} is another key than the backup's)` : ''}: run npm run db:restore -- --force ${source} to replace it; the database as it is now is saved as a backup beside ${path.basename(source)} first.`,
    );
  }
  let savedBeforeRestore: string | undefined;
  if (holdsData) {
    const saved = await backUpDatabase({
      config,
      target: path.join(path.dirname(source), `tandem-before-restore-${compactTimestamp(now)}.tar.gz`),
      now,
    });
    savedBeforeRestore = saved.file;
    // pg_restore --clean cannot drop pg-boss's partitioned tables (an inherited constraint each), so the
    // database is emptied first: every schema goes, as the backup brings its own.
    await withServerConnection(url, (client) => client.query(EMPTY_DATABASE));
  }

  await withStaging(source, async (staging) => {
    await run('tar', [
      '--extract',
      '--gzip',
      '--no-same-owner',
      '--file',
      source,
      '--directory',
      staging,
      POSTGRES_DUMP,
      ...(restoresSecret ? [SECRET_FILE_NAME] : []),
    ]);
    const { target: connection, env } = libpqConnection(url);
    const dump = path.join(staging, POSTGRES_DUMP);
    // Extensions belong to whoever created them (a superuser, often): the application's role, which owns the
    // database but is no superuser, can neither drop nor replace them. They are made here when missing
    // (pg_trgm is trusted: a database's owner may), and left out of what pg_restore does.
    const contents = await run('pg_restore', ['--list', dump]);
    const extensions = [...contents.matchAll(/^\d+; \d+ \d+ EXTENSION - (\S+)/gm)].map((match) => match[1] ?? '');
    await withServerConnection(url, async (client) => {
      for (const extension of extensions) {
        await client
          .query(`create extension if not exists ${pg.escapeIdentifier(extension)}`)
          .catch((error: unknown) => {
            throw new BackupRefusedError(
              `The backup needs the extension ${extension}, which ${new URL(url).username || 'this role'} may not create (${(error as Error).message}): as PostgreSQL's superuser, run CREATE EXTENSION ${extension}; in the database ${name}, then restore again.`,
            );
          });
      }
    });
    const listFile = path.join(staging, 'restore.list');
    await fs.writeFile(
      listFile,
      contents
        .split('\n')
        .filter((line) => !/^\d+; \d+ \d+ (EXTENSION|COMMENT - EXTENSION) /.test(line))
        .join('\n'),
    );
    // One transaction: a restore that fails half way leaves nothing of itself behind.
    try {
      await run(
        'pg_restore',
        [
          '--clean',
          '--if-exists',
          '--no-owner',
          '--single-transaction',
          '--no-password',
          `--use-list=${listFile}`,
          `--dbname=${connection}`,
          dump,
        ],
        { env },
      );
    } catch (error) {
      if (!savedBeforeRestore) throw error;
      throw new Error(
        `${(error as Error).message}\nThe database was emptied for the restore; what it held is in ${savedBeforeRestore} (npm run db:restore -- ${savedBeforeRestore} puts it back).`,
      );
    }
    if (restoresSecret && currentSecret !== backupSecret) {
      await fs.mkdir(path.dirname(secretFile), { recursive: true });
      if (currentSecret !== undefined) {
        await fs.rename(secretFile, `${secretFile}.${REPLACED_PREFIX}${compactTimestamp(now)}`);
      }
      // Copied, not renamed: DATA_DIR may be on another disk than the staging directory.
      await fs.copyFile(path.join(staging, SECRET_FILE_NAME), secretFile);
      await fs.chmod(secretFile, 0o600);
    }
  });
  const counts = await withServerConnection(url, countServerRows);
  if (counts.migrations !== manifest.migrations) {
    throw new Error(
      `The restored database has ${counts.migrations} migrations applied where the backup recorded ${manifest.migrations}.`,
    );
  }
  return { savedBeforeRestore };
}

// What a backup holds, in the words the commands print.
export function describeManifest(manifest: BackupManifest): string {
  const database = manifest.database === 'pglite' ? 'the embedded database' : 'PostgreSQL';
  const files =
    manifest.fileStore === 'postgres'
      ? `${manifest.storedFiles} uploaded files inside it`
      : `${manifest.storedFiles} uploaded files named, their bytes in the S3 bucket`;
  return `${database}, ${manifest.migrations} migrations, ${files}${manifest.includesSecretKey ? ', secret.key' : ''}`;
}

export const describeSize = (bytes: number) =>
  bytes < 1_048_576 ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / 1_048_576).toFixed(1)} MB`;
