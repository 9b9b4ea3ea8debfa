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

// The oldest PostgreSQL Tandem runs on (the runbook says the same): 15, what the drills and CI run.
export const OLDEST_POSTGRES_VERSION = 15;

// An older server: start-up stops with this sentence rather than fail later in a migration or a query.
export class UnsupportedDatabaseError extends Error {
  constructor(version: string) {
    super(
      `PostgreSQL ${version} is too old: Tandem needs PostgreSQL ${OLDEST_POSTGRES_VERSION} or newer. Upgrade the server (pg_upgrade, or a dump and restore) and start again.`,
    );
    this.name = 'UnsupportedDatabaseError';
  }
}

async function refuseOldServer(handle: DatabaseHandle): Promise<void> {
  const [row] = await selectRows(
    handle.db,
    z.object({ number: z.coerce.number(), version: z.string() }),
    sql`select current_setting('server_version_num') as "number", current_setting('server_version') as "version"`,
  );
  if (row && row.number < OLDEST_POSTGRES_VERSION * 10_000) throw new UnsupportedDatabaseError(row.version);
}

async function countAppliedMigrations(handle: DatabaseHandle): Promise<number> {
  if (await isDatabaseUninitialised(handle)) return 0;
  const [row] = await selectRows(
    handle.db,
    z.object({ count: z.number() }),
    sql`select count(*)::int as "count" from drizzle.__drizzle_migrations`,
  );
  return row?.count ?? 0;
}

// Applies the committed SQL migrations that have not run yet; safe to call on every start. Says how many it
// applied, and how many the database has, for the start-up log.
export async function migrateDatabase(handle: DatabaseHandle): Promise<{ applied: number; total: number }> {
  if (handle.driver === 'postgres') await refuseOldServer(handle);
  const before = await countAppliedMigrations(handle);
  if (handle.driver === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase<typeof schema>, { migrationsFolder });
  } else {
    await migrateNodePostgres(handle.db as unknown as NodePgDatabase<typeof schema>, { migrationsFolder });
  }
  const total = await countAppliedMigrations(handle);
  return { applied: total - before, total };
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
