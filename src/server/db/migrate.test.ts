import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/test-database';
import type { DatabaseHandle } from './client';
import { isDatabaseUninitialised, migrateDatabase, UnsupportedDatabaseError } from './migrate';

describe('migrations', () => {
  it('tell a new database from a migrated one, and apply only once', async () => {
    const database = await createTestDatabase({ migrate: false });
    try {
      expect(await isDatabaseUninitialised(database)).toBe(true);
      const first = await migrateDatabase(database);
      expect(first.applied).toBe(first.total);
      expect(await isDatabaseUninitialised(database)).toBe(false);
      // What the start-up log reports: nothing applied the second time.
      expect(await migrateDatabase(database)).toEqual({ applied: 0, total: first.total });
      const applied = (await database.db.execute(
        sql`select count(*)::int as "count" from drizzle.__drizzle_migrations`,
      )) as unknown as {
        rows: Array<{ count: number }>;
      };
      expect(applied.rows[0]?.count).toBeGreaterThanOrEqual(2);
    } finally {
      await database.close();
    }
  });
});

describe('the PostgreSQL server', () => {
  it('is refused before any migration when older than 15, in a sentence naming its version', async () => {
    const queries: unknown[] = [];
    const olderServer = {
      driver: 'postgres',
      db: {
        execute: async (query: unknown) => {
          queries.push(query);
          return { rows: [{ number: '140011', version: '14.11' }] };
        },
      },
    } as unknown as DatabaseHandle;
    const refusal = await migrateDatabase(olderServer).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(UnsupportedDatabaseError);
    expect((refusal as Error).message).toBe(
      'PostgreSQL 14.11 is too old: Tandem needs PostgreSQL 15 or newer. Upgrade the server (pg_upgrade, or a dump and restore) and start again.',
    );
    expect(queries).toHaveLength(1);
  });
});

describe('a migrated test database', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('answers queries', async () => {
    await expect(database.ping()).resolves.toBeUndefined();
  });

  it('uses the driver DATABASE_URL asks for', () => {
    expect(database.driver).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
  });
});
