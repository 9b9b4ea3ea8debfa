// `npm run ops -- settings show` (scripts/ops.ts): the configuration in force, every secret shown only as set or
// not set, and System Settings as the database holds them.
import type { Config } from '../../src/server/config';
import { SETTING_NAMES } from '../../src/server/config';
import type { Database } from '../../src/server/db/client';
import { getPlatformSettings } from '../../src/server/platform/get-platform-settings';

// Secrets by name: keys, passwords, tokens, the seal's certificate and its passphrase.
const SECRET_NAME = /SECRET|_KEYS$|PRIVATE_KEY|API_KEY$|TOKEN|PASSPHRASE|_P12$/;

export const isSecretSetting = (name: string) => SECRET_NAME.test(name);

// A URL's password (postgres://tandem:…@db/tandem, smtp://user:…@mail) is a secret inside a setting that is not.
function withoutPassword(text: string): string {
  if (!URL.canParse(text)) return text;
  const url = new URL(text);
  if (!url.password) return text;
  url.password = '***';
  return url.toString();
}

function shown(value: unknown): string | number | boolean | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'string') return withoutPassword(value);
  if (Array.isArray(value)) return value.map((item) => shown(item)).join(',');
  return JSON.stringify(value);
}

export interface EffectiveSettings {
  // Each environment variable Tandem reads: its value (null: unset, the default applies where there is one),
  // or "set"/"not set" for a secret.
  configuration: Record<string, string | number | boolean | null>;
  // What Tandem derives from them.
  derived: { publicUrl: string; adminEmails: string[] };
  // System Settings (an administrator's, in the database).
  platform: Record<string, unknown>;
}

export async function describeSettings({ config, db }: { config: Config; db: Database }): Promise<EffectiveSettings> {
  const configuration: EffectiveSettings['configuration'] = {};
  for (const name of SETTING_NAMES) {
    const value = (config as unknown as Record<string, unknown>)[name];
    configuration[name] = isSecretSetting(name) ? (value === undefined ? 'not set' : 'set') : shown(value);
  }
  return {
    configuration,
    derived: { publicUrl: config.publicUrl, adminEmails: config.adminEmails },
    platform: await getPlatformSettings({ db }),
  };
}
