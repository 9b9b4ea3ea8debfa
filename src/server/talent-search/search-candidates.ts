import { type SQL, sql } from 'drizzle-orm';
import { TALENT_EXACT_COUNT_MAX, type TalentFilters, type TalentSearchResult } from '~/shared/talent-search';
import type { Database } from '../db/client';
import { planEachTime } from '../db/named-statements';
import { idRow } from '../db/row-columns';
import { applicantProfiles } from '../db/schema';
import { selectRows } from '../db/select-rows';
import { findCandidatesByIds, toCandidate } from '../kernels/profiles/candidate-views';
import type { SharedCache } from '../platform/shared-cache';
import { conditionsOf, rateBoundOf } from './candidate-filters';
import { byRecord, orderByOf, type SortKey, sortKeysOf, tierOf } from './candidate-order';
import { type CandidateCounts, estimateCounts, findEstimatedCounts, readSmallResultSet } from './count-candidates';
import { findOverlappingZones } from './find-overlapping-zones';

const idsOf = async (db: Database, query: SQL) => (await selectRows(db, idRow, query)).map((row) => row.id);

// One page of a large set: the sort's index is walked until the page is filled, matches being common.
// Only ids are read, from the index alone where the filters allow.
const walkOf = (db: Database, where: SQL, keys: SortKey[], limit: number, offset: number) =>
  idsOf(
    db,
    planEachTime(sql`select ${applicantProfiles.userId} as id from ${applicantProfiles} where ${where}
      order by ${orderByOf(keys)} limit ${limit} offset ${offset}`),
  );

// The ids of one page of a large result set, in order.
async function walkLargeSet({
  db,
  filters,
  where,
  counts,
  limit,
  offset,
}: {
  db: Database;
  filters: TalentFilters;
  where: SQL;
  counts: CandidateCounts;
  limit: number;
  offset: number;
}): Promise<string[]> {
  const tier = tierOf(filters);
  if (!tier) {
    const rateBound = rateBoundOf(filters);
    return walkOf(db, rateBound ? sql`${where} and ${rateBound}` : where, sortKeysOf(filters), limit, offset);
  }

  // Two tiers, each walking the record's index; the second is read only on the page where the first
  // runs out.
  const firstIds = await walkOf(db, sql`${where} and ${tier}`, byRecord, offset + limit, 0);
  if (firstIds.length >= offset + limit) return firstIds.slice(offset);
  const restWhere = sql`${where} and not (${tier})`;
  const restOffset = Math.max(0, offset - firstIds.length);
  const restLimit = limit - Math.max(0, firstIds.length - offset);
  // Few left, by the estimate: read them whole rather than walk a million rows for them.
  const smallRest =
    counts.total - firstIds.length < 2 * TALENT_EXACT_COUNT_MAX
      ? await readSmallResultSet({
          db,
          where: restWhere,
          keys: byRecord,
          limit: restLimit,
          offset: restOffset,
          max: 4 * TALENT_EXACT_COUNT_MAX,
        })
      : undefined;
  const restIds = smallRest?.pageIds ?? (await walkOf(db, restWhere, byRecord, restLimit, restOffset));
  return [...firstIds.slice(offset), ...restIds];
}

// Talent Search: listed, active applicants matching the filters, sorted and paged in the database, with
// the result set's size and facet counts (count-candidates.ts says when they are estimated). Each says
// whether it is on the caller's company's shortlist.
export async function searchCandidates({
  db,
  cache,
  companyId,
  filters,
  exactCountMax = TALENT_EXACT_COUNT_MAX,
  sampleRows,
}: {
  db: Database;
  cache: SharedCache;
  companyId: string;
  filters: TalentFilters;
  // Tests lower these to reach the walks and the estimates with a few profiles.
  exactCountMax?: number;
  sampleRows?: number;
}): Promise<TalentSearchResult> {
  const overlappingZones =
    filters.overlap_hours !== undefined && filters.overlap_with
      ? await findOverlappingZones({ db, cache, zone: filters.overlap_with, hours: filters.overlap_hours })
      : [];
  const where = conditionsOf(filters, overlappingZones);
  const limit = filters.page_size;
  const offset = (filters.page - 1) * limit;

  let counts = await findEstimatedCounts(cache, filters);
  let pageIds: string[] | undefined;
  if (!counts) {
    const small = await readSmallResultSet({ db, where, keys: sortKeysOf(filters), limit, offset, max: exactCountMax });
    if (small) ({ counts, pageIds } = small);
    else counts = await estimateCounts({ db, cache, filters, where, atLeast: exactCountMax + 1, sampleRows });
  }
  pageIds ??= await walkLargeSet({ db, filters, where, counts, limit, offset });

  const rows =
    pageIds.length > 0 ? await findCandidatesByIds({ db, companyId, ids: pageIds, searchWords: filters.q }) : [];
  const position = new Map(pageIds.map((id, index) => [id, index]));
  rows.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
  return {
    items: rows.map(toCandidate),
    total: counts.total,
    total_is_estimate: counts.isEstimate,
    page: filters.page,
    page_size: filters.page_size,
    facets: counts.facets,
  };
}
