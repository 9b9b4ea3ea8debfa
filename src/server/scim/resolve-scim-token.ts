import { eq } from 'drizzle-orm';
import { isScimGroupRole, type ScimGroupRole, scimTexts } from '~/shared/scim';
import type { Database } from '../db/client';
import { companies, companyIdentitySettings } from '../db/schema';
import { hashToken } from '../platform/secure-tokens';
import { ScimRefusal } from './scim-errors';

const BEARER_PATTERN = /^Bearer\s+(\S+)\s*$/i;

// The company a SCIM request acts for, and the role its new members get.
export interface ScimCaller {
  companyId: string;
  defaultRole: ScimGroupRole;
}

// Who a SCIM request is, by its `Authorization: Bearer` token: the company whose token's SHA-256 it is (only the
// hash is kept). Refused with 401 when there is no token or it is not one (replaced tokens stop at once), 403
// while the company is suspended.
export async function resolveScimToken({
  db,
  authorization,
}: {
  db: Database;
  authorization: string | undefined;
}): Promise<ScimCaller> {
  const token = authorization ? BEARER_PATTERN.exec(authorization)?.[1] : undefined;
  if (!token) throw new ScimRefusal('unauthenticated', scimTexts.tokenMissing);
  const [row] = await db
    .select({
      companyId: companyIdentitySettings.companyId,
      defaultRole: companyIdentitySettings.defaultRole,
      companyStatus: companies.status,
      deletedAt: companies.deletedAt,
    })
    .from(companyIdentitySettings)
    .innerJoin(companies, eq(companies.id, companyIdentitySettings.companyId))
    .where(eq(companyIdentitySettings.scimTokenHash, hashToken(token)))
    .limit(1);
  if (!row) throw new ScimRefusal('unauthenticated', scimTexts.tokenUnknown);
  if (row.companyStatus !== 'active' || row.deletedAt) throw new ScimRefusal('forbidden', scimTexts.companySuspended);
  // Provisioning never makes an Owner, whatever the column holds.
  return { companyId: row.companyId, defaultRole: isScimGroupRole(row.defaultRole) ? row.defaultRole : 'viewer' };
}
