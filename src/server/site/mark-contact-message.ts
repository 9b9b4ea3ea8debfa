import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { contactMessages } from '../db/schema';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';

// Marks a message handled (or open again), recording who did it.
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
}) {
  const [updated] = await db
    .update(contactMessages)
    .set({ handledAt: handled ? new Date() : null, handledById: handled ? actorId : null })
    .where(eq(contactMessages.id, id))
    .returning({ id: contactMessages.id, handledAt: contactMessages.handledAt });
  if (!updated) throw new AppError('not_found', 'This message does not exist.');
  await recordAuditEvent({
    db,
    event: {
      actorId,
      action: handled ? 'contact_message.handled' : 'contact_message.reopened',
      targetType: 'contact_message',
      targetId: id,
      ipAddress,
    },
  });
  return { id: updated.id, handled_at: updated.handledAt?.toISOString() ?? null };
}
