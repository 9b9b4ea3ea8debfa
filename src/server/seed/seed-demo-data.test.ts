import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { platformSettings } from '../db/schema';
import { createTestDatabase } from '../testing/test-database';
import type { DemoSeeder } from './demo-seeder';
import { seedDemoData } from './seed-demo-data';

describe('seedDemoData', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  // A seeder in the house style: it looks its row up by natural key before creating it.
  const markerSeeder: DemoSeeder = {
    name: 'marker',
    async seed({ db }) {
      const existing = await db.select().from(platformSettings).where(eq(platformSettings.key, 'demo_marker'));
      if (existing.length > 0) return { created: 0 };
      await db.insert(platformSettings).values({ key: 'demo_marker', value: true });
      return { created: 1 };
    },
  };

  it('runs each seeder and reports what it created; a second run creates nothing', async () => {
    expect(await seedDemoData({ db: database.db, seeders: [markerSeeder] })).toEqual([{ name: 'marker', created: 1 }]);
    expect(await seedDemoData({ db: database.db, seeders: [markerSeeder] })).toEqual([{ name: 'marker', created: 0 }]);
    const rows = await database.db.select().from(platformSettings).where(eq(platformSettings.key, 'demo_marker'));
    expect(rows).toHaveLength(1);
  });

  it('loads all or nothing: a failing seeder rolls back the ones before it', async () => {
    const failing: DemoSeeder = {
      name: 'failing',
      async seed() {
        throw new Error('factory broke');
      },
    };
    await database.db.delete(platformSettings).where(eq(platformSettings.key, 'demo_marker'));
    await expect(seedDemoData({ db: database.db, seeders: [markerSeeder, failing] })).rejects.toThrow('factory broke');
    const rows = await database.db.select().from(platformSettings).where(eq(platformSettings.key, 'demo_marker'));
    expect(rows).toHaveLength(0);
  });
});
