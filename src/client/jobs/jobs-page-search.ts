import { defineListSearch, isOneOf, type ListSearchStateOf, searchParam } from '~/client/lib/list-search';
import { type JobListQuery, jobSorts, jobStatuses } from '~/shared/jobs';

// The state of /company/jobs kept in its URL, so a reload, a shared link and the Back button all land on
// the same tab, filters and page: ?tab=job-posts&q=react&status=open,paused&page=2 …

export const jobsPageTabs = ['job-posts', 'tests', 'analytics'] as const;
export type JobsPageTab = (typeof jobsPageTabs)[number];

// ?applications=interviewing lists the applications the Pending Interviews card counts.
export const applicationsSearchKey = 'applications';

export function readTab(params: URLSearchParams): JobsPageTab {
  const tab = params.get('tab') ?? '';
  return isOneOf(jobsPageTabs, tab) ? tab : 'job-posts';
}

// The Job Posts tab: ?q=…&status=…&tags=…&launched_from=…&launched_to=…&sort=…&page=…&page_size=…
export const jobPostsSearch = defineListSearch({
  pageSizes: [20, 50, 100],
  sorts: jobSorts,
  filters: {
    status: searchParam.list('status', jobStatuses),
    tags: searchParam.list('tags'),
    // Launch date range, inclusive days (YYYY-MM-DD).
    launchedFrom: searchParam.day('launched_from'),
    launchedTo: searchParam.day('launched_to'),
  },
});

type JobPostsSearchState = ListSearchStateOf<typeof jobPostsSearch>;

// The state as GET /api/jobs and /api/jobs/export.csv take it.
export function toJobListQuery(state: JobPostsSearchState): JobListQuery {
  return {
    q: state.q || undefined,
    status: state.status.length ? state.status.join(',') : undefined,
    tags: state.tags.length ? state.tags.join(',') : undefined,
    launched_from: state.launchedFrom ?? undefined,
    launched_to: state.launchedTo ?? undefined,
    sort: state.sort ?? undefined,
    page: state.page,
    page_size: state.pageSize,
  };
}
