import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { quickSkills, TALENT_SKILL_FACETS, type TalentFacets, type TalentFilters } from '~/shared/talent-search';
import type { Database } from '../db/client';
import { planEachTime } from '../db/named-statements';
import { integerColumn } from '../db/row-columns';
import { applicantProfiles, talentSkills } from '../db/schema';
import { selectRows } from '../db/select-rows';
import { textArrayLiteral } from '../db/text-array-literal';
import { keepValue, readKept, type SharedCache } from '../platform/shared-cache';
import { orderByOf, type SortKey } from './candidate-order';

// How many candidates a search finds, and how many of them have each level, availability, region and
// common skill. Up to a few thousand matches this is exact and current; past that, counting every match
// would cost the database seconds at a million profiles, so the figures are estimated from a sample.

export interface CandidateCounts {
  total: number;
  facets: TalentFacets;
  isEstimate: boolean;
}

// About this many profiles are read to estimate a large result set: a few per cent of error on any set
// of more than a few thousand, for some milliseconds of work.
const SAMPLE_ROWS = 20_000;
// The same pages are sampled for the same table, so paging through a search keeps its counts.
const SAMPLE_SEED = 12;
// An estimate is fresh this long: counts in the tens of thousands do not move meaningfully in a minute.
const ESTIMATE_FRESH_MS = 60_000;
// And kept this long, stale while one search refreshes it (platform/shared-cache.ts, readKept): at 20
// searches in flight, every one of them sampling the table when a popular search's estimate expired made
// the mix's p99 ten times its p95.
const ESTIMATE_KEPT_SECONDS = 300;

const countRow = z.object({
  facet: z.enum(['total', 'level', 'availability', 'region', 'skill', 'page']),
  value: z.string(),
  count: integerColumn,
});
type CountRow = z.output<typeof countRow>;

const facetColumns = sql`${applicantProfiles.experienceLevel} as level, ${applicantProfiles.availability} as availability,
  ${applicantProfiles.region} as region, ${applicantProfiles.skillKeys} as skill_keys`;

// The filter panel's quick skill chips, counted whatever their rank: a chip's count must not vanish
// because fifteen other skills are more common in the results (JavaScript among developers' many).
const quickSkillNames = sql`${textArrayLiteral([...quickSkills])}::text[]`;
const quickSkillKeys = sql`${textArrayLiteral(quickSkills.map((skill) => skill.toLowerCase()))}::text[]`;

// The counts of `matches` (a query's rows with the facet columns): its size, and where `isCounted` holds,
// its levels, availabilities and regions in one pass, and its skills: the most common and every quick
// skill (none: 0), each counted by its key and named as the skill suggestions name it (a quick skill
// no profile names, as the chip does). The skills are counted in one pass over the matches, the quick
// ones picked from those counts rather than counted again.
function countsOf(isCounted: SQL): SQL {
  return sql`
    select case when grouping(level) = 0 then 'level' when grouping(availability) = 0 then 'availability'
        when grouping(region) = 0 then 'region' else 'total' end as facet,
      coalesce(level::text, availability::text, region::text, '') as value, count(*)::int as count
    from matches group by grouping sets ((level), (availability), (region), ())
    -- The size always; the rest only where counted.
    having grouping(level, availability, region) = 7 or ${isCounted}
    union all
    select 'skill',
      coalesce((select ${talentSkills.name} from ${talentSkills} where ${talentSkills.key} = counted.key), max(counted.shown), counted.key),
      max(counted.count)
    from (
      select key, count, null::text as shown from (
        select key, count(*)::int as count, row_number() over (order by count(*) desc, key) as rank
        -- unnest in the select list, not the from list: a function scan keeps every row's keys apart first.
        from (select unnest(matches.skill_keys) as key from matches where ${isCounted}) as keys group by key
      ) as ranked
      where rank <= ${TALENT_SKILL_FACETS} or key = any(${quickSkillKeys})
      union all
      select lower(quick.name), 0, quick.name from unnest(${quickSkillNames}) as quick(name) where ${isCounted}
    ) as counted
    group by counted.key`;
}

function toCounts(rows: CountRow[], scale = 1): Omit<CandidateCounts, 'isEstimate'> {
  // An estimate keeps two significant figures: more would claim a precision it does not have. And it counts
  // people: 7.3 talents is 7.
  const scaled = (count: number) => (scale === 1 ? count : Math.round(Number((count * scale).toPrecision(2))));
  const of = <Value extends string>(facet: CountRow['facet']) =>
    rows
      .filter((row) => row.facet === facet)
      .map((row) => ({ value: row.value as Value, count: scaled(row.count) }))
      .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
  return {
    total: scaled(rows.find((row) => row.facet === 'total')?.count ?? 0),
    facets: {
      skills: of('skill'),
      level: of<TalentFacets['level'][number]['value']>('level'),
      availability: of('availability'),
      region: of('region'),
    },
  };
}

