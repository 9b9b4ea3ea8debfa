import { ATTACHMENT_MAX_BYTES, type AttachmentType, attachmentTypes, messagingTexts } from '~/shared/messaging';
import { AppError } from './errors';
import type { FileStore } from './file-store';
import { cleanUploadedFileName } from './stored-files';

const isAttachmentType = (value: string | undefined): value is AttachmentType =>
  value !== undefined && Object.hasOwn(attachmentTypes, value);

// An attached file kept in the store, unlinked until the row naming it is written: the attachment rules
// of messages (their types, 10 MB, a name), shared by a message's file and a milestone's work.
export async function storeAttachment({
  files,
  ownerId,
  declaredType,
  fileName,
  content,
}: {
  files: FileStore;
  ownerId: string;
  declaredType: string | undefined;
  fileName: string | undefined;
  content: AsyncIterable<Uint8Array>;
}): Promise<{ fileId: string; name: string; contentType: AttachmentType; size: number }> {
  if (!isAttachmentType(declaredType)) throw new AppError('unsupported_media_type', messagingTexts.attachmentType);
  const name = cleanUploadedFileName(fileName);
  const file = await files.write({
    ownerId,
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
  return { fileId: file.id, name, contentType: declaredType, size: file.byteSize };
}
