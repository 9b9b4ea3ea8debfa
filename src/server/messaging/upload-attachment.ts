import {
  ATTACHMENT_MAX_BYTES,
  type AttachmentType,
  attachmentTypes,
  messagingTexts,
  type UploadedAttachment,
} from '~/shared/messaging';
import type { Database } from '../db/client';
import { findReadableConversation, type Viewer } from '../platform/conversation-access';
import { AppError } from '../platform/errors';
import type { FileStore } from '../platform/file-store';
import { cleanUploadedFileName } from '../platform/stored-files';
import { attachmentIdOf, PENDING_ATTACHMENT_LIFETIME_MS } from './message-attachments';

const isAttachmentType = (value: string | undefined): value is AttachmentType =>
  value !== undefined && Object.hasOwn(attachmentTypes, value);

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
  if (!isAttachmentType(declaredType)) throw new AppError('unsupported_media_type', messagingTexts.attachmentType);
  const name = cleanUploadedFileName(fileName);
  const file = await files.write({
    ownerId: viewer.userId,
    kind: 'attachment',
    name,
    contentType: declaredType,
    content,
    maxBytes: ATTACHMENT_MAX_BYTES,
    tooLarge: () => new AppError('payload_too_large', messagingTexts.attachmentTooLarge),
    empty: () => new AppError('validation', messagingTexts.attachmentEmpty),
  });
  // Checked after the bytes, as the empty and oversized files were before it.
  if (!name) {
    await files.discard(file.id);
    throw new AppError('validation', messagingTexts.attachmentNameRequired);
  }
  const id = attachmentIdOf(secret, {
    conversationId,
    uploaderId: viewer.userId,
    fileId: file.id,
    name,
    contentType: declaredType,
    size: file.byteSize,
    expiresAt: now + PENDING_ATTACHMENT_LIFETIME_MS,
  });
  return { id, name, content_type: declaredType, size: file.byteSize };
}
