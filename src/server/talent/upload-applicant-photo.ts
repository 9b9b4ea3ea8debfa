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
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import { getApplicantProfile } from './get-applicant-profile';
import { deletePhotoFile, writePhotoFile } from './photo-files';

// Replaces the applicant's photo. The bytes must be the image type the request says they are (a file's
// name or header is easy to fake; its first bytes decide). The new file is in place before the profile
// points at it, and the old one goes only once the profile no longer does.
export async function uploadApplicantPhoto({
  db,
  photosDirectory,
  actorId,
  ipAddress,
  declaredType,
  content,
}: {
  db: Database;
  photosDirectory: string;
  actorId: string;
  ipAddress?: string;
  declaredType: string | undefined;
  content: Buffer;
}): Promise<ApplicantProfile> {
  if (!declaredType || !isPhotoContentType(declaredType)) {
    throw new AppError('unsupported_media_type', profileTexts.photoUnsupportedType);
  }
  if (content.length === 0) throw new AppError('validation', profileTexts.photoEmpty);
  if (content.length > PHOTO_MAX_BYTES) throw new AppError('payload_too_large', profileTexts.photoTooLarge);
  if (detectImageType(content) !== declaredType) {
    throw new AppError('validation', profileTexts.photoContentMismatch(declaredType));
  }

  const file = await writePhotoFile(photosDirectory, content, declaredType);
  let previousFile: string | null;
  try {
    previousFile = await db.transaction(async (transaction) => {
      await transaction.insert(applicantProfiles).values({ userId: actorId }).onConflictDoNothing();
      const [current] = await transaction
        .select({ photoFile: applicantProfiles.photoFile })
        .from(applicantProfiles)
        .where(eq(applicantProfiles.userId, actorId))
        .for('update');
      await transaction
        .update(applicantProfiles)
        .set({ photoFile: file, photoContentType: declaredType, updatedAt: new Date() })
        .where(eq(applicantProfiles.userId, actorId));
      await recordAuditEvent({
        db: transaction,
        event: {
          actorId,
          action: 'applicant.photo_updated',
          targetType: 'user',
          targetId: actorId,
          details: { change: 'uploaded', content_type: declaredType, bytes: content.length },
          ipAddress,
        },
      });
      return current?.photoFile ?? null;
    });
  } catch (error) {
    await deletePhotoFile(photosDirectory, file);
    throw error;
  }
  if (previousFile) await deletePhotoFile(photosDirectory, previousFile);
  return getApplicantProfile({ db, applicantId: actorId });
}
