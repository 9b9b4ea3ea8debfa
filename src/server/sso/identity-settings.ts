import type { IdentitySettings } from '~/shared/sso';
import { type IdentityRow, serviceProviderOf } from '../kernels/identity/company-identity';

export function identitySettingsView(
  row: IdentityRow | undefined,
  { publicUrl, companyId, now = new Date() }: { publicUrl: string; companyId: string; now?: Date },
): IdentitySettings {
  const codeIsOut =
    row?.domainConfirmationExpiresAt &&
    row.domainConfirmationExpiresAt.getTime() > now.getTime() &&
    !row.domainVerifiedAt;
  return {
    domain: row?.domain ?? null,
    domain_verified: Boolean(row?.domainVerifiedAt),
    pending_confirmation_email: codeIsOut ? (row?.domainConfirmationEmail ?? null) : null,
    protocol: row?.ssoProtocol ?? null,
    saml_entry_point: row?.samlEntryPoint ?? '',
    saml_idp_issuer: row?.samlIdpIssuer ?? '',
    saml_certificate: row?.samlCertificate ?? '',
    oidc_issuer: row?.oidcIssuer ?? '',
    oidc_client_id: row?.oidcClientId ?? '',
    has_oidc_client_secret: Boolean(row?.oidcClientSecretSealed),
    require_sso: row?.requireSso ?? false,
    jit_provisioning: row?.jitProvisioning ?? true,
    default_role: row?.defaultRole === 'owner' || !row ? 'viewer' : row.defaultRole,
    service_provider: serviceProviderOf(publicUrl, companyId),
    scim_token:
      row?.scimTokenPrefix && row.scimTokenCreatedAt
        ? { prefix: row.scimTokenPrefix, created_at: row.scimTokenCreatedAt.toISOString() }
        : null,
  };
}
