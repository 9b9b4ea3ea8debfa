import {
  ATTACHMENT_MAX_BYTES,
  type AttachmentType,
  attachmentTypes,
  messagingTexts,
  type UploadedAttachment,
} from '~/shared/messaging';
import type { Database } from '../db/client';
import { AppError } from '../platform/errors';
import { cleanUploadedFileName } from '../platform/stored-files';
import { findReadableConversation, type Viewer } from './conversation-access';
import {
  type AttachmentDirectories,
  attachmentIdOf,
  PENDING_ATTACHMENT_LIFETIME_MS,
  sweepPendingAttachments,
  writePendingAttachment,
} from './message-attachments';

const isAttachmentType = (value: string | undefined): value is AttachmentType =>
  value !== undefined && Object.hasOwn(attachmentTypes, value);

// Keeps a file someone is about to send in a conversation they may write in, and answers with the id
// their message names it by (message-attachments.ts).
export async function uploadAttachment({
  db,
  secret,
  directories,
  viewer,
  conversationId,
  declaredType,
  fileName,
  content,
  now = Date.now(),
}: {
  db: Database;
  secret: string;
  directories: AttachmentDirectories;
  viewer: Viewer;
  conversationId: string;
  declaredType: string | undefined;
  fileName: string | undefined;
  content: Buffer;
  now?: number;
}): Promise<UploadedAttachment> {
  await findReadableConversation({ db, viewer, conversationId });
  if (!isAttachmentType(declaredType)) throw new AppError('unsupported_media_type', messagingTexts.attachmentType);
  if (content.length === 0) throw new AppError('validation', messagingTexts.attachmentEmpty);
  if (content.length > ATTACHMENT_MAX_BYTES) throw new AppError('payload_too_large', messagingTexts.attachmentTooLarge);
  const name = cleanUploadedFileName(fileName);
  if (!name) throw new AppError('validation', messagingTexts.attachmentNameRequired);
  await sweepPendingAttachments(directories, now);
  const storedName = await writePendingAttachment(directories, content, declaredType);
  const id = attachmentIdOf(secret, {
    conversationId,
    uploaderId: viewer.userId,
    storedName,
    name,
    contentType: declaredType,
    size: content.length,
    expiresAt: now + PENDING_ATTACHMENT_LIFETIME_MS,
  });
  return { id, name, content_type: declaredType, size: content.length };
}
