import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { z } from 'zod';
import type { DatabaseHandle } from './client';
import type * as schema from './schema';
import { selectRows } from './select-rows';

export const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');

// Applies the committed SQL migrations that have not run yet; safe to call on every start.
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.driver === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase<typeof schema>, { migrationsFolder });
  } else {
    await migrateNodePostgres(handle.db as unknown as NodePgDatabase<typeof schema>, { migrationsFolder });
  }
}

// True before the first migration has ever run: the signal to load the demo data.
export async function isDatabaseUninitialised(handle: DatabaseHandle): Promise<boolean> {
  const [row] = await selectRows(
    handle.db,
    z.object({ missing: z.boolean() }),
    sql`select to_regclass('drizzle.__drizzle_migrations') is null as "missing"`,
  );
  return row?.missing === true;
}
