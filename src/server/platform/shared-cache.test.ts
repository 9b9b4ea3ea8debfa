import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { freePort } from '../testing/free-port';
import { createSharedCache } from './shared-cache';

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

  it('answers a miss when Redis cannot be reached, and says so in the log', async () => {
    const port = await freePort();
    const redis = new Redis({ port, lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false });
    const warn = vi.fn();
    const cache = createSharedCache({ redis, logger: { warn } });
    try {
      await cache.set('counts', { total: 3 }, 60);
      expect(await cache.get('counts')).toBeUndefined();
      expect(warn).toHaveBeenCalledTimes(2);
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
    } finally {
      await redis.del(`${prefix}cache:counts`);
      await redis.quit();
    }
  });
});
