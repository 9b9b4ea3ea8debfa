import { defaultPlatformSettings, type PlatformSettings, platformSettingsSchema } from '~/shared/settings';
import type { Database } from '../db/client';
import { platformSettings } from '../db/schema';

// The settings in force: stored values where valid, the defaults for anything missing or malformed.
export async function getPlatformSettings({ db }: { db: Database }): Promise<PlatformSettings> {
  const rows = await db.select({ key: platformSettings.key, value: platformSettings.value }).from(platformSettings);
  const settings: Record<string, unknown> = { ...defaultPlatformSettings };
  const shape = platformSettingsSchema.shape;
  for (const { key, value } of rows) {
    if (!Object.hasOwn(shape, key)) continue;
    const parsed = shape[key as keyof PlatformSettings].safeParse(value);
    if (parsed.success) settings[key] = parsed.data;
  }
  return platformSettingsSchema.parse(settings);
}
