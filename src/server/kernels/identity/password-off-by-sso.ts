import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { companyIdentitySettings, companyMembers } from '../../db/schema';

// "Require SSO" (issue 58): a member of a company that requires it, with an address at its verified domain, signs
// in through the identity provider only. The Owner keeps their password, so a broken provider never locks the
// company out of its own settings.
export async function isPasswordOffBySso(db: Database, user: { id: string; email: string; role: string }) {
  if (user.role !== 'company') return false;
  const [required] = await db
    .select({ companyId: companyIdentitySettings.companyId })
    .from(companyMembers)
    .innerJoin(companyIdentitySettings, eq(companyIdentitySettings.companyId, companyMembers.companyId))
    .where(
      and(
        eq(companyMembers.userId, user.id),
        ne(companyMembers.role, 'owner'),
        eq(companyIdentitySettings.requireSso, true),
        isNotNull(companyIdentitySettings.ssoProtocol),
        isNotNull(companyIdentitySettings.domainVerifiedAt),
        sql`lower(${user.email}) like '%@' || ${companyIdentitySettings.domain}`,
      ),
    );
  return Boolean(required);
}
