import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import {
  CV_MAX_BYTES,
  type CvContentType,
  cvTexts,
  DOCX_CONTENT_TYPE,
  detectCvType,
  isCvContentType,
  type OwnCv,
  PDF_CONTENT_TYPE,
} from '~/shared/applicant-cv';
import type { Database } from '../db/client';
import { applicantProfiles } from '../db/schema';
import { deleteStoredFiles } from '../platform/delete-stored-files';
import { AppError } from '../platform/errors';
import type { FileStore } from '../platform/file-store';
import type { JobQueue } from '../platform/job-queue';
import { linkStoredFile } from '../platform/link-stored-file';
import { recordAuditEvent } from '../platform/record-audit-event';
import { cleanUploadedFileName } from '../platform/stored-files';
import { getOwnCv } from './get-own-cv';

// Whether the bytes are the document they claim to be. A PDF has its header (and an end-of-file mark
// near its end); a DOCX is a zip whose directory names word/document.xml and [Content_Types].xml. The
// zip's directory is read without inflating anything: the background job inflates, within its limits.
function isDocumentOfType(bytes: Buffer, declaredType: CvContentType): boolean {
  if (detectCvType(bytes) !== declaredType) return false;
  if (declaredType === PDF_CONTENT_TYPE) return bytes.subarray(-1024).includes('%%EOF');
  const names = new Set<string>();
  try {
    unzipSync(bytes, {
      filter: (file) => {
        names.add(file.name);
        return false;
      },
    });
  } catch {
    return false;
  }
  return names.has('word/document.xml') && names.has('[Content_Types].xml');
}

// Keeps what passes through (at most the upload limit, which the file store enforces as it counts), so
// that the whole file can be checked once stored.
function keepingCopy(content: AsyncIterable<Uint8Array>, kept: Uint8Array[]): AsyncIterable<Uint8Array> {
  return (async function* () {
    for await (const part of content) {
      kept.push(part);
      yield part;
    }
  })();
}

// Uploads or replaces the applicant's CV. The declared type must be PDF or DOCX and the bytes must be
// that document; the file is stored as it arrives, then one transaction points the profile at it (the
// replaced CV's file and text go), and queues the reading of its text (extract-cv-text.ts).
export async function uploadApplicantCv({
  db,
  files,
  jobs,
  actorId,
  ipAddress,
  declaredType,
  fileName,
  content,
}: {
  db: Database;
  files: FileStore;
  jobs: Pick<JobQueue, 'send'>;
  actorId: string;
  ipAddress?: string;
  declaredType: string | undefined;
  fileName: string | undefined;
  content: AsyncIterable<Uint8Array>;
}): Promise<OwnCv> {
  if (!declaredType || !isCvContentType(declaredType)) {
    throw new AppError('unsupported_media_type', cvTexts.unsupportedType);
  }
  const kept: Uint8Array[] = [];
  const extension = declaredType === DOCX_CONTENT_TYPE ? 'docx' : 'pdf';
  const file = await files.write({
    ownerId: actorId,
    kind: 'cv',
    name: cleanUploadedFileName(fileName) || `CV.${extension}`,
    contentType: declaredType,
    content: keepingCopy(content, kept),
    maxBytes: CV_MAX_BYTES,
    tooLarge: () => new AppError('payload_too_large', cvTexts.tooLarge),
    empty: () => new AppError('validation', cvTexts.empty),
    inspectStart: (start) => {
      if (detectCvType(start) !== declaredType) throw new AppError('validation', cvTexts.contentMismatch(declaredType));
    },
  });
  let replaced: string[];
  try {
    if (!isDocumentOfType(Buffer.concat(kept), declaredType)) {
      throw new AppError('validation', cvTexts.contentMismatch(declaredType));
    }
    replaced = await db.transaction(async (transaction) => {
      await transaction.insert(applicantProfiles).values({ userId: actorId }).onConflictDoNothing();
      const [current] = await transaction
        .select({ cvFileId: applicantProfiles.cvFileId })
        .from(applicantProfiles)
        .where(eq(applicantProfiles.userId, actorId))
        .for('update');
      if (!(await linkStoredFile({ tx: transaction, fileId: file.id, ownerId: actorId, kind: 'cv' }))) {
        throw new Error('The uploaded CV was not found to link.');
      }
      // The old text leaves search with the old file; the new one is found once read.
      await transaction
        .update(applicantProfiles)
        .set({ cvFileId: file.id, cvTextStatus: 'pending', cvText: null, updatedAt: new Date() })
        .where(eq(applicantProfiles.userId, actorId));
      await recordAuditEvent({
        db: transaction,
        event: {
          actorId,
          action: 'applicant.cv_updated',
          targetType: 'user',
          targetId: actorId,
          details: {
            change: current?.cvFileId ? 'replaced' : 'uploaded',
            content_type: declaredType,
            bytes: file.byteSize,
          },
          ipAddress,
        },
      });
      await jobs.send(
        'extract-cv-text',
        { applicantId: actorId, fileId: file.id },
        { transaction, singletonKey: file.id },
      );
      return deleteStoredFiles({ tx: transaction, fileIds: [current?.cvFileId] });
    });
  } catch (error) {
    await files.discard(file.id);
    throw error;
  }
  await files.forget(replaced);
  return getOwnCv({ db, applicantId: actorId });
}
