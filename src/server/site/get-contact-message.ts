import { asc, eq } from 'drizzle-orm';
import { type ContactMessageDetail, contactInboxTexts } from '~/shared/contact';
import type { Database } from '../db/client';
import { contactMessageReplies, contactMessages, users } from '../db/schema';
import { isAnonymizedEmail } from '../kernels/identity/anonymize-account';
import { AppError } from '../platform/errors';
import { selectContactMessageItems } from './find-contact-messages';

// One message of the contact inbox and the replies sent to it, oldest first.
export async function getContactMessage({ db, id }: { db: Database; id: string }): Promise<ContactMessageDetail> {
  const [[message], replies] = await Promise.all([
    selectContactMessageItems(db, eq(contactMessages.id, id)),
    db
      .select({
        id: contactMessageReplies.id,
        body: contactMessageReplies.body,
        sentById: contactMessageReplies.sentById,
        senderName: users.name,
        createdAt: contactMessageReplies.createdAt,
      })
      .from(contactMessageReplies)
      .leftJoin(users, eq(users.id, contactMessageReplies.sentById))
      .where(eq(contactMessageReplies.contactMessageId, id))
      .orderBy(asc(contactMessageReplies.createdAt), asc(contactMessageReplies.id)),
  ]);
  if (!message) throw new AppError('not_found', contactInboxTexts.notFound);
  return {
    ...message,
    can_reply: !isAnonymizedEmail(message.email),
    replies: replies.map((reply) => ({
      id: reply.id,
      body: reply.body,
      sent_by: reply.sentById && reply.senderName ? { id: reply.sentById, name: reply.senderName } : null,
      created_at: reply.createdAt.toISOString(),
    })),
  };
}
