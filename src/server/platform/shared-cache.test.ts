import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { freePort } from '../testing/free-port';
import { createSharedCache, keepValue, readKept } from './shared-cache';

describe('shared cache', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps a value in memory until it expires, as a copy', async () => {
    vi.useFakeTimers();
    const cache = createSharedCache({});
    await cache.set('counts', { total: 3 }, 60);
    const kept = await cache.get<{ total: number }>('counts');
    expect(kept).toEqual({ total: 3 });
    if (kept) kept.total = 99;
    expect(await cache.get('counts')).toEqual({ total: 3 });
    vi.advanceTimersByTime(59_000);
    expect(await cache.get('counts')).toEqual({ total: 3 });
    vi.advanceTimersByTime(1_000);
    expect(await cache.get('counts')).toBeUndefined();
  });

  it('drops the oldest entry when the memory is full', async () => {
    const cache = createSharedCache({});
    for (let n = 0; n <= 1_000; n++) await cache.set(`key-${n}`, n, 60);
    expect(await cache.get('key-0')).toBeUndefined();
    expect(await cache.get('key-1')).toBe(1);
    expect(await cache.get('key-1000')).toBe(1000);
  });

  it('lets one caller claim a key until the claim expires', async () => {
    vi.useFakeTimers();
    const cache = createSharedCache({});
    const claims = await Promise.all([1, 2, 3].map(() => cache.claim('refresh:counts', 30)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await cache.get('refresh:counts')).toBeUndefined();
    vi.advanceTimersByTime(30_000);
    expect(await cache.claim('refresh:counts', 30)).toBe(true);
  });

  it('keeps a value stale while one caller refreshes it', async () => {
    const cache = createSharedCache({});
    const now = Date.now();
    expect(await readKept(cache, 'figures', now)).toBeUndefined();
    await keepValue(cache, 'figures', { total: 3 }, { freshMs: 60_000, keptSeconds: 300, now });
    expect(await readKept(cache, 'figures', now + 59_000)).toEqual({ value: { total: 3 }, isDueForRefresh: false });
    // Stale: every caller still gets the value; one of them is told to refresh it.
    const stale = await Promise.all([1, 2, 3].map(() => readKept(cache, 'figures', now + 60_000)));
    expect(stale.map((kept) => kept?.value)).toEqual([{ total: 3 }, { total: 3 }, { total: 3 }]);
    expect(stale.filter((kept) => kept?.isDueForRefresh)).toHaveLength(1);
    // Refreshed: fresh again from its own time.
    await keepValue(cache, 'figures', { total: 4 }, { freshMs: 60_000, keptSeconds: 300, now: now + 61_000 });
    expect(await readKept(cache, 'figures', now + 62_000)).toEqual({ value: { total: 4 }, isDueForRefresh: false });
  });

  it('answers a miss when Redis cannot be reached, and says so in the log', async () => {
    const port = await freePort();
    const redis = new Redis({ port, lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false });
    const warn = vi.fn();
    const cache = createSharedCache({ redis, logger: { warn } });
    try {
      await cache.set('counts', { total: 3 }, 60);
      expect(await cache.get('counts')).toBeUndefined();
      // Nobody can tell whether another holds the claim: each caller works the answer out, as on a miss.
      expect(await cache.claim('refresh:counts', 30)).toBe(true);
      expect(warn).toHaveBeenCalledTimes(3);
    } finally {
      redis.disconnect();
    }
  });

  it.runIf(process.env.REDIS_URL)('shares values through Redis, under the key prefix, until they expire', async () => {
    const redis = new Redis(process.env.REDIS_URL as string, { maxRetriesPerRequest: 1 });
    const prefix = `tandem-test-${randomBytes(4).toString('hex')}:`;
    const one = createSharedCache({ redis, keyPrefix: prefix });
    const other = createSharedCache({ redis, keyPrefix: prefix });
    try {
      await one.set('counts', { total: 3 }, 60);
      expect(await other.get('counts')).toEqual({ total: 3 });
      expect(await redis.ttl(`${prefix}cache:counts`)).toBeGreaterThan(55);
      expect(await createSharedCache({ redis, keyPrefix: `${prefix}other:` }).get('counts')).toBeUndefined();
      // One instance of the two claims a key; the claim expires with its time.
      const claims = await Promise.all([one, other, one, other].map((cache) => cache.claim('refresh:counts', 30)));
      expect(claims.filter(Boolean)).toHaveLength(1);
      expect(await redis.ttl(`${prefix}cache:claim:refresh:counts`)).toBeGreaterThan(25);
    } finally {
      await redis.del(`${prefix}cache:counts`, `${prefix}cache:claim:refresh:counts`);
      await redis.quit();
    }
  });
});
