import { and, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { cvDownloadUrlOf } from '~/shared/applicant-cv';
import { ratingOfTenths } from '~/shared/reviews';
import type { LanguageLevel } from '~/shared/talent-background';
import {
  type Candidate,
  ONLINE_WINDOW_MINUTES,
  type SearchExcerpt,
  type TalentBadge,
  TOP_RATED_MIN_RATING,
} from '~/shared/talent-search';
import type { Database } from '../../db/client';
import { applicantLanguages, applicantProfiles, applicantWorkHistory, shortlists, users } from '../../db/schema';
import { textArrayLiteral } from '../../db/text-array-literal';
import { companyMayReadCv } from './cv-access';
import { photoUrlOf } from './profile-views';

// The columns of a candidate as a company sees one in Talent Search and its shortlist.

// Listed profiles of active applicants. The accounts not active (suspended, a suspended company's people) are
// read once per query from their partial index into a hash that each profile is looked up in: `<> all(array)`
// compared every profile with each of them, 50 ms a search with 4,000 suspended.
export const isFindable: SQL = and(
  sql`${applicantProfiles.listed}`,
  sql`${applicantProfiles.userId} not in (select ${users.id} from ${users} where ${users.status} <> 'active')`,
) as SQL;

export const isTopRated = sql`${applicantProfiles.ratingTenths} >= ${Math.round(TOP_RATED_MIN_RATING * 10)}`;

// ts_headline marks the matched words with these; the CV's text holds no control characters
// (talent/cv-text-worker.ts), nor do the background's fields (single lines and descriptions of plain text), so
// they cannot be mistaken for their own.
const MATCH_START = '\u0001';
const MATCH_END = '\u0002';
// A fragment or two of some words around the matches, as a search engine's result shows.
const EXCERPT_OPTIONS = `StartSel="${MATCH_START}", StopSel="${MATCH_END}", MaxFragments=2, MaxWords=18, MinWords=6, FragmentDelimiter=" … "`;

// Where a search's words are in a candidate's CV, when they are there and the company may read the CV, and
// in their background (which every company reads): computed for the page's rows only.
function excerptsOf(words: string | Placeholder, mayRead: SQL<boolean>) {
  const query = sql`websearch_to_tsquery('english', ${words})`;
  return {
    isCvMatch: sql<boolean>`coalesce(${applicantProfiles.cvDocument} @@ ${query}, false)`,
    cvHeadline: sql<string | null>`case when ${applicantProfiles.cvDocument} @@ ${query} and ${mayRead}
      then ts_headline('english', ${applicantProfiles.cvText}, ${query}, ${EXCERPT_OPTIONS}) end`,
    backgroundHeadline: sql<
      string | null
    >`case when to_tsvector('english', ${applicantProfiles.backgroundText}) @@ ${query}
      then ts_headline('english', ${applicantProfiles.backgroundText}, ${query}, ${EXCERPT_OPTIONS}) end`,
  };
}

const noExcerpt = {
  isCvMatch: sql<boolean>`false`,
  cvHeadline: sql<string | null>`null`,
  backgroundHeadline: sql<string | null>`null`,
};

// "…led the \u0001Kubernetes\u0002 migration…" as parts, the matched ones marked.
function toExcerpt(headline: string): SearchExcerpt {
  const parts: SearchExcerpt = [];
  for (const [index, piece] of headline.split(MATCH_START).entries()) {
    const [matched, rest] = index === 0 ? [undefined, piece] : piece.split(MATCH_END);
    if (matched) parts.push({ text: matched, is_match: true });
    if (rest) parts.push({ text: rest, is_match: false });
  }
  return parts;
}

function candidateColumns(companyId: string | Placeholder, searchWords: string | Placeholder | undefined) {
  const mayReadCv = companyMayReadCv(companyId);
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
    reviewCount: applicantProfiles.reviewCount,
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
    hasCv: sql<boolean>`${applicantProfiles.cvFileId} is not null`,
    mayReadCv,
    ...(searchWords ? excerptsOf(searchWords, mayReadCv) : noExcerpt),
  };
}

// Candidates with what a card shows, before a where clause, an order and a page; with the words of a
// search, where they are in each one's CV and background.
export function selectCandidates(db: Database, companyId: string | Placeholder, searchWords?: string | Placeholder) {
  return db
    .select(candidateColumns(companyId, searchWords))
    .from(applicantProfiles)
    .innerJoin(users, eq(users.id, applicantProfiles.userId))
    .$dynamic();
}

type CandidateRow = Awaited<ReturnType<typeof selectCandidates>>[number];

// A page of Talent Search by its candidates' ids, in no order, with where the search's words are in each
// CV and background. Built once per database handle and shape, then prepared: building this statement was a sixth of a
// search's server CPU, and PostgreSQL keeps its plan.
const preparedPages = new WeakMap<Database, Map<boolean, ReturnType<typeof preparePage>>>();

function preparePage(db: Database, withWords: boolean) {
  return selectCandidates(db, sql.placeholder('companyId'), withWords ? sql.placeholder('words') : undefined)
    .where(sql`${applicantProfiles.userId} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare(withWords ? 'talent_page_with_words' : 'talent_page');
}

export function findCandidatesByIds({
  db,
  companyId,
  ids,
  searchWords,
}: {
  db: Database;
  companyId: string;
  ids: string[];
  searchWords?: string;
}): Promise<CandidateRow[]> {
  const withWords = Boolean(searchWords);
  const shapes = preparedPages.get(db) ?? new Map<boolean, ReturnType<typeof preparePage>>();
  preparedPages.set(db, shapes);
  const page = shapes.get(withWords) ?? preparePage(db, withWords);
  shapes.set(withWords, page);
  return page.execute({ companyId, ids: textArrayLiteral(ids), words: searchWords ?? '' });
}

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
    rating: ratingOfTenths(row.ratingTenths),
    review_count: row.reviewCount,
    hours_billed: row.hoursBilled,
    badges,
    latest_job: row.latestJob,
    languages: row.languages,
    is_online: row.isOnline,
    is_shortlisted: row.isShortlisted,
    cv: row.hasCv ? { can_download: row.mayReadCv, download_url: cvDownloadUrlOf(row.id) } : null,
    cv_match: row.isCvMatch ? { excerpt: row.cvHeadline ? toExcerpt(row.cvHeadline) : null } : null,
    background_match: row.backgroundHeadline ? { excerpt: toExcerpt(row.backgroundHeadline) } : null,
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
