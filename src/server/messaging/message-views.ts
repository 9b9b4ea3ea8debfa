import { asc, desc, eq, getTableColumns, type SQL } from 'drizzle-orm';
import type { Message } from '~/shared/messaging';
import type { Database } from '../db/client';
import { messages, users } from '../db/schema';

const attachmentUrlOf = (conversationId: string, messageId: string) =>
  `/api/conversations/${conversationId}/attachments/${messageId}`;

type MessageRow = typeof messages.$inferSelect & { senderName: string | null };

export function toMessage(row: MessageRow): Message {
  return {
    id: row.id,
    conversation_id: row.conversationId,
    seq: row.seq,
    sender: row.senderId && row.senderName !== null ? { id: row.senderId, name: row.senderName } : null,
    client_id: row.clientId,
    body: row.body,
    attachment:
      row.attachmentFileId && row.attachmentName && row.attachmentContentType
        ? {
            id: row.id,
            name: row.attachmentName,
            content_type: row.attachmentContentType,
            size: row.attachmentSize ?? 0,
            url: attachmentUrlOf(row.conversationId, row.id),
          }
        : null,
    created_at: row.createdAt.toISOString(),
  };
}

// Messages with their senders' names, in seq order.
export async function selectMessages(
  db: Database,
  where: SQL | undefined,
  { order, limit }: { order: 'asc' | 'desc'; limit?: number },
): Promise<MessageRow[]> {
  const query = db
    .select({ ...getTableColumns(messages), senderName: users.name })
    .from(messages)
    .leftJoin(users, eq(users.id, messages.senderId))
    .where(where)
    .orderBy(order === 'asc' ? asc(messages.seq) : desc(messages.seq));
  return limit === undefined ? query : query.limit(limit);
}
