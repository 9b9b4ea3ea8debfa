import { asc, eq } from 'drizzle-orm';
import type { ProfileBackground } from '~/shared/talent-background';
import type { Database } from '../../db/client';
import {
  applicantCertifications,
  applicantEducation,
  applicantLanguages,
  applicantPortfolioLinks,
  applicantWorkHistory,
} from '../../db/schema';

// An applicant's background lists (work history, education, languages, certifications, portfolio), as
// every view of the profile shows them: the applicant's own, Talent Search's sheet, an application's.

// Months are kept as their first day (YYYY-MM-01) and travel as YYYY-MM.
export const monthOfDate = (day: string) => day.slice(0, 7);
export const dateOfMonth = (month: string) => `${month}-01`;

const monthOrNull = (day: string | null) => (day === null ? null : monthOfDate(day));

export async function loadProfileBackground({
  db,
  applicantId,
}: {
  db: Database;
  applicantId: string;
}): Promise<ProfileBackground> {
  const [work, education, languages, certifications, portfolio] = await Promise.all([
    db
      .select()
      .from(applicantWorkHistory)
      .where(eq(applicantWorkHistory.applicantId, applicantId))
      .orderBy(asc(applicantWorkHistory.position)),
    db
      .select()
      .from(applicantEducation)
      .where(eq(applicantEducation.applicantId, applicantId))
      .orderBy(asc(applicantEducation.position)),
    db
      .select()
      .from(applicantLanguages)
      .where(eq(applicantLanguages.applicantId, applicantId))
      .orderBy(asc(applicantLanguages.position)),
    db
      .select()
      .from(applicantCertifications)
      .where(eq(applicantCertifications.applicantId, applicantId))
      .orderBy(asc(applicantCertifications.position)),
    db
      .select()
      .from(applicantPortfolioLinks)
      .where(eq(applicantPortfolioLinks.applicantId, applicantId))
      .orderBy(asc(applicantPortfolioLinks.position)),
  ]);
  return {
    work_history: work.map((row) => ({
      id: row.id,
      title: row.title,
      company: row.company,
      start_month: monthOfDate(row.startMonth),
      end_month: monthOrNull(row.endMonth),
      description: row.description,
    })),
    education: education.map((row) => ({
      id: row.id,
      school: row.school,
      degree: row.degree,
      start_year: row.startYear,
      end_year: row.endYear,
    })),
    languages: languages.map((row) => ({ id: row.id, language: row.language, level: row.level })),
    certifications: certifications.map((row) => ({
      id: row.id,
      name: row.name,
      issuer: row.issuer,
      issued_month: monthOfDate(row.issuedMonth),
      expires_month: monthOrNull(row.expiresMonth),
      credential_url: row.credentialUrl,
    })),
    portfolio: portfolio.map((row) => ({ id: row.id, title: row.title, url: row.url, description: row.description })),
  };
}
