import { and, eq, gt, or } from 'drizzle-orm';
import { apiKeyTexts, permissionsOfScopes } from '~/shared/api-keys';
import { apiTokenTexts } from '~/shared/api-tokens';
import { isBillingCurrency } from '~/shared/currencies';
import type { Database } from '../db/client';
import { companies, companyApiKeys, users } from '../db/schema';
import type { AuthContext } from '../platform/auth-context';
import { AppError } from '../platform/errors';
import { hashToken } from '../platform/secure-tokens';

// last_used_at is written at most this often, not on every request.
const TOUCH_INTERVAL_MS = 60_000;

// Who a company API key acts as: its integration user, for its company, with exactly the permissions its scopes
// grant (platform/access-control.ts refuses the rest). Refused with a sentence when the platform's API access is
// off, the key is unknown, revoked or expired (401; a rotated key works until its overlap ends), or its company
// is suspended (403).
export async function resolveCompanyApiKey({
  db,
  key,
  apiAccess,
  now = new Date(),
}: {
  db: Database;
  key: string;
  apiAccess: boolean;
  now?: Date;
}): Promise<AuthContext> {
  if (!apiAccess) throw new AppError('forbidden', apiTokenTexts.accessOff);
  const keyHash = hashToken(key);
  const [row] = await db
    .select({
      key: companyApiKeys,
      email: users.email,
      name: users.name,
      companyName: companies.name,
      companyStatus: companies.status,
      companyCurrency: companies.billingCurrency,
    })
    .from(companyApiKeys)
    .innerJoin(users, eq(users.id, companyApiKeys.integrationUserId))
    .innerJoin(companies, eq(companies.id, companyApiKeys.companyId))
    .where(
      or(
        eq(companyApiKeys.keyHash, keyHash),
        and(eq(companyApiKeys.previousKeyHash, keyHash), gt(companyApiKeys.previousKeyExpiresAt, now)),
      ),
    )
    .limit(1);
  if (!row) throw new AppError('unauthenticated', apiKeyTexts.unknown);
  const { key: apiKey } = row;
  if (apiKey.revokedAt) throw new AppError('unauthenticated', apiKeyTexts.revoked);
  if (apiKey.expiresAt && apiKey.expiresAt.getTime() <= now.getTime()) {
    throw new AppError('unauthenticated', apiKeyTexts.expired);
  }
  if (row.companyStatus !== 'active') throw new AppError('forbidden', apiKeyTexts.companySuspended);
  if (!apiKey.lastUsedAt || now.getTime() - apiKey.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    await db.update(companyApiKeys).set({ lastUsedAt: now }).where(eq(companyApiKeys.id, apiKey.id));
  }
  return {
    // The key stands in for a session: its rate limit and the request log name it.
    sessionId: apiKey.id,
    via: 'api_key',
    user: {
      id: apiKey.integrationUserId,
      email: row.email,
      name: row.name,
      role: 'company',
      emailVerified: true,
      hasPassword: false,
    },
    // The widest a key can be (every company permission but handing the company over); its scopes narrow it.
    company: {
      id: apiKey.companyId,
      name: row.companyName,
      role: 'admin',
      currency: isBillingCurrency(row.companyCurrency) ? row.companyCurrency : 'USD',
    },
    grants: permissionsOfScopes(apiKey.scopes),
  };
}
