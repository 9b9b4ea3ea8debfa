import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/test-database';
import type { DatabaseHandle } from './client';
import { isDatabaseUninitialised, migrateDatabase } from './migrate';

describe('migrations', () => {
  it('tell a new database from a migrated one, and apply only once', async () => {
    const database = await createTestDatabase({ migrate: false });
    try {
      expect(await isDatabaseUninitialised(database)).toBe(true);
      await migrateDatabase(database);
      expect(await isDatabaseUninitialised(database)).toBe(false);
      await migrateDatabase(database);
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
