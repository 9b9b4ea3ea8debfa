import { eq } from 'drizzle-orm';
import type { OwnCv } from '~/shared/applicant-cv';
import type { Database } from '../db/client';
import { applicantProfiles } from '../db/schema';
import { deleteStoredFiles } from '../platform/delete-stored-files';
import type { FileStore } from '../platform/file-store';
import { recordAuditEvent } from '../platform/record-audit-event';

// Takes the applicant's CV down: its file, and its text out of Talent Search. Removing a CV that is not
// there changes nothing and is no error.
export async function removeApplicantCv({
  db,
  files,
  actorId,
  ipAddress,
}: {
  db: Database;
  files: FileStore;
  actorId: string;
  ipAddress?: string;
}): Promise<OwnCv> {
  const removed = await db.transaction(async (transaction) => {
    const [current] = await transaction
      .select({ cvFileId: applicantProfiles.cvFileId })
      .from(applicantProfiles)
      .where(eq(applicantProfiles.userId, actorId))
      .for('update');
    if (!current?.cvFileId) return [];
    await transaction
      .update(applicantProfiles)
      .set({ cvFileId: null, cvTextStatus: null, cvText: null, updatedAt: new Date() })
      .where(eq(applicantProfiles.userId, actorId));
    await recordAuditEvent({
      db: transaction,
      event: {
        actorId,
        action: 'applicant.cv_updated',
        targetType: 'user',
        targetId: actorId,
        details: { change: 'removed' },
        ipAddress,
      },
    });
    return deleteStoredFiles({ tx: transaction, fileIds: [current.cvFileId] });
  });
  await files.forget(removed);
  return { cv: null };
}
