import { and, count, desc, eq, isNull } from 'drizzle-orm';
import {
  API_TOKEN_PREFIX,
  API_TOKENS_MAX,
  type ApiToken,
  type ApiTokenRequest,
  apiTokenTexts,
  type CreatedApiToken,
} from '~/shared/api-tokens';
import type { Database } from '../db/client';
import { apiTokens } from '../db/schema';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import { generateToken, hashToken } from '../platform/secure-tokens';

const DAY_MS = 86_400_000;
// "tdm_" and eight characters of the random part: enough to tell a person's tokens apart.
const SHOWN_PREFIX_LENGTH = API_TOKEN_PREFIX.length + 8;

export interface Owner {
  db: Database;
  userId: string;
  ipAddress?: string;
}

type ApiTokenRow = typeof apiTokens.$inferSelect;

function describeApiToken(row: ApiTokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    token_prefix: row.tokenPrefix,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
  };
}

export const isActive = (userId: string) => and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt));

// The person's tokens not yet revoked (expired ones too, marked by their date), newest first. At most
// API_TOKENS_MAX exist, so the list is one page.
export async function findApiTokens({ db, userId }: Omit<Owner, 'ipAddress'>): Promise<ApiToken[]> {
  const rows = await db
    .select()
    .from(apiTokens)
    .where(isActive(userId))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id))
    .limit(API_TOKENS_MAX);
  return rows.map(describeApiToken);
}

// A new token: only its SHA-256 is kept, so the answer is the one time anyone sees it.
export async function createApiToken({
  db,
  userId,
  ipAddress,
  input,
  apiAccess,
  now = new Date(),
}: Owner & { input: ApiTokenRequest; apiAccess: boolean; now?: Date }): Promise<CreatedApiToken> {
  // A token made while the platform refuses them would only look usable.
  if (!apiAccess) throw new AppError('forbidden', apiTokenTexts.accessOff);
  return db.transaction(async (transaction) => {
    const [held] = await transaction.select({ total: count() }).from(apiTokens).where(isActive(userId));
    if ((held?.total ?? 0) >= API_TOKENS_MAX) throw new AppError('conflict', apiTokenTexts.tooMany);
    const secret = `${API_TOKEN_PREFIX}${generateToken()}`;
    const [row] = await transaction
      .insert(apiTokens)
      .values({
        userId,
        name: input.name,
        tokenHash: hashToken(secret),
        tokenPrefix: secret.slice(0, SHOWN_PREFIX_LENGTH),
        expiresAt: new Date(now.getTime() + input.expires_in_days * DAY_MS),
        createdAt: now,
      })
      .returning();
    if (!row) throw new Error('The API token was not stored.');
    await recordAuditEvent({
      db: transaction,
      event: {
        actorId: userId,
        action: 'api_token.created',
        targetType: 'api_token',
        targetId: row.id,
        details: { name: row.name, token_prefix: row.tokenPrefix, expires_at: row.expiresAt?.toISOString() ?? null },
        ipAddress,
      },
    });
    return { token: describeApiToken(row), secret };
  });
}
