import { eq } from 'drizzle-orm';
import { type ContactMessageDetail, contactInboxTexts } from '~/shared/contact';
import type { Database } from '../db/client';
import { contactMessages } from '../db/schema';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import { getContactMessage } from './get-contact-message';

// Marks a message handled (or open again), recording who did it. A message already so is left as it
// is, with no audit row: two administrators clicking at once make one change.
export async function markContactMessage({
  db,
  id,
  handled,
  actorId,
  ipAddress,
}: {
  db: Database;
  id: string;
  handled: boolean;
  actorId: string;
  ipAddress?: string;
}): Promise<ContactMessageDetail> {
  await db.transaction(async (tx) => {
    const [message] = await tx
      .select({ handledAt: contactMessages.handledAt })
      .from(contactMessages)
      .where(eq(contactMessages.id, id))
      .for('update');
    if (!message) throw new AppError('not_found', contactInboxTexts.notFound);
    if ((message.handledAt !== null) === handled) return;
    await tx
      .update(contactMessages)
      .set({ handledAt: handled ? new Date() : null, handledById: handled ? actorId : null })
      .where(eq(contactMessages.id, id));
    await recordAuditEvent({
      db: tx,
      event: {
        actorId,
        action: handled ? 'contact_message.handled' : 'contact_message.reopened',
        targetType: 'contact_message',
        targetId: id,
        ipAddress,
      },
    });
  });
  return getContactMessage({ db, id });
}
