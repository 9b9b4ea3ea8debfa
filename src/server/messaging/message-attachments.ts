import { createHmac, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { type AttachmentType, attachmentTypes, messagingTexts } from '~/shared/messaging';
import { AppError } from '../platform/errors';
import { readStoredFile, writeStoredFile } from '../platform/stored-files';

// Files attached to messages, under DATA_DIR/message-attachments. A file is uploaded before its message
// is sent, so it first waits in pending/ and its attachment id is a signed note of what it is, who
// uploaded it and for which conversation: no table holds a file nobody has sent yet. Sending moves the
// file out of pending/ (so an id is used once) and copies the note into the message's columns. Files
// left waiting for a day are swept away.

export const PENDING_ATTACHMENT_LIFETIME_MS = 24 * 60 * 60 * 1000;
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

export interface AttachmentDirectories {
  sent: string;
  pending: string;
}

export const attachmentDirectoriesOf = (dataDirectory: string): AttachmentDirectories => {
  const sent = path.resolve(dataDirectory, 'message-attachments');
  return { sent, pending: path.join(sent, 'pending') };
};

export interface PendingAttachment {
  conversationId: string;
  uploaderId: string;
  storedName: string;
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
      attachment.storedName,
      attachment.name,
      attachment.contentType,
      attachment.size,
      attachment.expiresAt,
    ]),
  ).toString('base64url');
  return `${payload}.${signatureOf(secret, payload).toString('base64url')}`;
}

function parseAttachmentId(secret: string, id: string): PendingAttachment | null {
  const [payload, signature, extra] = id.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = signatureOf(secret, payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const [conversationId, uploaderId, storedName, name, contentType, size, expiresAt] = JSON.parse(
    Buffer.from(payload, 'base64url').toString('utf8'),
  ) as [string, string, string, string, AttachmentType, number, number];
  return { conversationId, uploaderId, storedName, name, contentType, size, expiresAt };
}

export const writePendingAttachment = (directories: AttachmentDirectories, content: Buffer, type: AttachmentType) =>
  writeStoredFile(directories.pending, content, attachmentTypes[type]);

export const readSentAttachment = (directories: AttachmentDirectories, storedName: string) =>
  readStoredFile(directories.sent, storedName);

// Moves the uploaded file out of pending/ for the message being sent. Refused when the id was not ours,
// is for another conversation or person, or its file was already sent or swept away.
export async function claimPendingAttachment({
  secret,
  directories,
  attachmentId,
  conversationId,
  senderId,
  now = Date.now(),
}: {
  secret: string;
  directories: AttachmentDirectories;
  attachmentId: string;
  conversationId: string;
  senderId: string;
  now?: number;
}): Promise<PendingAttachment> {
  const attachment = parseAttachmentId(secret, attachmentId);
  if (!attachment || attachment.conversationId !== conversationId || attachment.uploaderId !== senderId) {
    throw new AppError('validation', messagingTexts.attachmentExpired);
  }
  if (attachment.expiresAt <= now) throw new AppError('conflict', messagingTexts.attachmentExpired);
  await fs.mkdir(directories.sent, { recursive: true });
  try {
    await fs.rename(
      path.join(directories.pending, attachment.storedName),
      path.join(directories.sent, attachment.storedName),
    );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new AppError('conflict', messagingTexts.attachmentExpired);
    }
    throw error;
  }
  return attachment;
}

// Puts a claimed file back when its message could not be stored, so a retry can send it.
export async function releaseClaimedAttachment(directories: AttachmentDirectories, attachment: PendingAttachment) {
  await fs
    .rename(path.join(directories.sent, attachment.storedName), path.join(directories.pending, attachment.storedName))
    .catch(() => undefined);
}

let lastSweepAt = 0;

// Removes files that waited longer than an id lives. Runs at most hourly, from an upload.
export async function sweepPendingAttachments(directories: AttachmentDirectories, now = Date.now()) {
  if (now - lastSweepAt < SWEEP_INTERVAL_MS) return;
  lastSweepAt = now;
  let names: string[];
  try {
    names = await fs.readdir(directories.pending);
  } catch {
    return;
  }
  for (const name of names) {
    const file = path.join(directories.pending, name);
    const stat = await fs.stat(file).catch(() => null);
    if (stat && now - stat.mtimeMs > PENDING_ATTACHMENT_LIFETIME_MS) await fs.rm(file, { force: true });
  }
}
