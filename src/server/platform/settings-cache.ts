import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { PlatformSettings } from '~/shared/settings';
import type { Database } from '../db/client';
import { getPlatformSettings } from './get-platform-settings';

const CACHE_MILLISECONDS = 5_000;

// Settings are read on many requests (the session timeout and maintenance mode on every one): keep
// them a few seconds. A change is announced to every instance: with Redis, invalidate() publishes on a
// channel every instance listens to, so each drops its copy at once; without Redis there is one
// instance. Should Redis be away, another instance still sees the change within CACHE_MILLISECONDS.
export function createSettingsCache(
  db: Database,
  { redis, keyPrefix = 'tandem:', logger }: { redis?: Redis; keyPrefix?: string; logger?: Pick<Logger, 'warn'> } = {},
) {
  let cached: { value: PlatformSettings; at: number } | undefined;
  // Bumped on every invalidation, so a read that started before it does not store what it read.
  let generation = 0;
  const dropLocal = () => {
    cached = undefined;
    generation += 1;
  };

  const channel = `${keyPrefix}settings-changed`;
  // Subscribed again here after a reconnect, not by ioredis (its resubscribe has no catch: event-bus.ts).
  const subscriber = redis?.duplicate({
    lazyConnect: false,
    enableOfflineQueue: true,
    maxRetriesPerRequest: null,
    autoResubscribe: false,
  });
  if (subscriber) {
    const subscribe = () =>
      subscriber.subscribe(channel).catch((error) => logger?.warn({ err: error }, 'redis subscribe failed'));
    subscriber.on('error', (error) => logger?.warn({ err: error }, 'redis settings subscriber error'));
    void subscribe();
    let wasLost = false;
    subscriber.on('close', () => {
      wasLost = true;
    });
    subscriber.on('ready', () => {
      if (!wasLost) return;
      wasLost = false;
      // A change announced while the connection was down was not heard: read the settings afresh.
      dropLocal();
      void subscribe();
    });
    subscriber.on('message', (from: string) => {
      if (from === channel) dropLocal();
    });
  }

  return {
    async get(): Promise<PlatformSettings> {
      if (cached && Date.now() - cached.at < CACHE_MILLISECONDS) return cached.value;
      const started = generation;
      const value = await getPlatformSettings({ db });
      if (started === generation) cached = { value, at: Date.now() };
      return value;
    },
    // The settings when this instance holds a fresh copy, without a promise (the per-request hooks).
    peek(): PlatformSettings | undefined {
      return cached && Date.now() - cached.at < CACHE_MILLISECONDS ? cached.value : undefined;
    },
    // After a change: this instance forgets at once, and so does every other.
    async invalidate(): Promise<void> {
      dropLocal();
      if (!redis) return;
      try {
        await redis.publish(channel, String(Date.now()));
      } catch (error) {
        logger?.warn({ err: error }, 'could not announce the settings change; other instances catch up shortly');
      }
    },
    async close() {
      subscriber?.disconnect();
    },
  };
}

export type SettingsCache = ReturnType<typeof createSettingsCache>;
