import {
  type AnyColumn,
  and,
  arrayOverlaps,
  asc,
  desc,
  eq,
  gte,
  inArray,
  lt,
  ne,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { z } from 'zod';
import type { jobListQuerySchema, jobSorts } from '~/shared/jobs';
import { jobs } from '../db/schema';

// The launch date: when the job was first published, or created while it never was.
export const launchDate = sql<Date>`coalesce(${jobs.publishedAt}, ${jobs.createdAt})`;

export type JobListFilters = Pick<
  z.output<typeof jobListQuerySchema>,
  'q' | 'status' | 'tags' | 'launched_from' | 'launched_to'
> & {
  // Selected rows (the CSV export of a selection): these jobs, whatever their status, and no other filter.
  ids?: string[];
};

// The unit separator: no one types it, so a search never matches across two tags.
const TAG_SEPARATOR = '\u001f';
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);
const startOfDay = (day: string) => new Date(`${day}T00:00:00.000Z`);
const startOfNextDay = (day: string) => new Date(startOfDay(day).getTime() + 24 * 60 * 60 * 1000);

// The where clause of the job list and its CSV export, always inside the company.
export function buildJobListConditions(companyId: string, filters: JobListFilters): SQL {
  const conditions: SQL[] = [eq(jobs.companyId, companyId)];
  if (filters.ids && filters.ids.length > 0) {
    conditions.push(inArray(jobs.id, filters.ids));
    return and(...conditions) as SQL;
  }
  // Archived jobs stay out of the list unless asked for by status. The statuses travel as one array
  // literal (enum words, nothing to quote; both drivers pass a string alike), so the statement's text,
  // and its prepared plan, do not change with their number.
  conditions.push(
    filters.status.length > 0
      ? sql`${jobs.status} = any(${`{${[...new Set(filters.status)].join(',')}}`}::job_status[])`
      : ne(jobs.status, 'archived'),
  );
  const q = filters.q?.replaceAll(TAG_SEPARATOR, '');
  if (q) {
    // The title and tags, lower-cased and joined by a separator no search contains (jobs.search_text):
    // the same as "title or any tag contains q, ignoring case", as one LIKE over a stored column.
    conditions.push(sql`${jobs.searchText} like lower(${`%${escapeLike(q)}%`})`);
  }
  if (filters.tags.length > 0) conditions.push(arrayOverlaps(jobs.skillTags, filters.tags));
  // Inclusive days, in UTC.
  if (filters.launched_from) conditions.push(gte(launchDate, startOfDay(filters.launched_from)));
  if (filters.launched_to) conditions.push(lt(launchDate, startOfNextDay(filters.launched_to)));
  return and(...conditions) as SQL;
}

export interface JobSortKeys {
  launch: SQLWrapper | AnyColumn;
  title: SQLWrapper | AnyColumn;
  applications: SQLWrapper | AnyColumn;
  id: SQLWrapper | AnyColumn;
}

// The sort keys of the jobs table itself (the title key is its lower case).
export const jobSortKeys = (applications: SQLWrapper | AnyColumn): JobSortKeys => ({
  launch: launchDate,
  title: sql`lower(${jobs.title})`,
  applications,
  id: jobs.id,
});

// Ties are broken by id so pages never repeat or skip a job.
export function buildJobListOrder(sort: (typeof jobSorts)[number], keys: JobSortKeys): SQL[] {
  switch (sort) {
    case 'launch_date_asc':
      return [asc(keys.launch), asc(keys.id)];
    case 'title_asc':
      return [asc(keys.title), asc(keys.id)];
    case 'applications_desc':
      return [desc(keys.applications), desc(keys.launch), desc(keys.id)];
    default:
      return [desc(keys.launch), desc(keys.id)];
  }
}
