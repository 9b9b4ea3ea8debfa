import { eq, sql } from 'drizzle-orm';
import { type AdminApplicantDetail, adminApplicantTexts } from '~/shared/admin-applicants';
import type { Database } from '../db/client';
import { applicantProfiles, assignments } from '../db/schema';
import { AppError } from '../platform/errors';
import { loadAdminApplicant } from './find-admin-applicants';

// The details drawer: the row, the profile's headline, skills, location and badges, and the assignments.
export async function getAdminApplicant({
  db,
  applicantId,
}: {
  db: Database;
  applicantId: string;
}): Promise<AdminApplicantDetail> {
  const applicant = await loadAdminApplicant(db, applicantId);
  if (!applicant) throw new AppError('not_found', adminApplicantTexts.notFound);
  const [[profile], [work]] = await Promise.all([
    db
      .select({
        headline: applicantProfiles.headline,
        skills: applicantProfiles.skills,
        location: applicantProfiles.location,
        idVerifiedAt: applicantProfiles.idVerifiedAt,
        backgroundCheckedAt: applicantProfiles.backgroundCheckedAt,
      })
      .from(applicantProfiles)
      .where(eq(applicantProfiles.userId, applicantId)),
    db
      .select({
        total: sql<number>`count(*)::int`,
        active: sql<number>`(count(*) filter (where ${assignments.status} = 'active'))::int`,
      })
      .from(assignments)
      .where(eq(assignments.applicantId, applicantId)),
  ]);
  return {
    ...applicant,
    headline: profile?.headline ?? null,
    skills: profile?.skills ?? [],
    location: profile?.location ?? null,
    assignments: work?.total ?? 0,
    active_assignments: work?.active ?? 0,
    id_verified: Boolean(profile?.idVerifiedAt),
    background_checked: Boolean(profile?.backgroundCheckedAt),
  };
}
