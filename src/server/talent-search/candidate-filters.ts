import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { TalentFilters } from '~/shared/talent-search';
import { applicantProfiles, talentSkills } from '../db/schema';
import { textArrayLiteral } from '../db/text-array-literal';
import { isFindable, isTopRated } from '../kernels/profiles/candidate-views';

const toCents = (dollars: number) => Math.round(dollars * 100);

// The web-search syntax ("python -django", "data engineer"). Called in place, not in a sub-select, so
// that the planner sees the words and estimates how many profiles hold them.
export const searchQueryOf = (q: string) => sql`websearch_to_tsquery('english', ${q})`;

// Some word of the query, other than one it excludes with "-", in the headline or skills.
export function strongMatchOf(q: string): SQL {
  const words = q
    .split(/\s+/)
    .map((word) => word.replaceAll('"', ''))
    .filter((word) => word && !word.startsWith('-'));
  return sql`${applicantProfiles.strongDocument} @@ websearch_to_tsquery('english', ${words.join(' or ')})`;
}

export const skillKeysOf = (skills: string[]) => skills.map((skill) => skill.toLowerCase());

// Every filter of a search, beside the rule that only listed, active applicants are found. Apart from
// the words, every column read here is carried by the sort orders' indexes (migration 0014).
// `overlappingZones` are the zones the working-hours filter admits (find-overlapping-zones.ts).
export function conditionsOf(filters: TalentFilters, overlappingZones: string[] = []): SQL {
  const conditions: SQL[] = [isFindable];
  // The words in the profile or in the CV's text: each has its GIN index, and the planner ORs the two.
  // A word excluded with "-" must be in neither, which only the two together can tell.
  if (filters.q) {
    const query = searchQueryOf(filters.q);
    conditions.push(sql`(${applicantProfiles.document} @@ ${query} or ${applicantProfiles.cvDocument} @@ ${query})`);
    if (/(^|\s)-\S/.test(filters.q)) {
      conditions.push(
        sql`(${applicantProfiles.document} || coalesce(${applicantProfiles.cvDocument}, ''::tsvector)) @@ ${query}`,
      );
    }
  }
  if (filters.skills.length > 0) {
    conditions.push(sql`${applicantProfiles.skillKeys} @> ${textArrayLiteral(skillKeysOf(filters.skills))}::text[]`);
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
  if (filters.overlap_hours !== undefined) {
    conditions.push(
      overlappingZones.length > 0
        ? sql`${applicantProfiles.timezone} = any(${textArrayLiteral(overlappingZones)}::text[])`
        : sql`false`,
    );
  }
  for (const badge of filters.badges) {
    if (badge === 'id_verified') conditions.push(sql`${applicantProfiles.idVerifiedAt} is not null`);
    if (badge === 'background_check') conditions.push(sql`${applicantProfiles.backgroundCheckedAt} is not null`);
    if (badge === 'top_rated') conditions.push(isTopRated);
  }
  return and(...conditions) as SQL;
}

// A rate order with skills asked for: every match charges within each skill's range of rates (kept on
// talent_skills, migration 0015), so the walk down or up the rate index may start at the tightest bound
// instead of passing over everyone who charges more, or less, than anyone with those skills. Redundant
// for the result, which it never changes.
export function rateBoundOf(filters: TalentFilters): SQL | undefined {
  if (filters.skills.length === 0) return undefined;
  const keys = sql`${textArrayLiteral(skillKeysOf(filters.skills))}::text[]`;
  if (filters.sort === 'rate_desc') {
    return sql`${applicantProfiles.hourlyRateCents} <= (select min(${talentSkills.maxRateCents}) from ${talentSkills} where ${talentSkills.key} = any(${keys}))`;
  }
  if (filters.sort === 'rate_asc') {
    return sql`${applicantProfiles.hourlyRateCents} >= (select max(${talentSkills.minRateCents}) from ${talentSkills} where ${talentSkills.key} = any(${keys}))`;
  }
  return undefined;
}
