import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { LanguageLevel } from '~/shared/talent-background';
import { type Candidate, ONLINE_WINDOW_MINUTES, type TalentBadge, TOP_RATED_MIN_RATING } from '~/shared/talent-search';
import type { Database } from '../db/client';
import { applicantLanguages, applicantProfiles, applicantWorkHistory, shortlists, users } from '../db/schema';
import { photoUrlOf } from './profile-views';

// The columns of a candidate as a company sees one in Talent Search and its shortlist.

// Listed profiles of active applicants. The suspended are few: their ids are listed once per query.
export const isFindable: SQL = and(
  sql`${applicantProfiles.listed}`,
  sql`${applicantProfiles.userId} <> all(array(select ${users.id} from ${users} where ${users.status} <> 'active'))`,
) as SQL;

export const isTopRated = sql`${applicantProfiles.ratingTenths} >= ${Math.round(TOP_RATED_MIN_RATING * 10)}`;

function candidateColumns(companyId: string) {
  return {
    id: applicantProfiles.userId,
    name: users.name,
    headline: applicantProfiles.headline,
    summary: applicantProfiles.summary,
    hourlyRateCents: applicantProfiles.hourlyRateCents,
    skills: applicantProfiles.skills,
    provenSkillKeys: applicantProfiles.provenSkillKeys,
    experienceLevel: applicantProfiles.experienceLevel,
    availability: applicantProfiles.availability,
    region: applicantProfiles.region,
    location: applicantProfiles.location,
    timezone: applicantProfiles.timezone,
    photoFileId: applicantProfiles.photoFileId,
    ratingTenths: applicantProfiles.ratingTenths,
    hoursBilled: applicantProfiles.hoursBilled,
    idVerified: sql<boolean>`${applicantProfiles.idVerifiedAt} is not null`,
    backgroundChecked: sql<boolean>`${applicantProfiles.backgroundCheckedAt} is not null`,
    isOnline: sql<boolean>`coalesce(${applicantProfiles.lastActiveAt} > now() - make_interval(mins => ${ONLINE_WINDOW_MINUTES}), false)`,
    // The card's glimpse of the background: the first job of the work history (the applicant's order,
    // most recent first unless they chose otherwise) and the languages. Read per candidate shown, by the
    // lists' (applicant, position) indexes.
    latestJob: sql<{
      title: string;
      company: string;
    } | null>`(select json_build_object('title', ${applicantWorkHistory.title}, 'company', ${applicantWorkHistory.company}) from ${applicantWorkHistory} where ${applicantWorkHistory.applicantId} = ${applicantProfiles.userId} order by ${applicantWorkHistory.position} limit 1)`,
    languages: sql<
      Array<{ language: string; level: LanguageLevel }>
    >`(select coalesce(json_agg(json_build_object('language', ${applicantLanguages.language}, 'level', ${applicantLanguages.level}) order by ${applicantLanguages.position}), '[]'::json) from ${applicantLanguages} where ${applicantLanguages.applicantId} = ${applicantProfiles.userId})`,
    isShortlisted: sql<boolean>`exists (select 1 from ${shortlists} where ${shortlists.companyId} = ${companyId} and ${shortlists.applicantId} = ${applicantProfiles.userId})`,
  };
}

// Candidates with what a card shows, before a where clause, an order and a page.
export function selectCandidates(db: Database, companyId: string) {
  return db
    .select(candidateColumns(companyId))
    .from(applicantProfiles)
    .innerJoin(users, eq(users.id, applicantProfiles.userId))
    .$dynamic();
}

type CandidateRow = Awaited<ReturnType<typeof selectCandidates>>[number];

export function toCandidate(row: CandidateRow): Candidate {
  const badges: TalentBadge[] = [];
  if (row.idVerified) badges.push('id_verified');
  if (row.backgroundChecked) badges.push('background_check');
  if (row.ratingTenths !== null && row.ratingTenths >= TOP_RATED_MIN_RATING * 10) badges.push('top_rated');
  return {
    id: row.id,
    name: row.name,
    // Listed profiles have every one of these (applicant_profiles.listed).
    role: row.headline ?? '',
    summary: row.summary ?? '',
    hourly_rate: (row.hourlyRateCents ?? 0) / 100,
    skills: row.skills,
    proven_skills: row.skills.filter((skill) => row.provenSkillKeys.includes(skill.toLowerCase())),
    experience_level: row.experienceLevel ?? 'junior',
    availability: row.availability ?? 'full-time',
    region: row.region ?? 'Americas',
    location: row.location,
    timezone: row.timezone,
    photo_url: photoUrlOf(row.id, row.photoFileId),
    rating: row.ratingTenths === null ? null : row.ratingTenths / 10,
    hours_billed: row.hoursBilled,
    badges,
    latest_job: row.latestJob,
    languages: row.languages,
    is_online: row.isOnline,
    is_shortlisted: row.isShortlisted,
  };
}

// One candidate as a company sees them, or undefined when they are not findable.
export async function findCandidate({
  db,
  companyId,
  applicantId,
}: {
  db: Database;
  companyId: string;
  applicantId: string;
}) {
  const [row] = await selectCandidates(db, companyId).where(and(eq(applicantProfiles.userId, applicantId), isFindable));
  return row ? toCandidate(row) : undefined;
}
