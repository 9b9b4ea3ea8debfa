import { and, eq, isNotNull } from 'drizzle-orm';
import { messagingTexts } from '~/shared/messaging';
import type { Database } from '../db/client';
import { messages } from '../db/schema';
import { AppError } from '../platform/errors';
import { findReadableConversation, type Viewer } from './conversation-access';
import { type AttachmentDirectories, readSentAttachment } from './message-attachments';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// The file a message carries, for those who may read its conversation.
export async function readAttachment({
  db,
  directories,
  viewer,
  conversationId,
  messageId,
}: {
  db: Database;
  directories: AttachmentDirectories;
  viewer: Viewer;
  conversationId: string;
  messageId: string;
}): Promise<{ name: string; contentType: string; content: Buffer }> {
  await findReadableConversation({ db, viewer, conversationId });
  if (!UUID.test(messageId)) throw new AppError('not_found', messagingTexts.attachmentNotFound);
  const [row] = await db
    .select({
      name: messages.attachmentName,
      storedName: messages.attachmentStoredName,
      contentType: messages.attachmentContentType,
    })
    .from(messages)
    .where(
      and(
        eq(messages.id, messageId),
        eq(messages.conversationId, conversationId),
        isNotNull(messages.attachmentStoredName),
      ),
    );
  if (!row?.storedName || !row.name || !row.contentType) {
    throw new AppError('not_found', messagingTexts.attachmentNotFound);
  }
  const content = await readSentAttachment(directories, row.storedName);
  if (!content) throw new AppError('not_found', messagingTexts.attachmentNotFound);
  return { name: row.name, contentType: row.contentType, content };
}
