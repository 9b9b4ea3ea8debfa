import { eq, sql } from 'drizzle-orm';
import { apiTokenTexts } from '~/shared/api-tokens';
import type { Database } from '../db/client';
import { preparedStatement } from '../db/prepared-statements';
import { apiTokens, companies, companyMembers, users } from '../db/schema';
import { authContextOf, isSuspended, signedInColumns } from '../kernels/identity/sessions';
import type { AuthContext } from '../platform/auth-context';
import { AppError } from '../platform/errors';
import { hashToken } from '../platform/secure-tokens';

// last_used_at is written at most this often, not on every request.
const TOUCH_INTERVAL_MS = 60_000;

const tokenByHash = preparedStatement((db) =>
  db
    .select({
      tokenId: apiTokens.id,
      lastUsedAt: apiTokens.lastUsedAt,
      expiresAt: apiTokens.expiresAt,
      revokedAt: apiTokens.revokedAt,
      ...signedInColumns,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .leftJoin(companyMembers, eq(companyMembers.userId, users.id))
    .leftJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(eq(apiTokens.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('resolve_api_token'),
);

// Who a personal API token acts as: its owner, with exactly the owner's permissions (the route's
// access policy is then checked as for a session). Refused with a sentence when the platform's API
// access is off (403), the token is unknown, revoked or expired (401), or its owner or their company is suspended (403).
export async function resolveApiToken({
  db,
  token,
  apiAccess,
  now = new Date(),
}: {
  db: Database;
  token: string;
  apiAccess: boolean;
  now?: Date;
}): Promise<AuthContext> {
  if (!apiAccess) throw new AppError('forbidden', apiTokenTexts.accessOff);
  const [row] = token ? await tokenByHash(db).execute({ tokenHash: hashToken(token) }) : [];
  if (!row) throw new AppError('unauthenticated', apiTokenTexts.unknown);
  if (row.revokedAt) throw new AppError('unauthenticated', apiTokenTexts.revoked);
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) {
    throw new AppError('unauthenticated', apiTokenTexts.expired);
  }
  if (isSuspended(row)) throw new AppError('forbidden', apiTokenTexts.suspended);
  // Administrators work with a second factor, which a bearer token would skip: none of theirs is honoured.
  if (row.role === 'admin') throw new AppError('forbidden', apiTokenTexts.notForAdministrators);
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    await db.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.id, row.tokenId));
  }
  // A token is not a session: its id stands in, so "sign out other sessions" keeps every session.
  return authContextOf(row.tokenId, row, 'api_token');
}
