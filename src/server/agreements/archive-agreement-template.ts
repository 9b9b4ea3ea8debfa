import { and, eq, isNull } from 'drizzle-orm';
import { agreementTexts } from '~/shared/agreements';
import { agreementTemplates } from '../db/schema';
import type { CompanyActor } from '../kernels/agreements/agreement-template-records';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';

// A template offered no more: kept, with its versions, for the agreements made from it.
export async function archiveAgreementTemplate({
  db,
  companyId,
  actorId,
  ipAddress,
  id,
  now = new Date(),
}: CompanyActor & { id: string; now?: Date }): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(agreementTemplates)
      .set({ archivedAt: now })
      .where(
        and(
          eq(agreementTemplates.id, id),
          eq(agreementTemplates.companyId, companyId),
          isNull(agreementTemplates.archivedAt),
        ),
      )
      .returning({ kind: agreementTemplates.kind });
    if (!row) throw new AppError('not_found', agreementTexts.notFound);
    await recordAuditEvent({
      db: tx,
      event: {
        actorId,
        action: 'agreement_template.archived',
        targetType: 'agreement_template',
        targetId: id,
        details: { company_id: companyId, kind: row.kind },
        ipAddress,
      },
    });
  });
}
