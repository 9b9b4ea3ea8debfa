import { and, desc, eq, isNull } from 'drizzle-orm';
import {
  type ApiKey,
  type ApiKeyList,
  type ApiKeyScope,
  apiKeyResources,
  apiKeyScopes,
  apiKeyTexts,
  COMPANY_API_KEYS_MAX,
} from '~/shared/api-keys';
import type { Database } from '../db/client';
import { companyApiKeys, users } from '../db/schema';
import { AppError } from '../platform/errors';

export type CompanyApiKeyRow = typeof companyApiKeys.$inferSelect;

export function apiKeyView(row: CompanyApiKeyRow, createdBy: string | null, now = new Date()): ApiKey {
  const overlapRuns = row.previousKeyExpiresAt && row.previousKeyExpiresAt.getTime() > now.getTime();
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes.filter((scope): scope is ApiKeyScope => (apiKeyScopes as string[]).includes(scope)),
    key_prefix: row.keyPrefix,
    created_at: row.createdAt.toISOString(),
    created_by: createdBy,
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
    previous_key_expires_at: overlapRuns ? (row.previousKeyExpiresAt?.toISOString() ?? null) : null,
  };
}

export const activeKeysOf = (companyId: string) =>
  and(eq(companyApiKeys.companyId, companyId), isNull(companyApiKeys.revokedAt));

// The company's keys not yet revoked (expired ones too, marked by their date), newest first; at most
// COMPANY_API_KEYS_MAX exist, so the list is one page.
export async function findCompanyApiKeys({
  db,
  companyId,
  ratePerMinute,
}: {
  db: Database;
  companyId: string;
  ratePerMinute: number;
}): Promise<ApiKeyList> {
  const rows = await db
    .select({ key: companyApiKeys, createdBy: users.name })
    .from(companyApiKeys)
    .leftJoin(users, eq(users.id, companyApiKeys.createdById))
    .where(activeKeysOf(companyId))
    .orderBy(desc(companyApiKeys.createdAt), desc(companyApiKeys.id))
    .limit(COMPANY_API_KEYS_MAX);
  return {
    keys: rows.map((row) => apiKeyView(row.key, row.createdBy)),
    scopes: apiKeyScopes.map((scope) => {
      const resource = scope.split(':')[0] as keyof typeof apiKeyResources;
      return { scope, resource, label: apiKeyResources[resource].label };
    }),
    rate_limit_per_minute: ratePerMinute,
  };
}

// One active key of the company, or 404: another company's is as unknown as one that never was.
export async function findActiveKey(db: Database, companyId: string, id: string): Promise<CompanyApiKeyRow> {
  const [row] = await db
    .select()
    .from(companyApiKeys)
    .where(and(eq(companyApiKeys.id, id), activeKeysOf(companyId)));
  if (!row) throw new AppError('not_found', apiKeyTexts.notFound);
  return row;
}
