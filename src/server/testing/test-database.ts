import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';

// A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on
// the PostgreSQL server of DATABASE_URL (dropped again by close()), whose url a test may open again.
export async function createTestDatabase({
  migrate = true,
}: {
  migrate?: boolean;
} = {}): Promise<DatabaseHandle & { url?: string }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase();
    if (migrate) await migrateDatabase(handle);
    return handle;
  }

  const name = `tandem_test_${randomBytes(6).toString('hex')}`;
  await runOnServer(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), poolSize: 4 });
  if (migrate) await migrateDatabase(handle);
  return {
    ...handle,
    url: url.toString(),
    close: async () => {
      await handle.close();
      await runOnServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

// Runs one statement (CREATE/DROP DATABASE) on the server of a PostgreSQL URL.
export async function runOnServer(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
