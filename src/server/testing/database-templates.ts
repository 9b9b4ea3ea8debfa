import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { databaseUrl, runOnServer } from '../db/postgres-server';
import { prepareNewDatabase } from '../platform/initial-database-files';
import type { TemplateContents } from './database-template-variables';

// Migrating a new database costs seconds (every migration, then pg-boss's own schema and queues); copying a
// migrated one costs a fraction of that. A test run migrates one template per database kind
// (vitest-global-setup.ts) and each test file starts from a copy of it (test-database.ts).

// What an app finds after its first start (the schema, and the job queue's tables and queues), for tests.
async function prepare(handle: DatabaseHandle) {
  await prepareNewDatabase(handle);
  // A worker's database is emptied between files, not dropped: left to autovacuum, the space of deleted rows
  // would be reused at random moments and rows come back in a new order. New rows go at the end, as in a
  // fresh copy; nothing lives long enough to need vacuuming.
  await handle.runSql(`do $$ declare t record; begin
    for t in select format('%I.%I', n.nspname, c.relname) as name from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname in ('public', 'pgboss') and c.relkind = 'r'
    loop execute format('alter table %s set (autovacuum_enabled = false)', t.name); end loop;
  end $$`);
}

// An in-memory PGlite database, prepared, as the tarball `new PGlite({ loadDataDir })` starts from, and
// what it holds; and the same database before it was prepared (the files initdb made, seconds on a slow
// machine), for the tests of a new database.
export async function createPgliteTemplate(): Promise<{
  files: Uint8Array;
  blankFiles: Uint8Array;
  contents: TemplateContents;
}> {
  const handle = await openDatabase();
  const dump = async () => {
    // A checkpoint first: each copy then starts without replaying the log (~45 ms a copy, measured).
    await handle.runSql('checkpoint');
    const files = await handle.dumpDataDir?.();
    if (!files) throw new Error('The embedded database cannot dump its files.');
    return new Uint8Array(await files.arrayBuffer());
  };
  try {
    const blankFiles = await dump();
    await prepare(handle);
    const contents = await readTemplateContents(handle);
    return { files: await dump(), blankFiles, contents };
  } finally {
    await handle.close();
  }
}

// A prepared database on the server of serverUrl, for CREATE DATABASE … TEMPLATE, and what it holds. No
// connection may stay open to it: PostgreSQL refuses to copy a database someone is connected to.
export async function createPostgresTemplate(serverUrl: string): Promise<{ name: string; contents: TemplateContents }> {
  const name = `tandem_template_${randomBytes(6).toString('hex')}`;
  await runOnServer(serverUrl, `CREATE DATABASE ${name}`);
  try {
    const handle = await openDatabase({ url: databaseUrl(serverUrl, name), poolSize: 2 });
    try {
      await prepare(handle);
      return { name, contents: await readTemplateContents(handle) };
    } finally {
      await handle.close();
    }
  } catch (error) {
    await dropDatabase(serverUrl, name);
    throw error;
  }
}

// What a prepared database holds, for the workers to empty theirs back to (test-database.ts).
async function readTemplateContents(handle: DatabaseHandle): Promise<TemplateContents> {
  // A partitioned table (pg-boss's jobs, by queue) is emptied through its parent.
  const { rows: found } = await handle.runSql(
    `select format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname in ('public', 'pgboss') and c.relkind in ('r', 'p') and not c.relispartition`,
    [],
  );
  const tables = found.map((table) => String(table.name));
  const rows: TemplateContents['rows'] = [];
  for (const table of tables) {
    const { rows: contents } = await handle.runSql(
      `select coalesce(json_agg(t), '[]')::text as json from ${table} t`,
      [],
    );
    const json = String(contents[0]?.json ?? '[]');
    if (json === '[]') continue;
    // Generated columns are computed again on insert; they cannot be given.
    const { rows: columns } = await handle.runSql(
      `select string_agg(quote_ident(attname), ', ' order by attnum) as list from pg_attribute
        where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = ''`,
      [table],
    );
    rows.push({ table, columns: String(columns[0]?.list), json });
  }
  return { tables, rows };
}

export function dropDatabase(serverUrl: string, name: string) {
  return runOnServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

// The databases the test workers copy from a template and keep between their files (test-database.ts).
export function workerCopyPrefix(template: string) {
  return `${template}_w_`;
}

// The template and every worker's copy of it: the workers end without dropping theirs.
export async function dropTemplateAndCopies(serverUrl: string, template: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      'select datname as name from pg_database where starts_with(datname, $1)',
      [workerCopyPrefix(template)],
    );
    for (const { name } of [...rows, { name: template }]) {
      await client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
    }
  } finally {
    await client.end();
  }
}
