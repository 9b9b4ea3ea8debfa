import { and, eq } from 'drizzle-orm';
import { type ContactMessageDetail, contactInboxTexts } from '~/shared/contact';
import type { Database } from '../db/client';
import { contactMessages, users } from '../db/schema';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import { getContactMessage } from './get-contact-message';

// Gives a message to an active administrator to answer, or to nobody (null).
export async function assignContactMessage({
  db,
  id,
  assigneeId,
  actorId,
  ipAddress,
}: {
  db: Database;
  id: string;
  assigneeId: string | null;
  actorId: string;
  ipAddress?: string;
}): Promise<ContactMessageDetail> {
  await db.transaction(async (tx) => {
    const [message] = await tx
      .select({ assignedToId: contactMessages.assignedToId })
      .from(contactMessages)
      .where(eq(contactMessages.id, id))
      .for('update');
    if (!message) throw new AppError('not_found', contactInboxTexts.notFound);
    if (assigneeId) {
      const [administrator] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, assigneeId), eq(users.role, 'admin'), eq(users.status, 'active')));
      if (!administrator) {
        throw new AppError('validation', contactInboxTexts.notAdministrator, {
          assignee_id: contactInboxTexts.notAdministrator,
        });
      }
    }
    if (message.assignedToId === assigneeId) return;
    await tx.update(contactMessages).set({ assignedToId: assigneeId }).where(eq(contactMessages.id, id));
    await recordAuditEvent({
      db: tx,
      event: {
        actorId,
        action: 'contact_message.assigned',
        targetType: 'contact_message',
        targetId: id,
        details: { before: { assignee_id: message.assignedToId }, after: { assignee_id: assigneeId } },
        ipAddress,
      },
    });
  });
  return getContactMessage({ db, id });
}
