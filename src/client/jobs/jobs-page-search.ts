import { type TestListQuery, type TestType, testTypes } from '~/shared/assessments';
import { type JobListQuery, type JobStatus, jobStatuses } from '~/shared/jobs';

// The state of /company/jobs kept in its URL, so a reload, a shared link and the Back button all land on
// the same tab, filters and page: ?tab=job-posts&q=react&status=open,paused&page=2 …

export const jobsPageTabs = ['job-posts', 'tests', 'analytics'] as const;
export type JobsPageTab = (typeof jobsPageTabs)[number];

export const JOBS_PAGE_SIZE = 20;
export const TESTS_PAGE_SIZE = 20;

export interface JobPostFilters {
  q: string;
  status: JobStatus[];
  tags: string[];
  // Launch date range, inclusive days (YYYY-MM-DD).
  launchedFrom: string | null;
  launchedTo: string | null;
  page: number;
}

export interface TestFilters {
  q: string;
  type: TestType | null;
  favoritesOnly: boolean;
  showArchived: boolean;
  page: number;
}

// A change to the URL: a string sets the key, null or '' removes it.
export type SearchPatch = Record<string, string | null>;

// ?applications=interviewing lists the applications the Pending Interviews card counts.
export const applicationsSearchKey = 'applications';

// The names each setting has in the URL.
export const jobSearchKeys = {
  q: 'q',
  status: 'status',
  tags: 'tags',
  launchedFrom: 'launched_from',
  launchedTo: 'launched_to',
  page: 'page',
} as const;

export const testSearchKeys = {
  q: 'test_q',
  type: 'test_type',
  favoritesOnly: 'favorites',
  showArchived: 'archived',
  page: 'test_page',
} as const;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const isOneOf = <Value extends string>(values: readonly Value[], value: string): value is Value =>
  (values as readonly string[]).includes(value);

function list(params: URLSearchParams, key: string): string[] {
  const value = params.get(key);
  if (!value) return [];
  return [
    ...new Set(
      value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    ),
  ];
}

function pageNumber(params: URLSearchParams, key: string): number {
  const page = Number(params.get(key));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

function date(params: URLSearchParams, key: string): string | null {
  const value = params.get(key);
  return value && ISO_DATE.test(value) ? value : null;
}

export function readTab(params: URLSearchParams): JobsPageTab {
  const tab = params.get('tab') ?? '';
  return isOneOf(jobsPageTabs, tab) ? tab : 'job-posts';
}

// Unknown values in a hand-edited URL are ignored rather than sent to the server to be refused.
export function readJobFilters(params: URLSearchParams): JobPostFilters {
  return {
    q: params.get(jobSearchKeys.q)?.trim() ?? '',
    status: list(params, jobSearchKeys.status).filter((status) => isOneOf(jobStatuses, status)),
    tags: list(params, jobSearchKeys.tags),
    launchedFrom: date(params, jobSearchKeys.launchedFrom),
    launchedTo: date(params, jobSearchKeys.launchedTo),
    page: pageNumber(params, jobSearchKeys.page),
  };
}

export function readTestFilters(params: URLSearchParams): TestFilters {
  const type = params.get(testSearchKeys.type) ?? '';
  return {
    q: params.get(testSearchKeys.q)?.trim() ?? '',
    type: isOneOf(testTypes, type) ? type : null,
    favoritesOnly: params.get(testSearchKeys.favoritesOnly) === 'true',
    showArchived: params.get(testSearchKeys.showArchived) === 'true',
    page: pageNumber(params, testSearchKeys.page),
  };
}

// Whether a filter narrows the job list (the page number is not a filter).
export function hasJobFilters(filters: JobPostFilters): boolean {
  return Boolean(
    filters.q || filters.status.length || filters.tags.length || filters.launchedFrom || filters.launchedTo,
  );
}

export function hasTestFilters(filters: TestFilters): boolean {
  return Boolean(filters.q || filters.type || filters.favoritesOnly || filters.showArchived);
}

// Removes every job filter and the page number; the other tabs keep theirs.
export const clearedJobFilters: SearchPatch = Object.fromEntries(
  Object.values(jobSearchKeys).map((key) => [key, null]),
);

export const clearedTestFilters: SearchPatch = Object.fromEntries(
  Object.values(testSearchKeys).map((key) => [key, null]),
);

export function applySearchPatch(params: URLSearchParams, patch: SearchPatch): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(patch)) {
    if (value === null || value === '') next.delete(key);
    else next.set(key, value);
  }
  return next;
}

// A changed filter shows its first page again.
export function jobFilterPatch(patch: Partial<Omit<JobPostFilters, 'page'>>): SearchPatch {
  const result: SearchPatch = { [jobSearchKeys.page]: null };
  if (patch.q !== undefined) result[jobSearchKeys.q] = patch.q.trim();
  if (patch.status !== undefined) result[jobSearchKeys.status] = patch.status.join(',');
  if (patch.tags !== undefined) result[jobSearchKeys.tags] = patch.tags.join(',');
  if (patch.launchedFrom !== undefined) result[jobSearchKeys.launchedFrom] = patch.launchedFrom;
  if (patch.launchedTo !== undefined) result[jobSearchKeys.launchedTo] = patch.launchedTo;
  return result;
}

export function testFilterPatch(patch: Partial<Omit<TestFilters, 'page'>>): SearchPatch {
  const result: SearchPatch = { [testSearchKeys.page]: null };
  if (patch.q !== undefined) result[testSearchKeys.q] = patch.q.trim();
  if (patch.type !== undefined) result[testSearchKeys.type] = patch.type;
  if (patch.favoritesOnly !== undefined) result[testSearchKeys.favoritesOnly] = patch.favoritesOnly ? 'true' : null;
  if (patch.showArchived !== undefined) result[testSearchKeys.showArchived] = patch.showArchived ? 'true' : null;
  return result;
}

export function pagePatch(key: string, page: number): SearchPatch {
  return { [key]: page > 1 ? String(page) : null };
}

// The filters as GET /api/jobs and /api/jobs/export.csv take them.
export function toJobListQuery(filters: JobPostFilters): JobListQuery {
  return {
    q: filters.q || undefined,
    status: filters.status.length ? filters.status.join(',') : undefined,
    tags: filters.tags.length ? filters.tags.join(',') : undefined,
    launched_from: filters.launchedFrom ?? undefined,
    launched_to: filters.launchedTo ?? undefined,
    page: filters.page,
    page_size: JOBS_PAGE_SIZE,
  };
}

export function toTestListQuery(filters: TestFilters): TestListQuery {
  return {
    q: filters.q || undefined,
    type: filters.type ?? undefined,
    favorites_only: filters.favoritesOnly ? 'true' : undefined,
    include_archived: filters.showArchived ? 'true' : undefined,
    page: filters.page,
    page_size: TESTS_PAGE_SIZE,
  };
}
