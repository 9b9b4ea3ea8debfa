import { and, count, desc, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { JobBoardSort, jobBoardQuerySchema } from '~/shared/job-board';
import type { Database } from '../db/client';
import { shapeFrom, shapeHas } from '../db/prepared-statements';
import { companies, jobs } from '../db/schema';
import { textArrayLiteral } from '../db/text-array-literal';

export type JobBoardFilters = z.output<typeof jobBoardQuerySchema>;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);
const toCents = (dollars: number) => Math.round(dollars * 100);

// Find Jobs is a prepared statement per search shape (db/prepared-statements.ts): which filters are
// present and the sort decide the SQL, and the values below fill its placeholders.
export function searchShapeOf(filters: JobBoardFilters) {
  return shapeFrom([
    filters.sort,
    Boolean(filters.q) && 'q',
    Boolean(filters.engagement_type) && 'type',
    filters.rate_min !== undefined && 'min',
    filters.rate_max !== undefined && 'max',
    filters.skills.length > 0 && 'skills',
    Boolean(filters.timezone) && 'tz',
  ]);
}

export function searchValuesOf(filters: JobBoardFilters) {
  return {
    q: filters.q,
    companyNamePattern: filters.q ? `%${escapeLike(filters.q)}%` : undefined,
    engagementType: filters.engagement_type,
    rateMinCents: filters.rate_min === undefined ? undefined : toCents(filters.rate_min),
    rateMaxCents: filters.rate_max === undefined ? undefined : toCents(filters.rate_max),
    skillKeys:
      filters.skills.length > 0 ? textArrayLiteral(filters.skills.map((skill) => skill.toLowerCase())) : undefined,
    timezone: filters.timezone,
  };
}

// The search: web-search syntax ("react -angular", "customer support") against the job's document
// (title and skills weigh more than the description), or part of the company's name. The query is
// parsed once, as a sub-select: in a prepared statement's generic plan a bare call would parse the
// words again for every row it tests.
const searchQuery = sql`(select websearch_to_tsquery('english', ${sql.placeholder('q')}))`;

// The filters of Find Jobs for a search shape, beside the visibility rule the caller adds.
export function buildSearchConditions(shape: string): SQL[] {
  const conditions: SQL[] = [];
  if (shapeHas(shape, 'q')) {
    // The company side is a list of ids worked out once, so that both sides are index scans (GIN on the
    // document, the company index) OR-ed as bitmaps, rather than a filter over every open job.
    conditions.push(
      or(
        sql`${jobs.document} @@ ${searchQuery}`,
        sql`${jobs.companyId} = any(array(select ${companies.id} from ${companies} where ${companies.name} ilike ${sql.placeholder('companyNamePattern')}))`,
      ) as SQL,
    );
  }
  if (shapeHas(shape, 'type')) conditions.push(sql`${jobs.engagementType} = ${sql.placeholder('engagementType')}`);
  // The pay must reach into the range: an hourly job's rates overlap it, a fixed price falls in it. A job
  // that names no budget says nothing about the range, so it is left out once a range is asked for.
  const hourlyTop = sql`coalesce(${jobs.budgetMaxCents}, ${jobs.budgetMinCents})`;
  const hourlyBottom = sql`coalesce(${jobs.budgetMinCents}, ${jobs.budgetMaxCents})`;
  if (shapeHas(shape, 'min')) {
    conditions.push(
      sql`(case when ${jobs.engagementType} = 'hourly' then ${hourlyTop} else ${jobs.budgetTotalCents} end) >= ${sql.placeholder('rateMinCents')}`,
    );
  }
  if (shapeHas(shape, 'max')) {
    conditions.push(
      sql`(case when ${jobs.engagementType} = 'hourly' then ${hourlyBottom} else ${jobs.budgetTotalCents} end) <= ${sql.placeholder('rateMaxCents')}`,
    );
  }
  if (shapeHas(shape, 'skills')) conditions.push(sql`${jobs.skillKeys} && ${sql.placeholder('skillKeys')}::text[]`);
  if (shapeHas(shape, 'tz')) conditions.push(sql`${jobs.timezone} = ${sql.placeholder('timezone')}`);
  return conditions;
}

const postedAt = sql`coalesce(${jobs.publishedAt}, ${jobs.createdAt})`;

// Ties end on the id so that pages never repeat or skip a job.
export function buildSearchOrder(shape: string): SQL[] {
  const newest = [desc(postedAt), desc(jobs.id)];
  const sort = shape.split('.')[0] as JobBoardSort;
  if (sort === 'best_match' && shapeHas(shape, 'q')) {
    return [desc(sql`ts_rank(${jobs.document}, ${searchQuery})`), ...newest];
  }
  if (sort === 'highest_rate') {
    // Hourly jobs by their top rate first; fixed-price jobs (a total, not a rate) after them by total.
    return [
      sql`(case when ${jobs.engagementType} = 'hourly' then coalesce(${jobs.budgetMaxCents}, ${jobs.budgetMinCents}) end) desc nulls last`,
      sql`${jobs.budgetTotalCents} desc nulls last`,
      ...newest,
    ];
  }
  return newest;
}

export const allOf = (conditions: SQL[]) => and(...conditions) as SQL;

// The whole board, newest first (no filter; Best Match without words is newest first too). Its page walks
// jobs_open_posted_idx in order and stops, and its total is counted apart from that index alone: a
// window count would read and sort every open job (10,000) for each page.
export const isWholeBoard = (shape: string) => shape === 'newest' || shape === 'best_match';

// One page of a search among the jobs `visible` lets through (a rule of kernels/hiring/job-visibility.ts): chosen
// and counted on the narrow columns of every match (a window count beside each id), in the search's order;
// the caller reads only the page's own rows whole. The whole board's page carries no count (null).
export function searchPageOfIds(db: Database, shape: string, visible: SQL) {
  const total = isWholeBoard(shape) ? sql<number | null>`null::int` : sql<number | null>`(count(*) over ())::int`;
  return db
    .select({ id: jobs.id, total: total.as('total') })
    .from(jobs)
    .where(allOf([visible, ...buildSearchConditions(shape)]))
    .orderBy(...buildSearchOrder(shape))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('page_of_jobs');
}

// Past the last page the window count has no row to ride on, and the whole board has none: the matches
// counted alone.
export function searchCountOf(db: Database, shape: string, visible: SQL) {
  return db
    .select({ value: count() })
    .from(jobs)
    .where(allOf([visible, ...buildSearchConditions(shape)]));
}

// The total beside a page: the window count its rows carry, else the matches counted alone (the whole
// board's always, in parallel with its page; another search's only past its last page).
export async function totalOf(
  shape: string,
  page: number,
  pageRows: Promise<Array<{ total: number | null }>>,
  countMatches: () => Promise<Array<{ value: number }>>,
): Promise<number> {
  if (isWholeBoard(shape)) {
    const [counted] = await Promise.all([countMatches(), pageRows]);
    return counted[0]?.value ?? 0;
  }
  const rows = await pageRows;
  const carried = rows[0]?.total;
  if (carried !== undefined && carried !== null) return carried;
  return page > 1 ? ((await countMatches())[0]?.value ?? 0) : 0;
}
