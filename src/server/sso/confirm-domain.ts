import { and, eq, isNotNull, ne } from 'drizzle-orm';
import { type IdentitySettings, ssoTexts } from '~/shared/sso';
import type { Database } from '../db/client';
import { companyIdentitySettings } from '../db/schema';
import { findIdentityRow } from '../kernels/identity/company-identity';
import { AppError, validationError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import { hashToken } from '../platform/secure-tokens';
import { identitySettingsView } from './identity-settings';

// The code from the email: the domain is the company's from now on (unless another company verified it first).
export async function confirmDomain({
  db,
  publicUrl,
  companyId,
  actorId,
  ipAddress,
  code,
  now = new Date(),
}: {
  db: Database;
  publicUrl: string;
  companyId: string;
  actorId: string;
  ipAddress?: string;
  code: string;
  now?: Date;
}): Promise<IdentitySettings> {
  return db.transaction(async (transaction) => {
    const row = await findIdentityRow(transaction, companyId);
    if (!row?.domain || !row.domainConfirmationTokenHash) throw new AppError('conflict', ssoTexts.noDomainToConfirm);
    const isCurrent = row.domainConfirmationExpiresAt && row.domainConfirmationExpiresAt.getTime() > now.getTime();
    if (!isCurrent || row.domainConfirmationTokenHash !== hashToken(code))
      throw validationError({ code: ssoTexts.codeInvalid });
    const [taken] = await transaction
      .select({ companyId: companyIdentitySettings.companyId })
      .from(companyIdentitySettings)
      .where(
        and(
          eq(companyIdentitySettings.domain, row.domain),
          isNotNull(companyIdentitySettings.domainVerifiedAt),
          ne(companyIdentitySettings.companyId, companyId),
        ),
      );
    if (taken) throw validationError({ code: ssoTexts.domainTaken });
    const [verified] = await transaction
      .update(companyIdentitySettings)
      .set({
        domainVerifiedAt: now,
        domainConfirmationTokenHash: null,
        domainConfirmationExpiresAt: null,
        updatedAt: now,
      })
      .where(eq(companyIdentitySettings.companyId, companyId))
      .returning();
    await recordAuditEvent({
      db: transaction,
      event: {
        actorId,
        action: 'sso.domain_verified',
        targetType: 'company',
        targetId: companyId,
        details: { domain: row.domain, email: row.domainConfirmationEmail },
        ipAddress,
      },
    });
    return identitySettingsView(verified, { publicUrl, companyId, now });
  });
}
