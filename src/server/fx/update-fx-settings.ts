import { sql } from 'drizzle-orm';
import { type FxSettings, fxSettingsSchema } from '~/shared/fx-rates';
import type { Database } from '../db/client';
import { platformSettings } from '../db/schema';
import { FX_SETTINGS_KEY, getFxSettings } from '../platform/get-fx-settings';
import { recordAuditEvent } from '../platform/record-audit-event';

// Saves the FX margin, the maximum rate age and the reporting currency, and records what changed, before and after. Nothing changed,
// nothing recorded.
export async function updateFxSettings({
  db,
  settings,
  actorId,
  ipAddress,
}: {
  db: Database;
  settings: FxSettings;
  actorId: string;
  ipAddress?: string;
}): Promise<FxSettings> {
  return db.transaction(async (transaction) => {
    // The System Settings' lock: two administrators saving at once each record what they changed.
    await transaction.execute(sql`select pg_advisory_xact_lock(hashtext('platform_settings'))`);
    const current = await getFxSettings({ db: transaction });
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const key of Object.keys(fxSettingsSchema.shape) as Array<keyof FxSettings>) {
      if (current[key] === settings[key]) continue;
      before[key] = current[key];
      after[key] = settings[key];
    }
    const changed = Object.keys(after);
    if (changed.length === 0) return current;
    const now = new Date();
    await transaction
      .insert(platformSettings)
      .values({ key: FX_SETTINGS_KEY, value: settings, updatedAt: now })
      .onConflictDoUpdate({ target: platformSettings.key, set: { value: settings, updatedAt: now } });
    await recordAuditEvent({
      db: transaction,
      event: {
        actorId,
        action: 'settings.fx_updated',
        targetType: 'settings',
        details: { changed, before, after },
        ipAddress,
      },
    });
    return settings;
  });
}
