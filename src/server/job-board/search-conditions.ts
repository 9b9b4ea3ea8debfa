import { and, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { JobBoardSort, jobBoardQuerySchema } from '~/shared/job-board';
import { companies, jobs } from '../db/schema';

export type JobBoardFilters = z.output<typeof jobBoardQuerySchema>;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);
// A text[] literal ({"react","node.js"}): both drivers pass it as one string, whatever the skills hold.
const textArrayLiteral = (items: string[]) =>
  `{${items.map((item) => `"${item.replace(/[\\"]/g, (character) => `\\${character}`)}"`).join(',')}}`;
const toCents = (dollars: number) => Math.round(dollars * 100);

// The search: web-search syntax ("react -angular", "customer support") against the job's document
// (title and skills weigh more than the description), or part of the company's name.
export const searchQuery = (q: string) => sql`websearch_to_tsquery('english', ${q})`;

// The filters of Find Jobs, beside the visibility rule the caller adds.
export function buildSearchConditions(filters: JobBoardFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.q) {
    // The company side is a list of ids worked out once, so that both sides are index scans (GIN on the
    // document, the company index) OR-ed as bitmaps, rather than a filter over every open job.
    conditions.push(
      or(
        sql`${jobs.document} @@ ${searchQuery(filters.q)}`,
        sql`${jobs.companyId} = any(array(select ${companies.id} from ${companies} where ${companies.name} ilike ${`%${escapeLike(filters.q)}%`}))`,
      ) as SQL,
    );
  }
  if (filters.engagement_type) conditions.push(eq(jobs.engagementType, filters.engagement_type));
  // The pay must reach into the range: an hourly job's rates overlap it, a fixed price falls in it. A job
  // that names no budget says nothing about the range, so it is left out once a range is asked for.
  const hourlyTop = sql`coalesce(${jobs.budgetMaxCents}, ${jobs.budgetMinCents})`;
  const hourlyBottom = sql`coalesce(${jobs.budgetMinCents}, ${jobs.budgetMaxCents})`;
  if (filters.rate_min !== undefined) {
    const min = toCents(filters.rate_min);
    conditions.push(
      sql`(case when ${jobs.engagementType} = 'hourly' then ${hourlyTop} else ${jobs.budgetTotalCents} end) >= ${min}`,
    );
  }
  if (filters.rate_max !== undefined) {
    const max = toCents(filters.rate_max);
    conditions.push(
      sql`(case when ${jobs.engagementType} = 'hourly' then ${hourlyBottom} else ${jobs.budgetTotalCents} end) <= ${max}`,
    );
  }
  if (filters.skills.length > 0) {
    const wanted = textArrayLiteral(filters.skills.map((skill) => skill.toLowerCase()));
    conditions.push(sql`${jobs.skillKeys} && ${wanted}::text[]`);
  }
  if (filters.timezone) conditions.push(eq(jobs.timezone, filters.timezone));
  return conditions;
}

const postedAt = sql`coalesce(${jobs.publishedAt}, ${jobs.createdAt})`;

// Ties end on the id so that pages never repeat or skip a job.
export function buildSearchOrder(sort: JobBoardSort, q: string | undefined): SQL[] {
  const newest = [desc(postedAt), desc(jobs.id)];
  if (sort === 'best_match' && q) {
    return [desc(sql`ts_rank(${jobs.document}, ${searchQuery(q)})`), ...newest];
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
