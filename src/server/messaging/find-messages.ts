import { and, eq, gt, lt } from 'drizzle-orm';
import { type MessageList, messagingTexts } from '~/shared/messaging';
import type { Database } from '../db/client';
import { messages } from '../db/schema';
import { findReadableConversation, type Viewer } from '../kernels/notices/conversation-access';
import { AppError } from '../platform/errors';
import { selectMessages, toMessage } from './message-views';

// A page of a conversation's messages in ascending seq: the latest ones, the ones before a seq (scrolling
// back), or the ones after a seq (catching up from the cursor a client holds).
export async function findMessages({
  db,
  viewer,
  conversationId,
  beforeSeq,
  afterSeq,
  limit,
}: {
  db: Database;
  viewer: Viewer;
  conversationId: string;
  beforeSeq?: number;
  afterSeq?: number;
  limit: number;
}): Promise<MessageList> {
  if (beforeSeq !== undefined && afterSeq !== undefined)
    throw new AppError('validation', messagingTexts.cursorConflict);
  await findReadableConversation({ db, viewer, conversationId });
  const inConversation = eq(messages.conversationId, conversationId);
  if (afterSeq !== undefined) {
    const rows = await selectMessages(db, and(inConversation, gt(messages.seq, afterSeq)), {
      order: 'asc',
      limit: limit + 1,
    });
    return { items: rows.slice(0, limit).map(toMessage), has_more: rows.length > limit };
  }
  const where = beforeSeq === undefined ? inConversation : and(inConversation, lt(messages.seq, beforeSeq));
  const rows = await selectMessages(db, where, { order: 'desc', limit: limit + 1 });
  return { items: rows.slice(0, limit).reverse().map(toMessage), has_more: rows.length > limit };
}
