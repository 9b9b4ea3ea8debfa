import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { databaseUrl, runOnServer } from '../db/postgres-server';
import {
  PGLITE_BLANK_VARIABLE,
  PGLITE_TEMPLATE_VARIABLE,
  POSTGRES_TEMPLATE_VARIABLE,
  type TemplateContents,
  templateContentsVariable,
} from './database-template-variables';
import { dropDatabase, workerCopyPrefix } from './database-templates';

type TestDatabase = DatabaseHandle & { url?: string };

// A fresh, migrated database for one test file: in-memory PGlite by default, or a database on the
// PostgreSQL server of DATABASE_URL, whose url a test may open again. close() ends it for the file.
// Under vitest both start from the run's template (database-templates.ts), and each worker keeps the one
// database it copied and empties it back to the template for its next file: a copy costs ~0.4 s on PGlite
// and ~0.3 s on PostgreSQL (more under load, ~80 s of a run), emptying it ~0.07 s. A file that asks for a
// second database while it holds the worker's gets a fresh copy. Elsewhere databases are migrated.
// migrate: false gives an empty database, for the tests of migration itself.
export async function createTestDatabase({ migrate = true }: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const templateFile = process.env[PGLITE_TEMPLATE_VARIABLE];
    if (migrate && templateFile) return leasePglite(templateFile);
    const blankFile = process.env[PGLITE_BLANK_VARIABLE];
    const handle = await openDatabase(
      // initdb's files from the run's setup: a new database without paying for initdb again.
      !migrate && blankFile ? { loadDataDir: new Blob([await fs.readFile(blankFile)]) } : {},
    );
    if (migrate) await migrateDatabase(handle);
    return handle;
  }
  const template = process.env[POSTGRES_TEMPLATE_VARIABLE];
  if (migrate && template) return leasePostgres(serverUrl, template);
  const database = await newPostgresDatabase(serverUrl);
  if (migrate) await migrateDatabase(database);
  return database;
}

// Back to the template in one transaction: every table emptied and the template's rows put back, with
// triggers and foreign-key checks off (replica mode: the audit log refuses deletes, and users are never
// deleted), then the session's settings and locks let go. DELETE, not TRUNCATE: on PostgreSQL a TRUNCATE
// makes new files for every table and index, ~0.3 s, and a test file leaves a few rows.
async function emptyToTemplate(handle: DatabaseHandle, contents: TemplateContents) {
  const quote = `$seed_${randomBytes(6).toString('hex')}$`;
  const statements = [
    'begin',
    'set local session_replication_role = replica',
    ...contents.tables.map((table) => `delete from ${table}`),
    ...contents.rows.map(
      ({ table, columns, json }) =>
        `insert into ${table} (${columns}) overriding system value
          select ${columns} from json_populate_recordset(null::${table}, ${quote}${json}${quote})`,
    ),
    'commit',
    'reset all',
    'select pg_advisory_unlock_all()',
  ];
  await handle.runSql(statements.map((statement) => `${statement};`).join('\n'));
}

// What the run's template holds, read once by the global setup.
const parsedContents = new Map<string, TemplateContents>();

function templateContents(driver: 'pglite' | 'postgres'): TemplateContents {
  const variable = templateContentsVariable(driver);
  let contents = parsedContents.get(variable);
  if (!contents) {
    const json = process.env[variable];
    if (!json) throw new Error('The test run has no template contents: the global setup did not run.');
    contents = JSON.parse(json) as TemplateContents;
    parsedContents.set(variable, contents);
  }
  return contents;
}

// The worker's embedded database (it is never closed: files get leases of it), and whether a file holds it.
let workerPglite: { instance: PGlite; isHeld: boolean } | undefined;
let pgliteTemplate: Promise<Blob> | undefined;

async function loadPgliteTemplate(file: string): Promise<PGlite> {
  pgliteTemplate ??= fs.readFile(file).then((bytes) => new Blob([bytes]));
  const instance = new PGlite({ loadDataDir: await pgliteTemplate, extensions: { pg_trgm } });
  await instance.waitReady;
  return instance;
}

async function leasePglite(templateFile: string): Promise<TestDatabase> {
  // Held by this file already: a copy of its own, closed with it.
  if (workerPglite?.isHeld) return openDatabase({ pglite: await loadPgliteTemplate(templateFile) });
  if (workerPglite) {
    await emptyToTemplate(await openDatabase({ pglite: workerPglite.instance }), templateContents('pglite'));
  } else {
    workerPglite = { instance: await loadPgliteTemplate(templateFile), isHeld: false };
  }
  const held = workerPglite;
  held.isHeld = true;
  return openDatabase({ pglite: leaseOf(held.instance, () => (held.isHeld = false)) });
}

// The worker's PGlite as one file sees it: closing it ends the file's use — its listeners go, and its
// queries (a queue still polling, say) fail as on a closed database — while the instance lives on.
function leaseOf(instance: PGlite, onEnd: () => void): PGlite {
  let hasEnded = false;
  const unlisteners = new Set<() => Promise<void>>();
  const refuse = () => {
    throw new Error('The embedded database is closed.');
  };
  return new Proxy(instance, {
    get(target, property) {
      if (property === 'closed') return hasEnded || target.closed;
      if (property === 'close') {
        return async () => {
          if (hasEnded) return;
          hasEnded = true;
          for (const unlisten of [...unlisteners]) await unlisten();
          onEnd();
        };
      }
      if (property === 'listen') {
        return async (channel: string, callback: (payload: string) => void) => {
          if (hasEnded) refuse();
          const unlisten = await target.listen(channel, callback);
          const stop = async () => {
            unlisteners.delete(stop);
            await unlisten();
          };
          unlisteners.add(stop);
          return stop;
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (hasEnded) refuse();
        return value.apply(target, args);
      };
    },
  });
}

// The worker's database on the PostgreSQL server, and whether a file holds it.
let workerPostgres: { name: string; isFresh: boolean; isHeld: boolean } | undefined;

async function leasePostgres(serverUrl: string, template: string): Promise<TestDatabase> {
  if (workerPostgres?.isHeld) return newPostgresDatabase(serverUrl, template);
  if (!workerPostgres) {
    const name = `${workerCopyPrefix(template)}${randomBytes(6).toString('hex')}`;
    await runOnServer(serverUrl, `CREATE DATABASE ${name} TEMPLATE ${template}`);
    workerPostgres = { name, isFresh: true, isHeld: false };
  }
  const held = workerPostgres;
  const url = databaseUrl(serverUrl, held.name);
  const handle = await openDatabase({ url, poolSize: 4 });
  if (!held.isFresh) {
    // What an earlier file left connected (a second instance, a listener) goes, as with a dropped database.
    await handle.runSql(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      [],
    );
    await emptyToTemplate(handle, templateContents('postgres'));
  }
  held.isFresh = false;
  held.isHeld = true;
  let hasEnded = false;
  return {
    ...handle,
    url,
    close: async () => {
      if (hasEnded) return;
      hasEnded = true;
      await handle.close();
      held.isHeld = false;
    },
  };
}

// A database for one file, empty or a copy of the template, dropped when it closes.
async function newPostgresDatabase(serverUrl: string, template?: string): Promise<TestDatabase> {
  const name = `tandem_test_${randomBytes(6).toString('hex')}`;
  await runOnServer(serverUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const url = databaseUrl(serverUrl, name);
  const handle = await openDatabase({ url, poolSize: 4 });
  return {
    ...handle,
    url,
    close: async () => {
      await handle.close();
      await dropDatabase(serverUrl, name);
    },
  };
}
