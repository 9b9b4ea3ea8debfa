import { Redis } from 'ioredis';

// The instance's Redis connection, not yet connected (main.ts connects once its error listener is on).
// While Redis is away a command fails at once instead of waiting in a queue (enableOfflineQueue: false) or
// being retried: every caller has a way on without it (live-presence.ts, rate-limits.ts, shared-cache.ts),
// and a request waiting for Redis would wait for the whole outage. ioredis reconnects by itself.
export function createRedisClient(url: string): Redis {
  return new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: false });
}
