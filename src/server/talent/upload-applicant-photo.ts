import { eq } from 'drizzle-orm';
import {
  type ApplicantProfile,
  detectImageType,
  isPhotoContentType,
  PHOTO_MAX_BYTES,
  profileTexts,
} from '~/shared/talent';
import type { Database } from '../db/client';
import { applicantProfiles } from '../db/schema';
import { deleteStoredFiles } from '../platform/delete-stored-files';
import { AppError } from '../platform/errors';
import type { FileStore } from '../platform/file-store';
import { linkStoredFile } from '../platform/link-stored-file';
import { recordAuditEvent } from '../platform/record-audit-event';
import { getApplicantProfile } from './get-applicant-profile';

// Replaces the applicant's photo. The bytes must be the image type the request says they are (a file's
// name or header is easy to fake; its first bytes decide). The photo is stored as it arrives, then one
// transaction points the profile at it and deletes the one it replaces.
export async function uploadApplicantPhoto({
  db,
  files,
  actorId,
  ipAddress,
  declaredType,
  content,
}: {
  db: Database;
  files: FileStore;
  actorId: string;
  ipAddress?: string;
  declaredType: string | undefined;
  content: AsyncIterable<Uint8Array>;
}): Promise<ApplicantProfile> {
  if (!declaredType || !isPhotoContentType(declaredType)) {
    throw new AppError('unsupported_media_type', profileTexts.photoUnsupportedType);
  }
  const file = await files.write({
    ownerId: actorId,
    kind: 'photo',
    contentType: declaredType,
    content,
    maxBytes: PHOTO_MAX_BYTES,
    tooLarge: () => new AppError('payload_too_large', profileTexts.photoTooLarge),
    empty: () => new AppError('validation', profileTexts.photoEmpty),
    inspectStart: (start) => {
      if (detectImageType(start) !== declaredType) {
        throw new AppError('validation', profileTexts.photoContentMismatch(declaredType));
      }
    },
  });
  let replaced: string[];
  try {
    replaced = await db.transaction(async (transaction) => {
      await transaction.insert(applicantProfiles).values({ userId: actorId }).onConflictDoNothing();
      const [current] = await transaction
        .select({ photoFileId: applicantProfiles.photoFileId })
        .from(applicantProfiles)
        .where(eq(applicantProfiles.userId, actorId))
        .for('update');
      if (!(await linkStoredFile({ tx: transaction, fileId: file.id, ownerId: actorId, kind: 'photo' }))) {
        throw new Error('The uploaded photo was not found to link.');
      }
      await transaction
        .update(applicantProfiles)
        // The old local name goes too: a release from before the store, rolled back to, shows no photo rather
        // than the one replaced.
        .set({ photoFileId: file.id, photoFile: null, photoContentType: declaredType, updatedAt: new Date() })
        .where(eq(applicantProfiles.userId, actorId));
      await recordAuditEvent({
        db: transaction,
        event: {
          actorId,
          action: 'applicant.photo_updated',
          targetType: 'user',
          targetId: actorId,
          details: { change: 'uploaded', content_type: declaredType, bytes: file.byteSize },
          ipAddress,
        },
      });
      return deleteStoredFiles({ tx: transaction, fileIds: [current?.photoFileId] });
    });
  } catch (error) {
    await files.discard(file.id);
    throw error;
  }
  await files.forget(replaced);
  return getApplicantProfile({ db, applicantId: actorId });
}
