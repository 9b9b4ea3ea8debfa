import { and, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { companyIdentitySettings } from '../../db/schema';

// A company's sign-in settings (issue 58), as Settings → Security keeps them (sso/) and sign-in reads them
// (auth/sso/).
export type IdentityRow = typeof companyIdentitySettings.$inferSelect;

// Where the identity provider reaches Tandem, for the company's IT team and for Tandem's own requests.
export function serviceProviderOf(publicUrl: string, companyId: string) {
  return {
    saml_entity_id: `${publicUrl}/sso/${companyId}`,
    saml_acs_url: `${publicUrl}/auth/sso/saml/acs`,
    saml_metadata_url: `${publicUrl}/api/auth/sso/saml/${companyId}/metadata`,
    oidc_redirect_uri: `${publicUrl}/api/auth/sso/oidc/callback`,
    scim_base_url: `${publicUrl}/scim/v2`,
  };
}

// The OIDC client secret is sealed for its company: a sealed secret copied to another company's row does not open.
export const oidcSecretBinding = (companyId: string) => `company_identity_settings:${companyId}:oidc_client_secret`;

export async function findIdentityRow(db: Database, companyId: string): Promise<IdentityRow | undefined> {
  const [row] = await db.select().from(companyIdentitySettings).where(eq(companyIdentitySettings.companyId, companyId));
  return row;
}

// The company whose verified domain an address is at, when it has an identity provider set up.
export async function ssoCompanyForEmail(db: Database, email: string): Promise<IdentityRow | undefined> {
  const domain = email.split('@')[1]?.toLowerCase();
  if (!domain) return undefined;
  const [row] = await db
    .select()
    .from(companyIdentitySettings)
    .where(
      and(
        eq(companyIdentitySettings.domain, domain),
        isNotNull(companyIdentitySettings.domainVerifiedAt),
        isNotNull(companyIdentitySettings.ssoProtocol),
      ),
    );
  return row;
}
