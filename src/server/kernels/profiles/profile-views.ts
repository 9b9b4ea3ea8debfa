import { and, eq } from 'drizzle-orm';
import { type ApplicantProfile, type ApplicantProfileView, profileCompleteness } from '~/shared/talent';
import type { ProfileBackground } from '~/shared/talent-background';
import type { Database } from '../../db/client';
import { applicantProfiles, users } from '../../db/schema';
import { loadProfileBackground } from './profile-background';

type ProfileRow = typeof applicantProfiles.$inferSelect;

// The address a photo is served at. The stored file's id rides along as a version: a new photo gets a
// new address, so the old one may be cached for good (read-applicant-photo.ts).
export function photoUrlOf(applicantId: string, photoFileId: string | null): string | null {
  if (!photoFileId) return null;
  return `/api/applicants/${applicantId}/photo?v=${encodeURIComponent(photoFileId)}`;
}

// An applicant and their profile with its background lists, or undefined when the id names no
// applicant. The profile row is made at registration; an account from before then reads as an empty profile.
export async function loadApplicantWithProfile({ db, applicantId }: { db: Database; applicantId: string }) {
  const [[row], background] = await Promise.all([
    db
      .select({ id: users.id, name: users.name, status: users.status, profile: applicantProfiles })
      .from(users)
      .leftJoin(applicantProfiles, eq(applicantProfiles.userId, users.id))
      .where(and(eq(users.id, applicantId), eq(users.role, 'applicant'))),
    loadProfileBackground({ db, applicantId }),
  ]);
  return row && { ...row, background };
}

interface ApplicantWithProfile {
  id: string;
  name: string;
  profile: ProfileRow | null;
  background: ProfileBackground;
}

export function toProfileView(applicant: ApplicantWithProfile): ApplicantProfileView {
  const { profile } = applicant;
  return {
    id: applicant.id,
    name: applicant.name,
    headline: profile?.headline ?? null,
    summary: profile?.summary ?? null,
    hourly_rate: profile?.hourlyRateCents == null ? null : profile.hourlyRateCents / 100,
    skills: profile?.skills ?? [],
    experience_level: profile?.experienceLevel ?? null,
    availability: profile?.availability ?? null,
    region: profile?.region ?? null,
    location: profile?.location ?? null,
    timezone: profile?.timezone ?? null,
    photo_url: photoUrlOf(applicant.id, profile?.photoFileId ?? null),
    ...applicant.background,
  };
}

export function toOwnProfile(applicant: ApplicantWithProfile): ApplicantProfile {
  const view = toProfileView(applicant);
  return {
    ...view,
    completeness: profileCompleteness(view),
    updated_at: (applicant.profile?.updatedAt ?? new Date(0)).toISOString(),
  };
}
