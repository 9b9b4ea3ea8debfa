import { eq } from 'drizzle-orm';
import { API_KEY_ROTATION_OVERLAP_HOURS, type ApiKeySecret } from '~/shared/api-keys';
import type { Database } from '../db/client';
import { companyApiKeys, users } from '../db/schema';
import { recordAuditEvent } from '../platform/record-audit-event';
import { apiKeyView, findActiveKey } from './api-key-views';
import { newKeySecret } from './key-secrets';

const HOUR_MS = 3_600_000;

// A new secret for the key, same scopes and integration. The one it replaces keeps working for
// API_KEY_ROTATION_OVERLAP_HOURS, so the systems using it can switch without an outage; a key rotated again
// within that time drops the oldest.
export async function rotateCompanyApiKey({
  db,
  companyId,
  actorId,
  ipAddress,
  id,
  now = new Date(),
}: {
  db: Database;
  companyId: string;
  actorId: string;
  ipAddress?: string;
  id: string;
  now?: Date;
}): Promise<ApiKeySecret> {
  return db.transaction(async (transaction) => {
    const before = await findActiveKey(transaction, companyId, id);
    const { secret, keyHash, keyPrefix } = newKeySecret();
    const previousKeyExpiresAt = new Date(now.getTime() + API_KEY_ROTATION_OVERLAP_HOURS * HOUR_MS);
    const [row] = await transaction
      .update(companyApiKeys)
      .set({ keyHash, keyPrefix, previousKeyHash: before.keyHash, previousKeyExpiresAt })
      // Two rotations at once: the second finds the hash changed and rotates nothing.
      .where(eq(companyApiKeys.keyHash, before.keyHash))
      .returning();
    if (!row) throw new Error('The API key was rotated by another request.');
    await recordAuditEvent({
      db: transaction,
      event: {
        actorId,
        action: 'api_key.rotated',
        targetType: 'api_key',
        targetId: id,
        details: {
          key_prefix: keyPrefix,
          previous_key_prefix: before.keyPrefix,
          previous_key_expires_at: previousKeyExpiresAt.toISOString(),
        },
        ipAddress,
      },
    });
    const [creator] = row.createdById
      ? await transaction.select({ name: users.name }).from(users).where(eq(users.id, row.createdById))
      : [];
    return { key: apiKeyView(row, creator?.name ?? null, now), secret };
  });
}
