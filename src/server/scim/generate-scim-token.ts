import { eq } from 'drizzle-orm';
import { type GeneratedScimToken, SCIM_TOKEN_PREFIX } from '~/shared/scim';
import type { Database } from '../db/client';
import { companyIdentitySettings } from '../db/schema';
import { recordAuditEvent } from '../platform/record-audit-event';
import { generateToken, hashToken } from '../platform/secure-tokens';

// "tds_" and eight characters of the random part: enough to recognise the token in the identity provider.
const SHOWN_PREFIX_LENGTH = SCIM_TOKEN_PREFIX.length + 8;

// A new SCIM token for the company's identity provider. It replaces the one before at once (a company has one; the
// old one is refused from the next request), only its SHA-256 is kept, so the answer is the one time anyone sees it.
export async function generateScimToken({
  db,
  companyId,
  actorId,
  ipAddress,
  now = new Date(),
}: {
  db: Database;
  companyId: string;
  actorId: string;
  ipAddress?: string;
  now?: Date;
}): Promise<GeneratedScimToken> {
  const token = `${SCIM_TOKEN_PREFIX}${generateToken()}`;
  const prefix = token.slice(0, SHOWN_PREFIX_LENGTH);
  const kept = { scimTokenHash: hashToken(token), scimTokenPrefix: prefix, scimTokenCreatedAt: now, updatedAt: now };
  return db.transaction(async (transaction) => {
    const [previous] = await transaction
      .select({ prefix: companyIdentitySettings.scimTokenPrefix })
      .from(companyIdentitySettings)
      .where(eq(companyIdentitySettings.companyId, companyId))
      .for('update');
    await transaction
      .insert(companyIdentitySettings)
      .values({ companyId, ...kept })
      .onConflictDoUpdate({ target: companyIdentitySettings.companyId, set: kept });
    await recordAuditEvent({
      db: transaction,
      event: {
        actorId,
        action: 'scim.token_generated',
        targetType: 'company',
        targetId: companyId,
        details: { token_prefix: prefix, replaced_prefix: previous?.prefix ?? null },
        ipAddress,
      },
    });
    return { token, prefix, created_at: now.toISOString() };
  });
}
