import { type AnyColumn, and, asc, desc, inArray, ne, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { jobListQuerySchema, jobSorts } from '~/shared/jobs';
import { jobs } from '../db/schema';

// The launch date: when the job was first published, or created while it never was.
const launchDate = sql<Date>`coalesce(${jobs.publishedAt}, ${jobs.createdAt})`;

type JobListFilters = Pick<
  z.output<typeof jobListQuerySchema>,
  'q' | 'status' | 'tags' | 'launched_from' | 'launched_to'
> & {
  // Selected rows (the CSV export of a selection): these jobs, whatever their status, and no other filter.
  ids?: string[];
};

// The unit separator: no one types it, so a search never matches across two tags.
const TAG_SEPARATOR = '\u001f';
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);
// A text[] literal ({"React","Node.js"}): both drivers pass it as one string, whatever the tags hold.
const textArrayLiteral = (items: string[]) =>
  `{${items.map((item) => `"${item.replace(/[\\"]/g, (character) => `\\${character}`)}"`).join(',')}}`;

// The values of the where clause, by name (a prepared list statement takes them as its parameters).
export function jobListValues(companyId: string, filters: JobListFilters) {
  const q = filters.q?.replaceAll(TAG_SEPARATOR, '');
  return {
    companyId,
    // Enum words, nothing to quote.
    statuses: `{${[...new Set(filters.status)].join(',')}}`,
    pattern: q ? `%${escapeLike(q)}%` : null,
    tags: textArrayLiteral(filters.tags),
    // Days as given (YYYY-MM-DD); the database turns them into instants.
    launchedFrom: filters.launched_from ?? null,
    launchedTo: filters.launched_to ?? null,
  };
}
type JobListValues = ReturnType<typeof jobListValues>;

// Where each value goes in the SQL: the value itself, or a placeholder filled when a prepared
// statement runs (find-jobs.ts builds the list statement once per shape of filters).
type JobListParameter = (name: keyof JobListValues, value: JobListValues[keyof JobListValues]) => unknown;
const inlineValues: JobListParameter = (_, value) => value;
export const placeholders: JobListParameter = (name) => sql.placeholder(name);

// The where clause of the job list and its CSV export, always inside the company.
export function buildJobListConditions(
  companyId: string,
  filters: JobListFilters,
  parameter: JobListParameter = inlineValues,
): SQL {
  const values = jobListValues(companyId, filters);
  const value = (name: keyof JobListValues) => parameter(name, values[name]);
  const conditions: SQL[] = [sql`${jobs.companyId} = ${value('companyId')}`];
  if (filters.ids && filters.ids.length > 0) {
    conditions.push(inArray(jobs.id, filters.ids));
    return and(...conditions) as SQL;
  }
  // Archived jobs stay out of the list unless asked for by status. The statuses travel as one array
  // literal, so the statement's text, and its prepared plan, do not change with their number.
  conditions.push(
    filters.status.length > 0
      ? sql`${jobs.status} = any(${value('statuses')}::job_status[])`
      : ne(jobs.status, 'archived'),
  );
  // The title and tags, lower-cased and joined by a separator no search contains (jobs.search_text):
  // the same as "title or any tag contains q, ignoring case", as one LIKE over a stored column.
  if (values.pattern) conditions.push(sql`${jobs.searchText} like lower(${value('pattern')})`);
  if (filters.tags.length > 0) conditions.push(sql`${jobs.skillTags} && ${value('tags')}::text[]`);
  // Inclusive days, in UTC. The day after is reckoned by the database: in JavaScript the day after
  // 9999-12-31 is written "+010000-01-01", which PostgreSQL cannot read.
  if (values.launchedFrom) {
    conditions.push(sql`${launchDate} >= (${value('launchedFrom')}::date)::timestamp at time zone 'UTC'`);
  }
  if (values.launchedTo) {
    conditions.push(sql`${launchDate} < (${value('launchedTo')}::date + 1)::timestamp at time zone 'UTC'`);
  }
  return and(...conditions) as SQL;
}

interface JobSortKeys {
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
