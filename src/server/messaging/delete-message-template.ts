import { and, eq } from 'drizzle-orm';
import { messageTemplateTexts } from '~/shared/message-templates';
import { messageTemplates } from '../db/schema';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import type { CompanyActor } from './manage-message-templates';

export async function deleteMessageTemplate({ db, companyId, actorId, ipAddress, id }: CompanyActor & { id: string }) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(messageTemplates)
      .where(and(eq(messageTemplates.id, id), eq(messageTemplates.companyId, companyId)))
      .returning({ id: messageTemplates.id, name: messageTemplates.name });
    if (!row) throw new AppError('not_found', messageTemplateTexts.notFound);
    await recordAuditEvent({
      db: tx,
      event: {
        actorId,
        action: 'message_template.deleted',
        targetType: 'message_template',
        targetId: id,
        details: { name: row.name, company_id: companyId },
        ipAddress,
      },
    });
  });
}
