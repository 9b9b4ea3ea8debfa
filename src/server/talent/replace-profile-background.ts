import { eq, sql } from 'drizzle-orm';
import type { ApplicantProfile } from '~/shared/talent';
import type {
  CertificationEntry,
  EducationEntry,
  LanguageEntry,
  PortfolioLink,
  WorkHistoryEntry,
} from '~/shared/talent-background';
import type { Database } from '../db/client';
import {
  applicantCertifications,
  applicantEducation,
  applicantLanguages,
  applicantPortfolioLinks,
  applicantProfiles,
  applicantWorkHistory,
} from '../db/schema';
import { dateOfMonth } from '../kernels/profiles/profile-background';
import { recordAuditEvent } from '../platform/record-audit-event';
import { getApplicantProfile } from './get-applicant-profile';

export type BackgroundList =
  | { list: 'work_history'; items: WorkHistoryEntry[] }
  | { list: 'education'; items: EducationEntry[] }
  | { list: 'languages'; items: LanguageEntry[] }
  | { list: 'certifications'; items: CertificationEntry[] }
  | { list: 'portfolio'; items: PortfolioLink[] };

// Each list's rows, numbered in the order given.
async function writeList(transaction: Database, applicantId: string, change: BackgroundList) {
  const numbered = <Item>(items: Item[]) => items.map((item, position) => ({ item, position, applicantId }));
  switch (change.list) {
    case 'work_history': {
      await transaction.delete(applicantWorkHistory).where(eq(applicantWorkHistory.applicantId, applicantId));
      const rows = numbered(change.items).map(({ item, ...row }) => ({
        ...row,
        title: item.title,
        company: item.company,
        startMonth: dateOfMonth(item.start_month),
        endMonth: item.end_month === null ? null : dateOfMonth(item.end_month),
        description: item.description,
      }));
      if (rows.length > 0) await transaction.insert(applicantWorkHistory).values(rows);
      return;
    }
    case 'education': {
      await transaction.delete(applicantEducation).where(eq(applicantEducation.applicantId, applicantId));
      const rows = numbered(change.items).map(({ item, ...row }) => ({
        ...row,
        school: item.school,
        degree: item.degree,
        startYear: item.start_year,
        endYear: item.end_year,
      }));
      if (rows.length > 0) await transaction.insert(applicantEducation).values(rows);
      return;
    }
    case 'languages': {
      await transaction.delete(applicantLanguages).where(eq(applicantLanguages.applicantId, applicantId));
      const rows = numbered(change.items).map(({ item, ...row }) => ({
        ...row,
        language: item.language,
        level: item.level,
      }));
      if (rows.length > 0) await transaction.insert(applicantLanguages).values(rows);
      return;
    }
    case 'certifications': {
      await transaction.delete(applicantCertifications).where(eq(applicantCertifications.applicantId, applicantId));
      const rows = numbered(change.items).map(({ item, ...row }) => ({
        ...row,
        name: item.name,
        issuer: item.issuer,
        issuedMonth: dateOfMonth(item.issued_month),
        expiresMonth: item.expires_month === null ? null : dateOfMonth(item.expires_month),
        credentialUrl: item.credential_url,
      }));
      if (rows.length > 0) await transaction.insert(applicantCertifications).values(rows);
      return;
    }
    case 'portfolio': {
      await transaction.delete(applicantPortfolioLinks).where(eq(applicantPortfolioLinks.applicantId, applicantId));
      const rows = numbered(change.items).map(({ item, ...row }) => ({
        ...row,
        title: item.title,
        url: item.url,
        description: item.description,
      }));
      if (rows.length > 0) await transaction.insert(applicantPortfolioLinks).values(rows);
      return;
    }
  }
}

// The applicant replaces one background list of their profile with the items given, in that order: adding,
// editing, removing and reordering are all one save of the list as it should be. The profile row is locked
// first, so two saves of the same list at once end as one of them, never a mix.
export async function replaceProfileBackground({
  db,
  actorId,
  ipAddress,
  change,
}: {
  db: Database;
  actorId: string;
  ipAddress?: string;
  change: BackgroundList;
}): Promise<ApplicantProfile> {
  await db.transaction(async (transaction) => {
    await transaction.insert(applicantProfiles).values({ userId: actorId }).onConflictDoNothing();
    await transaction
      .select({ userId: applicantProfiles.userId })
      .from(applicantProfiles)
      .where(eq(applicantProfiles.userId, actorId))
      .for('update');
    await writeList(transaction, actorId, change);
    // The words Talent Search finds the profile by follow its lists (talent_background_text, migration 0045).
    await transaction
      .update(applicantProfiles)
      .set({ updatedAt: new Date(), backgroundText: sql`talent_background_text(${applicantProfiles.userId})` })
      .where(eq(applicantProfiles.userId, actorId));
    await recordAuditEvent({
      db: transaction,
      event: {
        actorId,
        action: 'applicant.profile_updated',
        targetType: 'user',
        targetId: actorId,
        details: { changed: [change.list], count: change.items.length },
        ipAddress,
      },
    });
  });
  return getApplicantProfile({ db, applicantId: actorId });
}
