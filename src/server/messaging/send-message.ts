import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { type Message, messagesHrefOf, messagingTexts } from '~/shared/messaging';
import type { Role } from '~/shared/permissions';
import type { Database } from '../db/client';
import { applications, conversationMembers, conversations, messages, notifications } from '../db/schema';
import { companyRecipients } from '../kernels/notices/company-recipients';
import {
  audienceOf,
  type ConversationRow,
  findReadableConversation,
  type Viewer,
} from '../kernels/notices/conversation-access';
import { notify } from '../kernels/notices/notify';
import { AppError, isUniqueViolation } from '../platform/errors';
import type { LiveHub } from '../platform/live-hub';
import { claimPendingAttachment, type PendingAttachment, readAttachmentId } from './message-attachments';
import { selectMessages, toMessage } from './message-views';

const NOTIFICATION_PREVIEW_LENGTH = 140;

async function findSentMessage(db: Database, conversationId: string, senderId: string, clientId: string) {
  const [row] = await selectMessages(
    db,
    and(eq(messages.conversationId, conversationId), eq(messages.senderId, senderId), eq(messages.clientId, clientId)),
    { order: 'asc', limit: 1 },
  );
  return row ? toMessage(row) : null;
}

function previewOf(body: string, attachment: PendingAttachment | null): string {
  if (!body) return `Sent a file: ${attachment?.name ?? ''}`;
  return body.length > NOTIFICATION_PREVIEW_LENGTH ? `${body.slice(0, NOTIFICATION_PREVIEW_LENGTH - 1)}…` : body;
}

// Stores a message, then tells everyone the conversation is open to. The message is committed before the
// sender hears back, so an acknowledged message is never lost; a retry with the same client id returns the
// stored message and stores nothing. Each message takes the conversation's next seq under its row lock.
export async function sendMessage({
  db,
  live,
  logger,
  secret,
  viewer,
  conversationId,
  clientId,
  body,
  attachmentId,
  now = new Date(),
}: {
  db: Database;
  live: LiveHub;
  logger: Pick<Logger, 'warn'>;
  secret: string;
  viewer: Viewer;
  conversationId: string;
  clientId: string;
  body: string;
  attachmentId?: string;
  now?: Date;
}): Promise<{ message: Message; isNew: boolean }> {
  const conversation = await findReadableConversation({ db, viewer, conversationId });
  const sent = await findSentMessage(db, conversationId, viewer.userId, clientId);
  if (sent) return { message: sent, isNew: false };
  if (!body && !attachmentId)
    throw new AppError('validation', messagingTexts.bodyRequired, { body: messagingTexts.bodyRequired });

  const audience = await audienceOf(db, conversation);
  const recipients = audience.filter((person) => person.id !== viewer.userId);
  const online = await live.onlineAmong(recipients.map((person) => person.id));
  const away = await thoseToNotify(
    db,
    conversation,
    recipients.filter((person) => !online.has(person.id)),
  );

  const attachment = attachmentId
    ? readAttachmentId({ secret, attachmentId, conversationId, senderId: viewer.userId, now: now.getTime() })
    : null;

  let message: Message;
  try {
    message = await db.transaction(async (tx) => {
      if (attachment) await claimPendingAttachment(tx, attachment, now);
      const [counter] = await tx
        .update(conversations)
        .set({ lastSeq: sql`${conversations.lastSeq} + 1`, lastMessageAt: now })
        .where(eq(conversations.id, conversationId))
        .returning({ seq: conversations.lastSeq });
      const seq = counter?.seq ?? 0;
      const [row] = await tx
        .insert(messages)
        .values({
          conversationId,
          seq,
          senderId: viewer.userId,
          clientId,
          body,
          attachmentName: attachment?.name ?? null,
          attachmentFileId: attachment?.fileId ?? null,
          attachmentContentType: attachment?.contentType ?? null,
          attachmentSize: attachment?.size ?? null,
          createdAt: now,
        })
        .returning();
      if (!row) throw new Error('The message was not stored.');
      // Writing in a conversation is reading it up to one's own message.
      await tx
        .insert(conversationMembers)
        .values({ conversationId, userId: viewer.userId, lastReadSeq: seq, lastReadAt: now })
        .onConflictDoUpdate({
          target: [conversationMembers.conversationId, conversationMembers.userId],
          set: {
            lastReadSeq: sql`greatest(${conversationMembers.lastReadSeq}, excluded.last_read_seq)`,
            lastReadAt: now,
          },
        });
      await notifyThoseAway(tx, { away, conversationId, viewer, preview: previewOf(body, attachment) });
      return toMessage({ ...row, senderName: viewer.name });
    });
  } catch (error) {
    // The same send raced itself (a double click, a retry): the first one stored it.
    if (isUniqueViolation(error, ['messages_sender_client_unique'])) {
      const stored = await findSentMessage(db, conversationId, viewer.userId, clientId);
      if (stored) return { message: stored, isNew: false };
    }
    throw error;
  }

  // Delivered after the commit: a client that hears of a message can always fetch it.
  await live
    .send(
      audience.map((person) => person.id),
      { type: 'message.created', conversation_id: conversationId, seq: message.seq, message },
    )
    .catch((error) => logger.warn({ err: error, conversationId }, 'message delivery failed; clients catch up'));
  return { message, isNew: true };
}

// Of the company's people a conversation is open to, those who may answer in it hear of a message while away
// (a Viewer reads it, and is not told); about an application, the job's hiring team. Everyone else in it is.
async function thoseToNotify<Person extends { id: string; role: Role }>(
  db: Database,
  conversation: ConversationRow,
  people: Person[],
): Promise<Person[]> {
  const { companyId } = conversation;
  if (!companyId || !people.some((person) => person.role === 'company')) return people;
  const [application] = conversation.applicationId
    ? await db
        .select({ jobId: applications.jobId })
        .from(applications)
        .where(eq(applications.id, conversation.applicationId))
    : [];
  const allowed = new Set(
    await companyRecipients({ db, companyId, permission: 'update:conversation:member', jobId: application?.jobId }),
  );
  return people.filter((person) => person.role !== 'company' || allowed.has(person.id));
}

// "Messages while away": one unread notification per conversation per person, however many messages come.
async function notifyThoseAway(
  db: Database,
  {
    away,
    conversationId,
    viewer,
    preview,
  }: { away: { id: string; role: Role }[]; conversationId: string; viewer: Viewer; preview: string },
) {
  if (away.length === 0) return;
  const linkOf = new Map(away.map((person) => [person.id, messagesHrefOf(person.role, conversationId)]));
  const pending = await db
    .select({ userId: notifications.userId, link: notifications.link })
    .from(notifications)
    .where(
      and(
        inArray(
          notifications.userId,
          away.map((person) => person.id),
        ),
        eq(notifications.type, 'message_received'),
        isNull(notifications.readAt),
        inArray(notifications.link, [...new Set(linkOf.values())]),
      ),
    );
  const alreadyTold = new Set(pending.filter((row) => linkOf.get(row.userId) === row.link).map((row) => row.userId));
  await notify({
    db,
    items: away
      .filter((person) => !alreadyTold.has(person.id))
      .map((person) => ({
        userId: person.id,
        type: 'message_received' as const,
        title: `New message from ${viewer.name}`,
        body: preview,
        link: linkOf.get(person.id),
      })),
  });
}
