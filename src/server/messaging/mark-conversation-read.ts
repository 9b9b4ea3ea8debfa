import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { messagesHrefOf, type ReadState } from '~/shared/messaging';
import type { Database } from '../db/client';
import { conversationMembers, notifications } from '../db/schema';
import { audienceOf, findReadableConversation, type Viewer } from '../kernels/notices/conversation-access';
import { countUnreadNotifications } from '../kernels/notices/notification-views';
import type { LiveHub } from '../platform/live-hub';

// Moves the viewer's read cursor forward (never back, never past the last message) and tells the
// conversation, whose other side shows "Seen" and whose other tabs drop the unread count.
export async function markConversationRead({
  db,
  live,
  logger,
  viewer,
  conversationId,
  seq,
  now = new Date(),
}: {
  db: Database;
  live: LiveHub;
  logger: Pick<Logger, 'warn'>;
  viewer: Viewer;
  conversationId: string;
  seq: number;
  now?: Date;
}): Promise<ReadState> {
  const conversation = await findReadableConversation({ db, viewer, conversationId });
  const target = Math.min(seq, conversation.lastSeq);
  const [moved] = await db
    .insert(conversationMembers)
    .values({ conversationId, userId: viewer.userId, lastReadSeq: target, lastReadAt: now })
    .onConflictDoUpdate({
      target: [conversationMembers.conversationId, conversationMembers.userId],
      set: { lastReadSeq: sql`excluded.last_read_seq`, lastReadAt: now },
      setWhere: lt(conversationMembers.lastReadSeq, target),
    })
    .returning({ lastReadSeq: conversationMembers.lastReadSeq });
  if (!moved) {
    const [current] = await db
      .select({ lastReadSeq: conversationMembers.lastReadSeq })
      .from(conversationMembers)
      .where(
        and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, viewer.userId)),
      );
    return { conversation_id: conversationId, last_read_seq: current?.lastReadSeq ?? target };
  }
  await clearMessageNotifications({ db, live, viewer, conversationId });
  const audience = await audienceOf(db, conversation);
  await live
    .send(
      audience.map((person) => person.id),
      {
        type: 'conversation.read',
        conversation_id: conversationId,
        user_id: viewer.userId,
        last_read_seq: moved.lastReadSeq,
      },
    )
    .catch((error) => logger.warn({ err: error, conversationId }, 'read receipt delivery failed'));
  return { conversation_id: conversationId, last_read_seq: moved.lastReadSeq };
}

// Having read the conversation, the person no longer needs the bell's "New message" for it.
async function clearMessageNotifications({
  db,
  live,
  viewer,
  conversationId,
}: {
  db: Database;
  live: LiveHub;
  viewer: Viewer;
  conversationId: string;
}) {
  const cleared = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.userId, viewer.userId),
        eq(notifications.type, 'message_received'),
        isNull(notifications.readAt),
        eq(notifications.link, messagesHrefOf(viewer.role, conversationId)),
      ),
    )
    .returning({ id: notifications.id });
  if (cleared.length === 0) return;
  const unread = await countUnreadNotifications({ db, userId: viewer.userId });
  await live.send([viewer.userId], { type: 'notifications.unread', unread_count: unread });
}
