import { eq } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { PlatformSettings } from '~/shared/settings';
import { buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import type { DatabaseHandle } from '../db/client';
import { platformSettings } from '../db/schema';
import type { Metrics } from '../platform/metrics';
import { createTaxIdCipher, taxIdKeysOf } from '../platform/tax-id-cipher';
import type { WebClient } from '../platform/web-client';
import { createTestDatabase } from './test-database';

export interface TestApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  database: DatabaseHandle;
  config: Config;
  // Changes System Settings as an administrator would (the app sees the change at once).
  setSettings(values: Partial<PlatformSettings>): Promise<void>;
  close(): Promise<void>;
}

// The secret every test app signs with, and the key its tax identification numbers are sealed under.
export const TEST_SECRET = 'test-secret-that-is-at-least-32-characters-long';
export const testTaxIds = createTaxIdCipher(taxIdKeysOf({ config: {}, secret: TEST_SECRET }));

// The real app on a fresh database, for app.inject() tests. Logs stay quiet unless LOG_LEVEL says otherwise.
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    redis?: Redis;
    webClient?: WebClient;
    logger?: Logger;
    metrics?: Metrics;
  } = {},
): Promise<TestApp> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent', ...options.env });
  const database = await createTestDatabase();
  const app = await buildApp({
    config,
    secret: TEST_SECRET,
    database,
    redis: options.redis,
    webClient: options.webClient,
    logger: options.logger,
    metrics: options.metrics,
  });
  return {
    app,
    database,
    config,
    setSettings: async (values) => {
      for (const [key, value] of Object.entries(values)) {
        await database.db.update(platformSettings).set({ value }).where(eq(platformSettings.key, key));
      }
      await app.appContext.settings.invalidate();
    },
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
