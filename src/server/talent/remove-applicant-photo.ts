import { eq } from 'drizzle-orm';
import type { ApplicantProfile } from '~/shared/talent';
import type { Database } from '../db/client';
import { applicantProfiles } from '../db/schema';
import { recordAuditEvent } from '../platform/record-audit-event';
import { getApplicantProfile } from './get-applicant-profile';
import { deletePhotoFile } from './photo-files';

// Takes the applicant's photo down. Removing a photo that is not there changes nothing and is no error.
export async function removeApplicantPhoto({
  db,
  photosDirectory,
  actorId,
  ipAddress,
}: {
  db: Database;
  photosDirectory: string;
  actorId: string;
  ipAddress?: string;
}): Promise<ApplicantProfile> {
  const removedFile = await db.transaction(async (transaction) => {
    const [current] = await transaction
      .select({ photoFile: applicantProfiles.photoFile })
      .from(applicantProfiles)
      .where(eq(applicantProfiles.userId, actorId))
      .for('update');
    if (!current?.photoFile) return null;
    await transaction
      .update(applicantProfiles)
      .set({ photoFile: null, photoContentType: null, updatedAt: new Date() })
      .where(eq(applicantProfiles.userId, actorId));
    await recordAuditEvent({
      db: transaction,
      event: {
        actorId,
        action: 'applicant.photo_updated',
        targetType: 'user',
        targetId: actorId,
        details: { change: 'removed' },
        ipAddress,
      },
    });
    return current.photoFile;
  });
  if (removedFile) await deletePhotoFile(photosDirectory, removedFile);
  return getApplicantProfile({ db, applicantId: actorId });
}
