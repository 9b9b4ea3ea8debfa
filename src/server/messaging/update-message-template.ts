import { and, eq } from 'drizzle-orm';
import { type MessageTemplate, messageTemplateTexts } from '~/shared/message-templates';
import { messageTemplates } from '../db/schema';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import { type CompanyActor, findTemplate, type TemplateInput } from './manage-message-templates';

export async function updateMessageTemplate({
  db,
  companyId,
  actorId,
  ipAddress,
  id,
  input,
  now = new Date(),
}: CompanyActor & { id: string; input: TemplateInput; now?: Date }): Promise<MessageTemplate> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(messageTemplates)
      .set({ name: input.name, body: input.body, updatedAt: now })
      .where(and(eq(messageTemplates.id, id), eq(messageTemplates.companyId, companyId)))
      .returning({ id: messageTemplates.id });
    if (!row) throw new AppError('not_found', messageTemplateTexts.notFound);
    await recordAuditEvent({
      db: tx,
      event: {
        actorId,
        action: 'message_template.updated',
        targetType: 'message_template',
        targetId: id,
        details: { name: input.name, company_id: companyId },
        ipAddress,
      },
    });
  });
  return findTemplate(db, companyId, id);
}
