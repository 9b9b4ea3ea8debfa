import { eq } from 'drizzle-orm';
import type { ApplicantProfile } from '~/shared/talent';
import type { Database } from '../db/client';
import { applicantProfiles } from '../db/schema';
import { deleteStoredFiles } from '../platform/delete-stored-files';
import type { FileStore } from '../platform/file-store';
import { recordAuditEvent } from '../platform/record-audit-event';
import { getApplicantProfile } from './get-applicant-profile';

// Takes the applicant's photo down, its file with it. Removing a photo that is not there changes nothing
// and is no error.
export async function removeApplicantPhoto({
  db,
  files,
  actorId,
  ipAddress,
}: {
  db: Database;
  files: FileStore;
  actorId: string;
  ipAddress?: string;
}): Promise<ApplicantProfile> {
  const removed = await db.transaction(async (transaction) => {
    const [current] = await transaction
      .select({ photoFileId: applicantProfiles.photoFileId })
      .from(applicantProfiles)
      .where(eq(applicantProfiles.userId, actorId))
      .for('update');
    if (!current?.photoFileId) return [];
    await transaction
      .update(applicantProfiles)
      .set({ photoFileId: null, photoFile: null, photoContentType: null, updatedAt: new Date() })
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
    return deleteStoredFiles({ tx: transaction, fileIds: [current.photoFileId] });
  });
  await files.forget(removed);
  return getApplicantProfile({ db, applicantId: actorId });
}
