import { eq } from 'drizzle-orm';
import { type ContactMessageDetail, contactInboxTexts } from '~/shared/contact';
import type { Database } from '../db/client';
import { contactMessageReplies, contactMessages, users } from '../db/schema';
import { isAnonymizedEmail } from '../kernels/identity/anonymize-account';
import type { Mailer } from '../mail/mailer';
import { contactReplyEmail } from '../mail/templates/contact-reply';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import { getContactMessage } from './get-contact-message';

// The sender's time zone is unknown: the moment they wrote, in UTC, said so.
const sentAtFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });

// An administrator answers a contact message by email. The reply is kept with the message, the email
// (the reply above the message it answers, Reply-To the administrator) joins the outbox, and a message
// not yet handled becomes handled by them: one transaction, so no reply is recorded that was not sent,
// nor sent that was not recorded (decision 012).
export async function replyToContactMessage({
  db,
  mailer,
  id,
  body,
  actorId,
  ipAddress,
}: {
  db: Database;
  mailer: Mailer;
  id: string;
  body: string;
  actorId: string;
  ipAddress?: string;
}): Promise<ContactMessageDetail> {
  await db.transaction(async (tx) => {
    const [message] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id)).for('update');
    if (!message) throw new AppError('not_found', contactInboxTexts.notFound);
    if (isAnonymizedEmail(message.email)) throw new AppError('conflict', contactInboxTexts.senderRemoved);
    const [administrator] = await tx
      .select({ name: users.name, email: users.email })
      .from(users)
      .where(eq(users.id, actorId));
    if (!administrator) throw new AppError('unauthenticated', 'Please sign in again.');

    const [reply] = await tx
      .insert(contactMessageReplies)
      .values({ contactMessageId: id, body, sentById: actorId })
      .returning({ id: contactMessageReplies.id });
    const marksHandled = message.handledAt === null;
    if (marksHandled) {
      await tx
        .update(contactMessages)
        .set({ handledAt: new Date(), handledById: actorId })
        .where(eq(contactMessages.id, id));
    }
    await mailer.send(
      message.email,
      contactReplyEmail({
        reply: body,
        adminName: administrator.name,
        subject: message.subject,
        senderName: message.name,
        message: message.message,
        sentAt: `${sentAtFormat.format(message.createdAt)} UTC`,
      }),
      { transaction: tx, replyTo: administrator.email },
    );
    await recordAuditEvent({
      db: tx,
      event: {
        actorId,
        action: 'contact_message.replied',
        targetType: 'contact_message',
        targetId: id,
        // Not the words: the audit log keeps who did what, the message keeps what was said.
        details: { reply_id: reply?.id, marked_handled: marksHandled },
        ipAddress,
      },
    });
  });
  return getContactMessage({ db, id });
}
