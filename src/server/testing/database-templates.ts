import { randomBytes } from 'node:crypto';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { databaseUrl, runOnServer } from '../db/postgres-server';
import { startPgBossQueue } from '../platform/pg-boss-queue';

// Migrating a new database costs seconds (every migration, then pg-boss's own schema and queues); copying a
// migrated one costs a fraction of that. A test run migrates one template per database kind
// (vitest-global-setup.ts) and each test file starts from a copy of it (test-database.ts).

const silentLogger = { error: () => undefined, warn: () => undefined };

// What an app finds after its first start: the schema, and the job queue's tables and queues.
async function prepare(handle: DatabaseHandle) {
  await migrateDatabase(handle);
  const queue = await startPgBossQueue({ database: handle, logger: silentLogger, isWorking: false });
  await queue.stop();
}

// An in-memory PGlite database, prepared, as the tarball `new PGlite({ loadDataDir })` starts from.
export async function createPgliteTemplate(): Promise<Uint8Array> {
  const handle = await openDatabase();
  try {
    await prepare(handle);
    const files = await handle.dumpDataDir?.();
    if (!files) throw new Error('The embedded database cannot dump its files.');
    return new Uint8Array(await files.arrayBuffer());
  } finally {
    await handle.close();
  }
}

// A prepared database on the server of serverUrl, for CREATE DATABASE … TEMPLATE. No connection may stay
// open to it: PostgreSQL refuses to copy a database someone is connected to.
export async function createPostgresTemplate(serverUrl: string): Promise<string> {
  const name = `tandem_template_${randomBytes(6).toString('hex')}`;
  await runOnServer(serverUrl, `CREATE DATABASE ${name}`);
  try {
    const handle = await openDatabase({ url: databaseUrl(serverUrl, name), poolSize: 2 });
    try {
      await prepare(handle);
    } finally {
      await handle.close();
    }
  } catch (error) {
    await dropDatabase(serverUrl, name);
    throw error;
  }
  return name;
}

export function dropDatabase(serverUrl: string, name: string) {
  return runOnServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
