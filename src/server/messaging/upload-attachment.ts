import type { UploadedAttachment } from '~/shared/messaging';
import type { Database } from '../db/client';
import { findReadableConversation, type Viewer } from '../kernels/notices/conversation-access';
import { storeAttachment } from '../platform/attachment-files';
import type { FileStore } from '../platform/file-store';
import { attachmentIdOf, PENDING_ATTACHMENT_LIFETIME_MS } from './message-attachments';

// Keeps a file someone is about to send in a conversation they may write in, and answers with the id
// their message names it by (message-attachments.ts).
export async function uploadAttachment({
  db,
  files,
  secret,
  viewer,
  conversationId,
  declaredType,
  fileName,
  content,
  now = Date.now(),
}: {
  db: Database;
  files: FileStore;
  secret: string;
  viewer: Viewer;
  conversationId: string;
  declaredType: string | undefined;
  fileName: string | undefined;
  content: AsyncIterable<Uint8Array>;
  now?: number;
}): Promise<UploadedAttachment> {
  await findReadableConversation({ db, viewer, conversationId });
  const file = await storeAttachment({ files, ownerId: viewer.userId, declaredType, fileName, content });
  const id = attachmentIdOf(secret, {
    conversationId,
    uploaderId: viewer.userId,
    fileId: file.fileId,
    name: file.name,
    contentType: file.contentType,
    size: file.size,
    expiresAt: now + PENDING_ATTACHMENT_LIFETIME_MS,
  });
  return { id, name: file.name, content_type: file.contentType, size: file.size };
}
