import type { Redis } from 'ioredis';
import type { Logger } from 'pino';

// Answers that are costly to work out and fine to reuse for a short while (Talent Search's estimated
// counts). With Redis they are shared by every instance; without it there is one instance, and they
// live in its memory. A cache that fails is a cache that missed: the caller works the answer out.
export interface SharedCache {
  get<Value>(key: string): Promise<Value | undefined>;
  set(key: string, value: unknown, ttlSeconds: number): Promise<void>;
  // True for the first caller of every instance to claim the key until it expires: who refreshes an answer.
  // A cache that fails says true: without it, each caller works the answer out, as on a miss.
  claim(key: string, ttlSeconds: number): Promise<boolean>;
}

// Enough for every distinct search of a busy minute, small enough not to matter.
const MEMORY_ENTRIES_MAX = 1_000;

export function createSharedCache({
  redis,
  keyPrefix = 'tandem:',
  logger,
}: {
  redis?: Redis;
  keyPrefix?: string;
  logger?: Pick<Logger, 'warn'>;
}): SharedCache {
  if (redis) {
    const prefix = `${keyPrefix}cache:`;
    return {
      async get<Value>(key: string) {
        try {
          const stored = await redis.get(`${prefix}${key}`);
          return stored === null ? undefined : (JSON.parse(stored) as Value);
        } catch (error) {
          logger?.warn({ err: error }, 'shared cache read failed');
          return undefined;
        }
      },
      async set(key, value, ttlSeconds) {
        try {
          await redis.set(`${prefix}${key}`, JSON.stringify(value), 'EX', ttlSeconds);
        } catch (error) {
          logger?.warn({ err: error }, 'shared cache write failed');
        }
      },
      async claim(key, ttlSeconds) {
        try {
          return (await redis.set(`${prefix}claim:${key}`, '1', 'EX', ttlSeconds, 'NX')) === 'OK';
        } catch (error) {
          logger?.warn({ err: error }, 'shared cache claim failed');
          return true;
        }
      },
    };
  }

  // Insertion order is age order: the first key is the oldest, dropped when the cache is full.
  const entries = new Map<string, { json: string; expiresAt: number }>();
  const read = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= Date.now()) entries.delete(key);
    return entry && entry.expiresAt > Date.now() ? entry : undefined;
  };
  const write = (key: string, json: string, ttlSeconds: number) => {
    entries.delete(key);
    if (entries.size >= MEMORY_ENTRIES_MAX) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
    entries.set(key, { json, expiresAt: Date.now() + ttlSeconds * 1000 });
  };
  return {
    async get<Value>(key: string) {
      const entry = read(key);
      // Stored as JSON, as in Redis, so a caller changing what it got changes no one else's copy.
      return entry ? (JSON.parse(entry.json) as Value) : undefined;
    },
    async set(key, value, ttlSeconds) {
      write(key, JSON.stringify(value), ttlSeconds);
    },
    async claim(key, ttlSeconds) {
      // Claims share the values' room, under a name no value has.
      if (read(`claim:${key}`)) return false;
      write(`claim:${key}`, '1', ttlSeconds);
      return true;
    },
  };
}

// Another caller may refresh a stale value after this long, if the one that claimed the refresh did not.
const REFRESH_CLAIM_SECONDS = 30;

interface KeptValue<Value> {
  value: Value;
  freshUntil: number;
}

// A value kept past its freshness, stale while revalidating: fresh, it answers; stale, it still answers, and
// the first caller of every instance to read it so is told to refresh it (through a claim), so that a costly
// answer is not worked out by every request in flight the moment it goes stale. `now` is the caller's clock.
export async function readKept<Value>(
  cache: SharedCache,
  key: string,
  now = Date.now(),
): Promise<{ value: Value; isDueForRefresh: boolean } | undefined> {
  const kept = await cache.get<KeptValue<Value>>(key);
  if (kept?.value === undefined) return undefined;
  if (kept.freshUntil > now) return { value: kept.value, isDueForRefresh: false };
  return { value: kept.value, isDueForRefresh: await cache.claim(`refresh:${key}`, REFRESH_CLAIM_SECONDS) };
}

// Keeps a value for readKept: fresh for `freshMs`, then stale until `keptSeconds` have passed.
export function keepValue(
  cache: SharedCache,
  key: string,
  value: unknown,
  { freshMs, keptSeconds, now = Date.now() }: { freshMs: number; keptSeconds: number; now?: number },
): Promise<void> {
  return cache.set(key, { value, freshUntil: now + freshMs } satisfies KeptValue<unknown>, keptSeconds);
}
