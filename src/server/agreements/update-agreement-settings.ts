import type { AgreementSettings } from '~/shared/agreements';
import type { Database } from '../db/client';
import { agreementSettings } from '../db/schema';
import { findAgreementSettings } from '../kernels/agreements/agreement-settings';
import { resolveAgreementTemplates } from '../kernels/agreements/send-offer-agreements';
import { recordAuditEvent } from '../platform/record-audit-event';

export async function updateAgreementSettings({
  db,
  companyId,
  actorId,
  ipAddress,
  input,
  now = new Date(),
}: {
  db: Database;
  companyId: string;
  actorId: string;
  ipAddress?: string;
  input: AgreementSettings;
  now?: Date;
}): Promise<AgreementSettings> {
  await db.transaction(async (tx) => {
    // Each default must be a template the company can send (its own archived ones are refused).
    await resolveAgreementTemplates(tx, companyId, input.default_templates, 'default_templates');
    const values = {
      defaultTemplates: [...new Set(input.default_templates)],
      countersign: input.countersign,
      workWaitsForSignatures: input.work_waits_for_signatures,
      governingLaw: input.governing_law,
      noticePeriod: input.notice_period,
      updatedAt: now,
    };
    await tx
      .insert(agreementSettings)
      .values({ companyId, ...values })
      .onConflictDoUpdate({ target: agreementSettings.companyId, set: values });
    await recordAuditEvent({
      db: tx,
      event: {
        actorId,
        action: 'agreement_settings.updated',
        targetType: 'company',
        targetId: companyId,
        details: { ...input },
        ipAddress,
      },
    });
  });
  return findAgreementSettings(db, companyId);
}
