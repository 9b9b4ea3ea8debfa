import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { companyApiKeys } from '../db/schema';
import { recordAuditEvent } from '../platform/record-audit-event';
import { findActiveKey } from './api-key-views';

// Revokes a key, and the key it replaced if that still overlapped: every request with either is refused from now on.
export async function revokeCompanyApiKey({
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
}): Promise<void> {
  await db.transaction(async (transaction) => {
    const key = await findActiveKey(transaction, companyId, id);
    await transaction
      .update(companyApiKeys)
      .set({ revokedAt: now, previousKeyExpiresAt: null })
      .where(eq(companyApiKeys.id, id));
    await recordAuditEvent({
      db: transaction,
      event: {
        actorId,
        action: 'api_key.revoked',
        targetType: 'api_key',
        targetId: id,
        details: { name: key.name, key_prefix: key.keyPrefix },
        ipAddress,
      },
    });
  });
}
