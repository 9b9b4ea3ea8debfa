import type { z } from 'zod';
import type { AgreementTemplate, createAgreementTemplateSchema } from '~/shared/agreements';
import { agreementTemplates, agreementTemplateVersions } from '../db/schema';
import { type CompanyActor, findCompanyTemplate } from '../kernels/agreements/agreement-template-records';
import { recordAuditEvent } from '../platform/record-audit-event';

// A company's new template: its kind, and its first version.
export async function createAgreementTemplate({
  db,
  companyId,
  actorId,
  ipAddress,
  input,
  now = new Date(),
}: CompanyActor & { input: z.output<typeof createAgreementTemplateSchema>; now?: Date }): Promise<AgreementTemplate> {
  const id = await db.transaction(async (tx) => {
    const [template] = await tx
      .insert(agreementTemplates)
      .values({ companyId, kind: input.kind, currentVersion: 1, createdAt: now })
      .returning({ id: agreementTemplates.id });
    if (!template) throw new Error('The agreement template was not stored.');
    await tx.insert(agreementTemplateVersions).values({
      templateId: template.id,
      version: 1,
      name: input.name,
      body: input.body,
      createdById: actorId,
      createdAt: now,
    });
    await recordAuditEvent({
      db: tx,
      event: {
        actorId,
        action: 'agreement_template.created',
        targetType: 'agreement_template',
        targetId: template.id,
        details: { company_id: companyId, kind: input.kind, name: input.name, version: 1 },
        ipAddress,
      },
    });
    return template.id;
  });
  return findCompanyTemplate(db, companyId, id);
}
