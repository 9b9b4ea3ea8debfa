import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { platformSettings } from '../db/schema';
import { createTestDatabase } from '../testing/test-database';
import { createSettingsCache, type SettingsCache } from './settings-cache';

// Two instances behind a load balancer share the database and Redis: a change saved on one is in
// force on the other at once, not when its copy runs out.
describe.runIf(process.env.REDIS_URL)('the settings cache across instances', () => {
  const keyPrefix = `tandem-test-${randomBytes(4).toString('hex')}:`;
  const redisA = new Redis(process.env.REDIS_URL as string, { maxRetriesPerRequest: 1 });
  const redisB = new Redis(process.env.REDIS_URL as string, { maxRetriesPerRequest: 1 });
  let database: DatabaseHandle;
  let first: SettingsCache;
  let second: SettingsCache;

  beforeAll(async () => {
    database = await createTestDatabase();
    first = createSettingsCache(database.db, { redis: redisA, keyPrefix });
    second = createSettingsCache(database.db, { redis: redisB, keyPrefix });
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    await redisA.quit();
    await redisB.quit();
    await database.close();
  });

  it('drops the other instance’s copy when one announces a change', async () => {
    expect((await second.get()).maintenance_mode).toBe(false);
    expect(second.peek()?.maintenance_mode).toBe(false);
    await database.db.update(platformSettings).set({ value: true }).where(eq(platformSettings.key, 'maintenance_mode'));
    // The subscriber may still be connecting: announce until heard, well inside the copy's 5 seconds.
    const deadline = Date.now() + 2_000;
    while (second.peek() !== undefined) {
      if (Date.now() > deadline) throw new Error('the other instance never heard of the change');
      await first.invalidate();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect((await second.get()).maintenance_mode).toBe(true);
  });
});
