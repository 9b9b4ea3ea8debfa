import type { PlatformSettings } from '~/shared/settings';
import type { Database } from '../db/client';
import { getPlatformSettings } from './get-platform-settings';

const CACHE_MILLISECONDS = 5_000;

// Settings are read on many requests (the session timeout on every one): keep them a few seconds.
// Another instance sees a change within that time; this one at once (invalidate()).
export function createSettingsCache(db: Database) {
  let cached: { value: PlatformSettings; at: number } | undefined;
  return {
    async get(): Promise<PlatformSettings> {
      if (cached && Date.now() - cached.at < CACHE_MILLISECONDS) return cached.value;
      const value = await getPlatformSettings({ db });
      cached = { value, at: Date.now() };
      return value;
    },
    invalidate() {
      cached = undefined;
    },
  };
}

export type SettingsCache = ReturnType<typeof createSettingsCache>;
