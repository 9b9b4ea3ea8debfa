import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { databaseUrl, runOnServer } from '../db/postgres-server';
import { PGLITE_TEMPLATE_VARIABLE, POSTGRES_TEMPLATE_VARIABLE } from './database-template-variables';
import { dropDatabase } from './database-templates';

// The run's PGlite template, read once per worker: every file of the worker starts from the same bytes.
let pgliteTemplate: Promise<Blob> | undefined;

function readPgliteTemplate(file: string): Promise<Blob> {
  pgliteTemplate ??= fs.readFile(file).then((bytes) => new Blob([bytes]));
  return pgliteTemplate;
}

// A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on
// the PostgreSQL server of DATABASE_URL (dropped again by close()), whose url a test may open again.
// Under vitest both start from the run's template (database-templates.ts); elsewhere they are migrated.
// migrate: false gives an empty database, for the tests of migration itself.
export async function createTestDatabase({
  migrate = true,
}: {
  migrate?: boolean;
} = {}): Promise<DatabaseHandle & { url?: string }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const templateFile = process.env[PGLITE_TEMPLATE_VARIABLE];
    if (migrate && templateFile) return openDatabase({ loadDataDir: await readPgliteTemplate(templateFile) });
    const handle = await openDatabase();
    if (migrate) await migrateDatabase(handle);
    return handle;
  }

  const name = `tandem_test_${randomBytes(6).toString('hex')}`;
  const template = process.env[POSTGRES_TEMPLATE_VARIABLE];
  const isCopy = migrate && template !== undefined;
  await runOnServer(serverUrl, isCopy ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  const url = databaseUrl(serverUrl, name);
  const handle = await openDatabase({ url, poolSize: 4 });
  if (migrate && !isCopy) await migrateDatabase(handle);
  return {
    ...handle,
    url,
    close: async () => {
      await handle.close();
      await dropDatabase(serverUrl, name);
    },
  };
}
