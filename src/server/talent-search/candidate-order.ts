import { type SQL, sql } from 'drizzle-orm';
import type { TalentFilters } from '~/shared/talent-search';
import { applicantProfiles } from '../db/schema';
import { textArrayLiteral } from '../db/text-array-literal';
import { skillKeysOf, strongMatchOf } from './candidate-filters';

// A search's order as a list of keys. Each direction is the one the sort's index holds (migration
// 0014), so that a walk reads that index in order.
export interface SortKey {
  value: SQL;
  direction: 'asc' | 'desc' | 'desc nulls last';
}

const byRating: SortKey[] = [
  // No rating yet comes after every rating.
  { value: sql`${applicantProfiles.ratingTenths}`, direction: 'desc nulls last' },
  { value: sql`${applicantProfiles.hoursBilled}`, direction: 'desc' },
];
const byId: SortKey = { value: sql`${applicantProfiles.userId}`, direction: 'asc' };
// The record: the order of Rating, and of Best Match among equals.
export const byRecord: SortKey[] = [...byRating, byId];

// The sorts that rank two tiers, each in the record's order: Best Match over words puts the words in the
// headline or skills above the words only in the summary; Proven Skills puts the profiles with every
// searched skill proven (with any skill proven, when none is searched) above the rest.
export function tierOf(filters: TalentFilters): SQL | undefined {
  if (filters.sort === 'best_match' && filters.q) return strongMatchOf(filters.q);
  if (filters.sort === 'proven_skills') {
    // The first condition is the proven index's own (migration 0014), so that the planner may read it.
    const hasProven = sql`cardinality(${applicantProfiles.provenSkillKeys}) > 0`;
    if (filters.skills.length === 0) return hasProven;
    return sql`${hasProven} and ${applicantProfiles.provenSkillKeys} @> ${textArrayLiteral(skillKeysOf(filters.skills))}::text[]`;
  }
  return undefined;
}

// Ties end on the id, so that pages never repeat or skip a candidate.
export function sortKeysOf(filters: TalentFilters): SortKey[] {
  const tier = tierOf(filters);
  if (tier) return [{ value: tier, direction: 'desc' }, ...byRecord];
  const rate = sql`${applicantProfiles.hourlyRateCents}`;
  switch (filters.sort) {
    case 'rate_asc':
      return [{ value: rate, direction: 'asc' }, byId];
    case 'rate_desc':
      // The rate index read backwards.
      return [
        { value: rate, direction: 'desc' },
        { ...byId, direction: 'desc' },
      ];
    case 'rating':
      return byRecord;
    case 'recent_activity':
      // Never seen comes last.
      return [{ value: sql`${applicantProfiles.lastActiveAt}`, direction: 'desc nulls last' }, byId];
    default:
      // Best Match without words: the record.
      return byRecord;
  }
}

// The keys as an ORDER BY list; `nameOf` names them where they were selected under other names.
export const orderByOf = (keys: SortKey[], nameOf = (key: SortKey, _index: number): SQL => key.value) =>
  sql.join(
    keys.map((key, index) => sql`${nameOf(key, index)} ${sql.raw(key.direction)}`),
    sql`, `,
  );
