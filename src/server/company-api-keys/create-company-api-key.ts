import { randomUUID } from 'node:crypto';
import { count } from 'drizzle-orm';
import { type ApiKeyRequest, type ApiKeySecret, apiKeyTexts, COMPANY_API_KEYS_MAX } from '~/shared/api-keys';
import type { Database } from '../db/client';
import { companyApiKeys, users } from '../db/schema';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import { activeKeysOf, apiKeyView } from './api-key-views';
import { newKeySecret } from './key-secrets';

const DAY_MS = 86_400_000;

// The address of a key's integration user: never deliverable (.invalid, RFC 2606), unique by the key.
export const integrationEmailOf = (keyId: string) => `api-key-${keyId}@integrations.invalid`;

// A new key with its integration user (no password, no membership: it signs nobody in and is on no team list).
// Only the key's SHA-256 is kept, so the answer is the one time anyone sees it.
export async function createCompanyApiKey({
  db,
  companyId,
  actorId,
  actorName,
  ipAddress,
  input,
  now = new Date(),
}: {
  db: Database;
  companyId: string;
  actorId: string;
  actorName: string;
  ipAddress?: string;
  input: ApiKeyRequest;
  now?: Date;
}): Promise<ApiKeySecret> {
  return db.transaction(async (transaction) => {
    const [held] = await transaction.select({ total: count() }).from(companyApiKeys).where(activeKeysOf(companyId));
    if ((held?.total ?? 0) >= COMPANY_API_KEYS_MAX) throw new AppError('conflict', apiKeyTexts.tooMany);
    const id = randomUUID();
    const [integration] = await transaction
      .insert(users)
      .values({
        email: integrationEmailOf(id),
        name: `${input.name} (API key)`,
        role: 'company',
        emailVerifiedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: users.id });
    if (!integration) throw new Error('The API key’s integration user was not stored.');
    const { secret, keyHash, keyPrefix } = newKeySecret();
    const [row] = await transaction
      .insert(companyApiKeys)
      .values({
        id,
        companyId,
        integrationUserId: integration.id,
        name: input.name,
        scopes: [...new Set(input.scopes)],
        keyHash,
        keyPrefix,
        createdById: actorId,
        createdAt: now,
        expiresAt: input.expires_in_days === null ? null : new Date(now.getTime() + input.expires_in_days * DAY_MS),
      })
      .returning();
    if (!row) throw new Error('The API key was not stored.');
    await recordAuditEvent({
      db: transaction,
      event: {
        actorId,
        action: 'api_key.created',
        targetType: 'api_key',
        targetId: row.id,
        details: {
          name: row.name,
          scopes: row.scopes,
          key_prefix: row.keyPrefix,
          expires_at: row.expiresAt?.toISOString() ?? null,
        },
        ipAddress,
      },
    });
    return { key: apiKeyView(row, actorName, now), secret };
  });
}