// A result set of at most `max` candidates, read whole: its exact counts and the ids of one page in
// order, from one read of the matches. Sorting every match is the safe way to page a small set: an
// ordered index walk would gamble on a few hundred matches sitting early in a million rows.
// Undefined when there are more than `max`.
export async function readSmallResultSet({
  db,
  where,
  keys,
  limit,
  offset,
  max,
}: {
  db: Database;
  where: SQL;
  keys: SortKey[];
  limit: number;
  offset: number;
  max: number;
}): Promise<{ counts: CandidateCounts; pageIds: string[] } | undefined> {
  const keyColumn = (index: number) => sql.raw(`key_${index}`);
  const keyColumns = sql.join(
    keys.map((key, index) => sql`${key.value} as ${keyColumn(index)}`),
    sql`, `,
  );
  const isSmall = sql`(select size.count from size) <= ${max}`;
  // The page by a top-N sort of the matches, numbered after it.
  const orderBy = orderByOf(keys, (_key, index) => keyColumn(index));
  const keyColumnNames = sql.join(
    keys.map((_key, index) => keyColumn(index)),
    sql`, `,
  );
  const rows = await selectRows(
    db,
    countRow,
    planEachTime(sql`with matches as materialized (
        select ${applicantProfiles.userId} as id, ${facetColumns}, ${keyColumns}
        from ${applicantProfiles} where ${where} limit ${max + 1}
      ), size as (select count(*) from matches)
      ${countsOf(isSmall)}
      union all
      select 'page', id::text, (${offset} + row_number() over (order by ${orderBy}))::int from (
        select id, ${keyColumnNames} from matches where ${isSmall} order by ${orderBy} limit ${limit} offset ${offset}
      ) as page`),
  );
  const counts = toCounts(rows);
  if (counts.total > max) return undefined;
  const pageIds = rows
    .filter((row) => row.facet === 'page')
    .sort((a, b) => a.count - b.count)
    .map((row) => row.value);
  return { counts: { ...counts, isEstimate: false }, pageIds };
}

// Everything that decides the result set, and nothing that only orders or pages it.
function cacheKeyOf(filters: TalentFilters): string {
  const { sort: _sort, page: _page, page_size: _pageSize, ...deciding } = filters;
  const normal = {
    ...deciding,
    skills: deciding.skills.map((skill) => skill.toLowerCase()).sort(),
    availability: [...deciding.availability].sort(),
    badges: [...deciding.badges].sort(),
  };
  return `talent-counts:${createHash('sha256').update(JSON.stringify(normal)).digest('base64url')}`;
}

// The estimate a search with the same filters made, whatever its sort or page: in the last minute, or
// earlier while another search refreshes it. Undefined when there is none, or this search is to refresh it.
export async function findEstimatedCounts(
  cache: SharedCache,
  filters: TalentFilters,
): Promise<CandidateCounts | undefined> {
  const kept = await readKept<CandidateCounts>(cache, cacheKeyOf(filters));
  return kept && !kept.isDueForRefresh ? kept.value : undefined;
}

// The sampled share of the table, in per cent: `sampleRows` of the rows the statistics know of. A table
// the statistics have not seen yet is read whole.
async function samplePercentOf(db: Database, sampleRows: number): Promise<number> {
  const rows = await selectRows(
    db,
    z.object({ rows: z.number() }),
    sql`select reltuples::float8 as rows from pg_class where oid = 'applicant_profiles'::regclass`,
  );
  const known = rows[0]?.rows ?? -1;
  return known > sampleRows ? (100 * sampleRows) / known : 100;
}

// The counts of a large result set, estimated from a repeatable sample of the table's pages and shared
// by every search with the same filters (findEstimatedCounts says for how long). `atLeast` is how many were
// already seen: the estimate never says fewer.
export async function estimateCounts({
  db,
  cache,
  filters,
  where,
  atLeast,
  sampleRows = SAMPLE_ROWS,
}: {
  db: Database;
  cache: SharedCache;
  filters: TalentFilters;
  where: SQL;
  atLeast: number;
  sampleRows?: number;
}): Promise<CandidateCounts> {
  const percent = await samplePercentOf(db, sampleRows);
  const rows = await selectRows(
    db,
    countRow,
    planEachTime(sql`with matches as materialized (
        select ${facetColumns} from ${applicantProfiles}
        tablesample system (${percent}::float4) repeatable (${SAMPLE_SEED}) where ${where}
      )
      ${countsOf(sql`true`)}`),
  );
  // A table too small to sample was read whole: those counts are exact, and not kept.
  if (percent >= 100) return { ...toCounts(rows), isEstimate: false };
  const estimate = { ...toCounts(rows, 100 / percent), isEstimate: true };
  estimate.total = Math.max(estimate.total, atLeast);
  await keepValue(cache, cacheKeyOf(filters), estimate, {
    freshMs: ESTIMATE_FRESH_MS,
    keptSeconds: ESTIMATE_KEPT_SECONDS,
  });
  return estimate;
}
