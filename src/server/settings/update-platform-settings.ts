import { sql } from 'drizzle-orm';
import {
  defaultPlatformSettings,
  type PlatformSettingKey,
  type PlatformSettings,
  type PlatformSettingsUpdate,
  platformSettingKeys,
} from '~/shared/settings';
import type { Database } from '../db/client';
import { platformSettings } from '../db/schema';
import { getPlatformSettings } from '../platform/get-platform-settings';
import { type AuditAction, recordAuditEvent } from '../platform/record-audit-event';

interface Actor {
  actorId: string;
  ipAddress?: string;
}

// Writes the settings given (validated by platformSettingsUpdateSchema) and records which changed,
// with their values before and after. Nothing changed, nothing recorded. The caller invalidates the
// settings cache of every instance afterwards.
export async function updatePlatformSettings({
  db,
  changes,
  actorId,
  ipAddress,
}: { db: Database; changes: PlatformSettingsUpdate } & Actor): Promise<PlatformSettings> {
  return writeSettings({ db, changes, action: 'settings.updated', actorId, ipAddress });
}

// Reset: every setting back to the spec's defaults (docs/spec/admin-billing-and-content.md §9). Always recorded, with
// the settings it changed (none when they already were the defaults).
export async function resetPlatformSettings({ db, actorId, ipAddress }: { db: Database } & Actor) {
  return writeSettings({ db, changes: defaultPlatformSettings, action: 'settings.reset', actorId, ipAddress });
}

async function writeSettings({
  db,
  changes,
  action,
  actorId,
  ipAddress,
}: { db: Database; changes: PlatformSettingsUpdate; action: AuditAction } & Actor) {
  return db.transaction(async (transaction) => {
    // One change at a time: two administrators saving at once each record what they really changed.
    await transaction.execute(sql`select pg_advisory_xact_lock(hashtext('platform_settings'))`);
    const current = await getPlatformSettings({ db: transaction });
    const before: Partial<Record<PlatformSettingKey, unknown>> = {};
    const after: Partial<Record<PlatformSettingKey, unknown>> = {};
    const now = new Date();
    for (const key of platformSettingKeys) {
      const value = changes[key];
      if (value === undefined || value === current[key]) continue;
      before[key] = current[key];
      after[key] = value;
      await transaction
        .insert(platformSettings)
        .values({ key, value, updatedAt: now })
        .onConflictDoUpdate({ target: platformSettings.key, set: { value, updatedAt: now } });
    }
    const changed = Object.keys(after);
    if (changed.length > 0 || action === 'settings.reset') {
      await recordAuditEvent({
        db: transaction,
        event: {
          actorId,
          action,
          targetType: 'settings',
          details: { changed, before, after },
          ipAddress,
        },
      });
    }
    return { ...current, ...changes } as PlatformSettings;
  });
}
