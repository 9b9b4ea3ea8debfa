import { eq } from 'drizzle-orm';
import type { ScimTokenState } from '~/shared/scim';
import type { Database } from '../db/client';
import { companyIdentitySettings } from '../db/schema';

// Whether the company has a SCIM token, with its first characters and when it was made; null when it has none.
// The token itself was shown once, when made, and is not kept.
export async function findScimToken({
  db,
  companyId,
}: {
  db: Database;
  companyId: string;
}): Promise<ScimTokenState | null> {
  const [row] = await db
    .select({ prefix: companyIdentitySettings.scimTokenPrefix, createdAt: companyIdentitySettings.scimTokenCreatedAt })
    .from(companyIdentitySettings)
    .where(eq(companyIdentitySettings.companyId, companyId));
  if (!row?.prefix || !row.createdAt) return null;
  return { prefix: row.prefix, created_at: row.createdAt.toISOString() };
}
