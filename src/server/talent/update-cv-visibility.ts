import { eq } from 'drizzle-orm';
import { type CvVisibility, cvTexts, type OwnCv } from '~/shared/applicant-cv';
import type { Database } from '../db/client';
import { applicantProfiles } from '../db/schema';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import { getOwnCv } from './get-own-cv';

// Who may download the applicant's CV, enforced on download (read-applicant-cv.ts).
export async function updateCvVisibility({
  db,
  actorId,
  ipAddress,
  visibility,
}: {
  db: Database;
  actorId: string;
  ipAddress?: string;
  visibility: CvVisibility;
}): Promise<OwnCv> {
  await db.transaction(async (transaction) => {
    const updated = await transaction
      .update(applicantProfiles)
      .set({ cvVisibility: visibility, updatedAt: new Date() })
      .where(eq(applicantProfiles.userId, actorId))
      .returning({ cvFileId: applicantProfiles.cvFileId });
    if (!updated[0]?.cvFileId) throw new AppError('not_found', cvTexts.ownMissing);
    await recordAuditEvent({
      db: transaction,
      event: {
        actorId,
        action: 'applicant.cv_updated',
        targetType: 'user',
        targetId: actorId,
        details: { change: 'visibility', visibility },
        ipAddress,
      },
    });
  });
  return getOwnCv({ db, applicantId: actorId });
}
