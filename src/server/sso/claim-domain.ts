import { randomInt } from 'node:crypto';
import { and, eq, isNotNull, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { type claimDomainSchema, DOMAIN_CODE_MINUTES, type IdentitySettings, ssoTexts } from '~/shared/sso';
import type { Database } from '../db/client';
import { companies, companyIdentitySettings } from '../db/schema';
import { findIdentityRow } from '../kernels/identity/company-identity';
import type { Mailer } from '../mail/mailer';
import { domainConfirmationEmail } from '../mail/templates/domain-confirmation';
import { validationError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import { hashToken } from '../platform/secure-tokens';
import { identitySettingsView } from './identity-settings';

// Names the company's email domain and sends a six-digit code to an address at it: whoever can read that
// address confirms the domain is the company's. A new domain starts unverified, and single sign-on stops
// being required until it is verified again.
export async function claimDomain({
  db,
  mailer,
  publicUrl,
  companyId,
  actorId,
  actorName,
  ipAddress,
  input,
  now = new Date(),
}: {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  companyId: string;
  actorId: string;
  actorName: string;
  ipAddress?: string;
  input: z.output<typeof claimDomainSchema>;
  now?: Date;
}): Promise<IdentitySettings> {
  if (!input.email.endsWith(`@${input.domain}`)) throw validationError({ email: ssoTexts.emailNotAtDomain });
  return db.transaction(async (transaction) => {
    const [taken] = await transaction
      .select({ companyId: companyIdentitySettings.companyId })
      .from(companyIdentitySettings)
      .where(
        and(
          eq(companyIdentitySettings.domain, input.domain),
          isNotNull(companyIdentitySettings.domainVerifiedAt),
          ne(companyIdentitySettings.companyId, companyId),
        ),
      );
    if (taken) throw validationError({ domain: ssoTexts.domainTaken });
    const before = await findIdentityRow(transaction, companyId);
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const sameDomain = before?.domain === input.domain;
    const confirmation = {
      domain: input.domain,
      domainConfirmationEmail: input.email,
      domainConfirmationTokenHash: hashToken(code),
      domainConfirmationExpiresAt: new Date(now.getTime() + DOMAIN_CODE_MINUTES * 60_000),
      ...(!sameDomain && { domainVerifiedAt: null, requireSso: false }),
      updatedAt: now,
    };
    const [row] = await transaction
      .insert(companyIdentitySettings)
      .values({ companyId, ...confirmation })
      .onConflictDoUpdate({ target: companyIdentitySettings.companyId, set: confirmation })
      .returning();
    const [company] = await transaction
      .select({ name: companies.name })
      .from(companies)
      .where(eq(companies.id, companyId));
    await mailer.send(
      input.email,
      domainConfirmationEmail({
        code,
        domain: input.domain,
        companyName: company?.name ?? '',
        requestedBy: actorName,
        minutes: DOMAIN_CODE_MINUTES,
      }),
      { transaction },
    );
    await recordAuditEvent({
      db: transaction,
      event: {
        actorId,
        action: 'sso.domain_code_sent',
        targetType: 'company',
        targetId: companyId,
        details: { domain: input.domain, email: input.email },
        ipAddress,
      },
    });
    return identitySettingsView(row, { publicUrl, companyId, now });
  });
}
