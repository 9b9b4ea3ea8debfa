import { and, eq, isNotNull } from 'drizzle-orm';
import { messagingTexts } from '~/shared/messaging';
import type { Database } from '../db/client';
import { messages } from '../db/schema';
import { findReadableConversation, type Viewer } from '../kernels/notices/conversation-access';
import { AppError } from '../platform/errors';
import type { FileStore, StoredFileContent } from '../platform/file-store';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// The file a message carries, for those who may read its conversation.
export async function readAttachment({
  db,
  files,
  viewer,
  conversationId,
  messageId,
}: {
  db: Database;
  files: FileStore;
  viewer: Viewer;
  conversationId: string;
  messageId: string;
}): Promise<StoredFileContent & { name: string }> {
  await findReadableConversation({ db, viewer, conversationId });
  if (!UUID.test(messageId)) throw new AppError('not_found', messagingTexts.attachmentNotFound);
  const [row] = await db
    .select({
      name: messages.attachmentName,
      fileId: messages.attachmentFileId,
      contentType: messages.attachmentContentType,
    })
    .from(messages)
    .where(
      and(
        eq(messages.id, messageId),
        eq(messages.conversationId, conversationId),
        isNotNull(messages.attachmentFileId),
      ),
    );
  if (!row?.fileId || !row.name || !row.contentType) {
    throw new AppError('not_found', messagingTexts.attachmentNotFound);
  }
  const file = await files.read(row.fileId);
  if (!file) throw new AppError('not_found', messagingTexts.attachmentNotFound);
  return { ...file, name: row.name, contentType: row.contentType };
}
