import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type AgreementTemplate, agreementTexts, type updateAgreementTemplateSchema } from '~/shared/agreements';
import { agreementTemplates, agreementTemplateVersions } from '../db/schema';
import { type CompanyActor, findCompanyTemplate } from '../kernels/agreements/agreement-template-records';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';

// A template's next version: the versions before stay as they were, for the agreements made from them. The
// template's row is locked, so two people saving at once make two versions one after the other; a save that
// changes nothing makes none.
export async function updateAgreementTemplate({
  db,
  companyId,
  actorId,
  ipAddress,
  id,
  input,
  now = new Date(),
}: CompanyActor & {
  id: string;
  input: z.output<typeof updateAgreementTemplateSchema>;
  now?: Date;
}): Promise<AgreementTemplate> {
  await db.transaction(async (tx) => {
    const [template] = await tx
      .select({ version: agreementTemplates.currentVersion })
      .from(agreementTemplates)
      .where(
        and(
          eq(agreementTemplates.id, id),
          eq(agreementTemplates.companyId, companyId),
          isNull(agreementTemplates.archivedAt),
        ),
      )
      .for('update');
    if (!template) throw new AppError('not_found', agreementTexts.notFound);
    const [current] = await tx
      .select({ name: agreementTemplateVersions.name, body: agreementTemplateVersions.body })
      .from(agreementTemplateVersions)
      .where(
        and(eq(agreementTemplateVersions.templateId, id), eq(agreementTemplateVersions.version, template.version)),
      );
    if (current?.name === input.name && current.body === input.body) return;
    const version = template.version + 1;
    await tx
      .insert(agreementTemplateVersions)
      .values({ templateId: id, version, name: input.name, body: input.body, createdById: actorId, createdAt: now });
    await tx
      .update(agreementTemplates)
      .set({ currentVersion: sql`${version}` })
      .where(eq(agreementTemplates.id, id));
    await recordAuditEvent({
      db: tx,
      event: {
        actorId,
        action: 'agreement_template.updated',
        targetType: 'agreement_template',
        targetId: id,
        details: { company_id: companyId, name: input.name, before: { version: template.version }, after: { version } },
        ipAddress,
      },
    });
  });
  return findCompanyTemplate(db, companyId, id);
}
