import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { PGLITE_TEMPLATE_VARIABLE } from './database-template-variables';

// What the backup tests back up and restore into.

// The database the configuration names, as npm start would open it: on PostgreSQL the file's test database,
// on PGlite files in DATA_DIR started from the run's migrated template (a fresh one takes 4 s).
export async function openDatabaseOfConfig(config: Config, url: string | undefined): Promise<DatabaseHandle> {
  if (url) return openDatabase({ url, poolSize: 2 });
  const template = process.env[PGLITE_TEMPLATE_VARIABLE];
  const handle = await openDatabase({
    dataDir: path.join(config.DATA_DIR, 'pglite'),
    loadDataDir: template ? new Blob([await fs.readFile(template)]) : undefined,
  });
  await migrateDatabase(handle);
  return handle;
}

// Everything in the database goes, as when a disk is lost: every schema, extensions with them.
export async function wipeServerDatabase(url: string) {
  const handle = await openDatabase({ url, poolSize: 1 });
  try {
    await handle.runSql(`
      do $$ declare name text; begin
        for name in select nspname from pg_namespace where nspname not like 'pg\\_%' and nspname <> 'information_schema' loop
          execute format('drop schema %I cascade', name);
        end loop;
      end $$;
      create schema public;`);
  } finally {
    await handle.close();
  }
}
