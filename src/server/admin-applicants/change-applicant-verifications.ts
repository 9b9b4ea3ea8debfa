import { eq } from 'drizzle-orm';
import {
  type AdminApplicantDetail,
  type ApplicantVerificationsInput,
  adminApplicantTexts,
} from '~/shared/admin-applicants';
import type { Database } from '../db/client';
import { applicantProfiles } from '../db/schema';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import { loadAdminApplicant } from './find-admin-applicants';
import { getAdminApplicant } from './get-admin-applicant';

// An administrator grants or withdraws the ID Verified and Background Check badges that Talent Search
// filters on. A badge keeps the moment it was first granted; withdrawing clears it. Audited with the
// values before and after; a request that changes nothing writes nothing.
export async function changeApplicantVerifications({
  db,
  applicantId,
  input,
  actorId,
  ipAddress,
  now = new Date(),
}: {
  db: Database;
  applicantId: string;
  input: ApplicantVerificationsInput;
  actorId: string;
  ipAddress?: string;
  now?: Date;
}): Promise<AdminApplicantDetail> {
  const applicant = await loadAdminApplicant(db, applicantId);
  if (!applicant) throw new AppError('not_found', adminApplicantTexts.notFound);
  if (applicant.status !== 'active') throw new AppError('conflict', adminApplicantTexts.notActive);

  await db.transaction(async (tx) => {
    const [profile] = await tx
      .select({
        idVerifiedAt: applicantProfiles.idVerifiedAt,
        backgroundCheckedAt: applicantProfiles.backgroundCheckedAt,
      })
      .from(applicantProfiles)
      .where(eq(applicantProfiles.userId, applicantId))
      .for('update');
    if (!profile) throw new AppError('not_found', adminApplicantTexts.notFound);
    const before = {
      id_verified: profile.idVerifiedAt !== null,
      background_checked: profile.backgroundCheckedAt !== null,
    };
    const after = {
      id_verified: input.id_verified ?? before.id_verified,
      background_checked: input.background_checked ?? before.background_checked,
    };
    if (after.id_verified === before.id_verified && after.background_checked === before.background_checked) return;
    const keepOrNow = (granted: boolean, at: Date | null) => (granted ? (at ?? now) : null);
    await tx
      .update(applicantProfiles)
      .set({
        idVerifiedAt: keepOrNow(after.id_verified, profile.idVerifiedAt),
        backgroundCheckedAt: keepOrNow(after.background_checked, profile.backgroundCheckedAt),
        updatedAt: now,
      })
      .where(eq(applicantProfiles.userId, applicantId));
    await recordAuditEvent({
      db: tx,
      event: {
        actorId,
        action: 'applicant.verification_changed',
        targetType: 'user',
        targetId: applicantId,
        details: { name: applicant.name, before, after },
        ipAddress,
      },
    });
  });
  return getAdminApplicant({ db, applicantId });
}
