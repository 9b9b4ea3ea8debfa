import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { NamedStatementClient } from './named-statements';
import * as schema from './schema';

// Domain code sees one type whichever driver is underneath.
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseDriver = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  driver: DatabaseDriver;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  // A PostgreSQL URL; without one the embedded PGlite database is used.
  url?: string;
  // Where PGlite keeps its files; in memory when absent.
  dataDir?: string;
  logger?: Pick<Logger, 'error'>;
  poolSize?: number;
}

const drizzleOptions = { schema, casing: 'snake_case' } as const;

export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({
      Client: NamedStatementClient,
      connectionString: options.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5_000,
      // A connection's backend keeps its catalog caches and prepared statements (named-statements.ts);
      // pg's default of 10 s idle would drop them after every lull and start cold again.
      idleTimeoutMillis: 5 * 60_000,
    });
    // Without a listener, an idle client's error (a database restart, say) would crash the process.
    pool.on('error', (error) => options.logger?.error({ err: error }, 'idle database connection failed'));
    const db = drizzleNodePostgres({ client: pool, ...drizzleOptions }) as unknown as Database;
    return {
      db,
      driver: 'postgres',
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: () => pool.end(),
    };
  }

  if (options.dataDir) await fs.mkdir(options.dataDir, { recursive: true });
  const client = new PGlite(options.dataDir);
  await client.waitReady;
  const db = drizzlePglite({ client, ...drizzleOptions }) as unknown as Database;
  return {
    db,
    driver: 'pglite',
    ping: async () => {
      if (client.closed) throw new Error('The embedded database is closed.');
      await db.execute(sql`select 1`);
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

// The database the configuration names: PostgreSQL at DATABASE_URL, else PGlite files in DATA_DIR.
export function openConfiguredDatabase(
  config: Pick<Config, 'DATABASE_URL' | 'DATABASE_POOL_SIZE' | 'DATA_DIR'>,
  logger?: OpenDatabaseOptions['logger'],
): Promise<DatabaseHandle> {
  return openDatabase({
    url: config.DATABASE_URL,
    poolSize: config.DATABASE_POOL_SIZE ?? os.availableParallelism() * 2 + 1,
    dataDir: config.DATABASE_URL ? undefined : path.join(config.DATA_DIR, 'pglite'),
    logger,
  });
}
