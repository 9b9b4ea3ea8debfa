import { createHmac, timingSafeEqual } from 'node:crypto';
import { type AttachmentType, messagingTexts } from '~/shared/messaging';
import type { Database } from '../db/client';
import { AppError } from '../platform/errors';
import { UNLINKED_FILE_LIFETIME_MS } from '../platform/file-store';
import { linkStoredFile } from '../platform/link-stored-file';

// Files attached to messages, in the file store. A file is uploaded before its message is sent, so it
// waits unlinked, and its attachment id is a signed note of what it is, who uploaded it and for which
// conversation. Sending links the file in the message's transaction (so an id is used once, through any
// instance) and copies the note into the message's columns. Files left waiting for a day are swept.

export const PENDING_ATTACHMENT_LIFETIME_MS = UNLINKED_FILE_LIFETIME_MS;

export interface PendingAttachment {
  conversationId: string;
  uploaderId: string;
  fileId: string;
  name: string;
  contentType: AttachmentType;
  size: number;
  expiresAt: number;
}

const signatureOf = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`message-attachment:${payload}`).digest();

export function attachmentIdOf(secret: string, attachment: PendingAttachment): string {
  const payload = Buffer.from(
    JSON.stringify([
      attachment.conversationId,
      attachment.uploaderId,
      attachment.fileId,
      attachment.name,
      attachment.contentType,
      attachment.size,
      attachment.expiresAt,
    ]),
  ).toString('base64url');
  return `${payload}.${signatureOf(secret, payload).toString('base64url')}`;
}

// null: not an attachment id at all; 'unverified': one, signed with another key.
function parseAttachmentId(secret: string, id: string): PendingAttachment | 'unverified' | null {
  const [payload, signature, extra] = id.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = signatureOf(secret, payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length) return null;
  if (!timingSafeEqual(given, expected)) return 'unverified';
  const [conversationId, uploaderId, fileId, name, contentType, size, expiresAt] = JSON.parse(
    Buffer.from(payload, 'base64url').toString('utf8'),
  ) as [string, string, string, string, AttachmentType, number, number];
  return { conversationId, uploaderId, fileId, name, contentType, size, expiresAt };
}

// What an attachment id says, when it is ours, for this conversation and sender, and not expired.
export function readAttachmentId({
  secret,
  attachmentId,
  conversationId,
  senderId,
  now = Date.now(),
}: {
  secret: string;
  attachmentId: string;
  conversationId: string;
  senderId: string;
  now?: number;
}): PendingAttachment {
  const attachment = parseAttachmentId(secret, attachmentId);
  if (attachment === 'unverified') throw new AppError('validation', messagingTexts.attachmentUnverified);
  if (!attachment || attachment.conversationId !== conversationId || attachment.uploaderId !== senderId) {
    throw new AppError('validation', messagingTexts.attachmentExpired);
  }
  if (attachment.expiresAt <= now) throw new AppError('conflict', messagingTexts.attachmentExpired);
  return attachment;
}

// Links the uploaded file to the message being stored in this transaction. Refused when it was already
// sent or swept away.
export async function claimPendingAttachment(tx: Database, attachment: PendingAttachment, now: Date) {
  const isLinked = await linkStoredFile({
    tx,
    fileId: attachment.fileId,
    ownerId: attachment.uploaderId,
    kind: 'attachment',
    now,
  });
  if (!isLinked) throw new AppError('conflict', messagingTexts.attachmentExpired);
}
