import { X509Certificate } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { type IdentitySettings, ssoTexts, type updateSsoSchema } from '~/shared/sso';
import type { Database } from '../db/client';
import { companyIdentitySettings } from '../db/schema';
import { findIdentityRow, oidcSecretBinding } from '../kernels/identity/company-identity';
import { AppError, validationError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import type { TaxIdCipher } from '../platform/tax-id-cipher';
import { identitySettingsView } from './identity-settings';

function isCertificate(pem: string): boolean {
  try {
    new X509Certificate(pem);
    return true;
  } catch {
    return false;
  }
}

// The company's identity provider and how its people are admitted. Only for a verified domain; each protocol's
// fields are checked before anything is saved, so a half-configured provider never sends people to a dead end.
export async function updateSsoSettings({
  db,
  cipher,
  publicUrl,
  requireHttps,
  companyId,
  actorId,
  ipAddress,
  input,
  now = new Date(),
}: {
  db: Database;
  cipher: TaxIdCipher;
  publicUrl: string;
  // In production an identity provider is reached over https only.
  requireHttps: boolean;
  companyId: string;
  actorId: string;
  ipAddress?: string;
  input: z.output<typeof updateSsoSchema>;
  now?: Date;
}): Promise<IdentitySettings> {
  return db.transaction(async (transaction) => {
    const before = await findIdentityRow(transaction, companyId);
    if (!before?.domainVerifiedAt) throw new AppError('conflict', ssoTexts.verifyDomainFirst);
    const insecure = (url: string) => requireHttps && url !== '' && !url.startsWith('https://');
    if (input.protocol === 'saml') {
      if (!input.saml_entry_point || !input.saml_idp_issuer || !input.saml_certificate) {
        throw validationError({ saml_entry_point: ssoTexts.samlFieldsRequired });
      }
      if (insecure(input.saml_entry_point)) throw validationError({ saml_entry_point: ssoTexts.urlInvalid });
      if (!isCertificate(input.saml_certificate))
        throw validationError({ saml_certificate: ssoTexts.certificateInvalid });
    }
    if (input.protocol === 'oidc') {
      if (!input.oidc_issuer || !input.oidc_client_id)
        throw validationError({ oidc_issuer: ssoTexts.oidcFieldsRequired });
      if (insecure(input.oidc_issuer)) throw validationError({ oidc_issuer: ssoTexts.urlInvalid });
      if (!input.oidc_client_secret && !before.oidcClientSecretSealed) {
        throw validationError({ oidc_client_secret: ssoTexts.oidcSecretRequired });
      }
    }
    if (input.require_sso && !input.protocol) throw validationError({ require_sso: ssoTexts.requireSsoNeedsProvider });
    const [row] = await transaction
      .update(companyIdentitySettings)
      .set({
        ssoProtocol: input.protocol,
        samlEntryPoint: input.saml_entry_point || null,
        samlIdpIssuer: input.saml_idp_issuer || null,
        samlCertificate: input.saml_certificate || null,
        oidcIssuer: input.oidc_issuer.replace(/\/+$/, '') || null,
        oidcClientId: input.oidc_client_id || null,
        ...(input.oidc_client_secret && {
          oidcClientSecretSealed: cipher.seal(input.oidc_client_secret, oidcSecretBinding(companyId)),
        }),
        requireSso: input.require_sso,
        jitProvisioning: input.jit_provisioning,
        defaultRole: input.default_role,
        updatedAt: now,
      })
      .where(eq(companyIdentitySettings.companyId, companyId))
      .returning();
    await recordAuditEvent({
      db: transaction,
      event: {
        actorId,
        action: 'sso.settings_updated',
        targetType: 'company',
        targetId: companyId,
        details: {
          before: {
            protocol: before.ssoProtocol,
            require_sso: before.requireSso,
            jit: before.jitProvisioning,
            default_role: before.defaultRole,
          },
          after: {
            protocol: input.protocol,
            require_sso: input.require_sso,
            jit: input.jit_provisioning,
            default_role: input.default_role,
          },
          oidc_client_secret_changed: Boolean(input.oidc_client_secret),
        },
        ipAddress,
      },
    });
    return identitySettingsView(row, { publicUrl, companyId, now });
  });
}
