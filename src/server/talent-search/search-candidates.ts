import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import {
  TALENT_SKILL_FACETS,
  type TalentFacets,
  type TalentFilters,
  type TalentSearchResult,
} from '~/shared/talent-search';
import type { Database } from '../db/client';
import { applicantProfiles } from '../db/schema';
import { textArrayLiteral } from '../db/text-array-literal';
import { isFindable, isTopRated, selectCandidates, toCandidate } from './candidate-views';

const toCents = (dollars: number) => Math.round(dollars * 100);

// The web-search syntax ("python -django", "data engineer") parsed once per query.
const searchQueryOf = (q: string) => sql`(select websearch_to_tsquery('english', ${q}))`;

// Every filter of a search, beside the rule that only listed, active applicants are found.
function conditionsOf(filters: TalentFilters): SQL {
  const conditions: SQL[] = [isFindable];
  if (filters.q) conditions.push(sql`${applicantProfiles.document} @@ ${searchQueryOf(filters.q)}`);
  if (filters.skills.length > 0) {
    const keys = textArrayLiteral(filters.skills.map((skill) => skill.toLowerCase()));
    conditions.push(sql`${applicantProfiles.skillKeys} @> ${keys}::text[]`);
  }
  if (filters.rate_min !== undefined) {
    conditions.push(sql`${applicantProfiles.hourlyRateCents} >= ${toCents(filters.rate_min)}`);
  }
  if (filters.rate_max !== undefined) {
    conditions.push(sql`${applicantProfiles.hourlyRateCents} <= ${toCents(filters.rate_max)}`);
  }
  if (filters.level) conditions.push(eq(applicantProfiles.experienceLevel, filters.level));
  if (filters.availability.length > 0) {
    conditions.push(
      sql`${applicantProfiles.availability} in (${sql.join(
        filters.availability.map((value) => sql`${value}`),
        sql`, `,
      )})`,
    );
  }
  if (filters.region) conditions.push(eq(applicantProfiles.region, filters.region));
  for (const badge of filters.badges) {
    if (badge === 'id_verified') conditions.push(sql`${applicantProfiles.idVerifiedAt} is not null`);
    if (badge === 'background_check') conditions.push(sql`${applicantProfiles.backgroundCheckedAt} is not null`);
    if (badge === 'top_rated') conditions.push(isTopRated);
  }
  return and(...conditions) as SQL;
}

// Ties end on the id, so that pages never repeat or skip a candidate.
function orderOf(filters: TalentFilters): SQL[] {
  const byId = asc(applicantProfiles.userId);
  const byRating = [sql`${applicantProfiles.ratingTenths} desc nulls last`, desc(applicantProfiles.hoursBilled)];
  switch (filters.sort) {
    case 'rate_asc':
      return [asc(applicantProfiles.hourlyRateCents), byId];
    case 'rate_desc':
      return [desc(applicantProfiles.hourlyRateCents), byId];
    case 'rating':
      return [...byRating, byId];
    case 'recent_activity':
      return [sql`${applicantProfiles.lastActiveAt} desc nulls last`, byId];
    default:
      // Best Match: how well the words match (headline and skills above the summary), then the record.
      return filters.q
        ? [desc(sql`ts_rank(${applicantProfiles.document}, ${searchQueryOf(filters.q)})`), ...byRating, byId]
        : [...byRating, byId];
  }
}

type FacetRow = { facet: 'level' | 'availability' | 'region' | 'skill'; value: string; count: number };

// The counts of the current result set by level, availability and region, and its most common skills
// (the spelling most profiles use, grouped whatever the case: a profile names a skill once). The matches are read once for all four.
async function facetsOf(db: Database, where: SQL): Promise<{ facets: TalentFacets; total: number }> {
  // Both drivers answer raw queries with { rows }.
  const { rows } = (await db.execute(sql`
    with matches as materialized (
      select ${applicantProfiles.experienceLevel} as level, ${applicantProfiles.availability} as availability,
        ${applicantProfiles.region} as region, ${applicantProfiles.skills} as skills
      from ${applicantProfiles} where ${where}
    )
    select 'level' as facet, level::text as value, count(*)::int as count from matches group by level
    union all
    select 'availability', availability::text, count(*)::int from matches group by availability
    union all
    select 'region', region::text, count(*)::int from matches group by region
    union all
    (select 'skill', mode() within group (order by skill), count(*)::int
      from matches, unnest(matches.skills) as skill
      group by lower(skill) order by 3 desc, 2 limit ${TALENT_SKILL_FACETS})
  `)) as unknown as { rows: FacetRow[] };
  const of = <Value extends string>(facet: FacetRow['facet']) =>
    rows
      .filter((row) => row.facet === facet)
      .map((row) => ({ value: row.value as Value, count: Number(row.count) }))
      .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
  const level = of<TalentFacets['level'][number]['value']>('level');
  return {
    facets: {
      skills: of('skill'),
      level,
      availability: of('availability'),
      region: of('region'),
    },
    // Every listed profile has a level: the level counts add up to the result set.
    total: level.reduce((sum, entry) => sum + entry.count, 0),
  };
}

// Talent Search: listed, active applicants matching the filters, sorted and paged in the database, with
// the result set's facet counts. Each says whether it is on the caller's company's shortlist.
export async function searchCandidates({
  db,
  companyId,
  filters,
}: {
  db: Database;
  companyId: string;
  filters: TalentFilters;
}): Promise<TalentSearchResult> {
  const where = conditionsOf(filters);
  const { page, page_size: pageSize } = filters;
  const [rows, { facets, total }] = await Promise.all([
    selectCandidates(db, companyId)
      .where(where)
      .orderBy(...orderOf(filters))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    facetsOf(db, where),
  ]);
  return { items: rows.map(toCandidate), total, page, page_size: pageSize, facets };
}
