import { eq } from 'drizzle-orm';
import type { CompanyProfile, CompanySize } from '~/shared/companies';
import type { Database } from '../db/client';
import { companies } from '../db/schema';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';

function toProfile(row: typeof companies.$inferSelect): CompanyProfile {
  return {
    id: row.id,
    name: row.name,
    contact_email: row.contactEmail,
    website: row.website ?? '',
    about: row.about,
    size: row.size,
    location: row.location,
  };
}

// The signed-in user's own company; the id comes from their session, never from the request.
export async function getCompanyProfile({ db, companyId }: { db: Database; companyId: string }) {
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
  if (!company) throw new AppError('not_found', 'Your company could not be found.');
  return toProfile(company);
}

export async function updateCompanyProfile({
  db,
  companyId,
  actorId,
  profile,
  ipAddress,
}: {
  db: Database;
  companyId: string;
  actorId: string;
  profile: {
    name: string;
    contact_email: string;
    website: string;
    about: string;
    size: CompanySize | null;
    location: string;
  };
  ipAddress?: string;
}) {
  const [company] = await db
    .update(companies)
    .set({
      name: profile.name,
      contactEmail: profile.contact_email,
      website: profile.website || null,
      about: profile.about,
      size: profile.size,
      location: profile.location,
      updatedAt: new Date(),
    })
    .where(eq(companies.id, companyId))
    .returning();
  if (!company) throw new AppError('not_found', 'Your company could not be found.');
  await recordAuditEvent({
    db,
    event: {
      actorId,
      action: 'company.profile_updated',
      targetType: 'company',
      targetId: companyId,
      details: profile,
      ipAddress,
    },
  });
  return toProfile(company);
}
