import { eq } from 'drizzle-orm';
import type { ApplicantProfile, ApplicantProfileFields } from '~/shared/talent';
import type { Database } from '../db/client';
import { applicantProfiles } from '../db/schema';
import { recordAuditEvent } from '../platform/record-audit-event';
import { getApplicantProfile } from './get-applicant-profile';

type ProfileValues = Pick<
  typeof applicantProfiles.$inferInsert,
  | 'headline'
  | 'summary'
  | 'hourlyRateCents'
  | 'skills'
  | 'experienceLevel'
  | 'availability'
  | 'region'
  | 'location'
  | 'timezone'
>;

// Wire names, for the audit log's list of what changed.
const wireNames: Record<keyof ProfileValues, keyof ApplicantProfileFields> = {
  headline: 'headline',
  summary: 'summary',
  hourlyRateCents: 'hourly_rate',
  skills: 'skills',
  experienceLevel: 'experience_level',
  availability: 'availability',
  region: 'region',
  location: 'location',
  timezone: 'timezone',
};

function toValues(fields: ApplicantProfileFields): ProfileValues {
  return {
    headline: fields.headline,
    summary: fields.summary,
    // Dollars on the wire, whole cents in the database.
    hourlyRateCents: fields.hourly_rate == null ? null : Math.round(fields.hourly_rate * 100),
    skills: fields.skills,
    experienceLevel: fields.experience_level,
    availability: fields.availability,
    region: fields.region,
    location: fields.location,
    timezone: fields.timezone,
  };
}

const isSame = (first: unknown, second: unknown) => JSON.stringify(first ?? null) === JSON.stringify(second ?? null);

// The applicant replaces their profile's fields (the photo has its own routes). The audit log records
// which fields changed, when any did.
export async function updateApplicantProfile({
  db,
  actorId,
  ipAddress,
  fields,
}: {
  db: Database;
  actorId: string;
  ipAddress?: string;
  fields: ApplicantProfileFields;
}): Promise<ApplicantProfile> {
  const values = toValues(fields);
  await db.transaction(async (transaction) => {
    await transaction.insert(applicantProfiles).values({ userId: actorId }).onConflictDoNothing();
    const [current] = await transaction
      .select()
      .from(applicantProfiles)
      .where(eq(applicantProfiles.userId, actorId))
      .for('update');
    const changed = (Object.keys(values) as Array<keyof ProfileValues>).filter(
      (key) => !isSame(current?.[key], values[key]),
    );
    if (changed.length === 0) return;
    await transaction
      .update(applicantProfiles)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(applicantProfiles.userId, actorId));
    await recordAuditEvent({
      db: transaction,
      event: {
        actorId,
        action: 'applicant.profile_updated',
        targetType: 'user',
        targetId: actorId,
        details: { changed: changed.map((key) => wireNames[key]) },
        ipAddress,
      },
    });
  });
  return getApplicantProfile({ db, applicantId: actorId });
}
