import { defineListSearch, type ListSearchStateOf, searchParam, useListSearch } from '~/client/lib/list-search';
import type { JobBoardQuery } from '~/shared/job-board';
import { jobBoardSorts } from '~/shared/job-board-texts';
import { engagementTypes, jobTimezones } from '~/shared/job-texts';

// The state of Find Jobs kept in its URL, so a reload, a shared link and Back land on the same search:
// /applicant/jobs?q=react&engagement_type=hourly&rate_min=30&skills=React,AWS&timezone=UTC%2B01:00&sort=…&page=2

export const findJobsSearch = defineListSearch({
  pageSizes: [20, 50],
  sorts: jobBoardSorts,
  filters: {
    engagementType: searchParam.oneOf('engagement_type', engagementTypes),
    rateMin: searchParam.amount('rate_min'),
    rateMax: searchParam.amount('rate_max'),
    skills: searchParam.list('skills'),
    timezone: searchParam.oneOf('timezone', jobTimezones),
  },
});

export type FindJobsState = ListSearchStateOf<typeof findJobsSearch>;

// The search in the address, and its changes: Find Jobs' and the public board's.
export const useFindJobsSearch = () => useListSearch(findJobsSearch);
export type FindJobsSearch = ReturnType<typeof useFindJobsSearch>;

// The state as GET /api/applicant/jobs takes it. A range written backwards in the URL keeps its minimum.
export function toJobBoardQuery(state: FindJobsState): JobBoardQuery {
  const isBackwards = state.rateMin !== null && state.rateMax !== null && state.rateMin > state.rateMax;
  return {
    q: state.q || undefined,
    engagement_type: state.engagementType ?? undefined,
    rate_min: state.rateMin ?? undefined,
    rate_max: isBackwards ? undefined : (state.rateMax ?? undefined),
    skills: state.skills.length > 0 ? state.skills.join(',') : undefined,
    timezone: state.timezone ?? undefined,
    sort: state.sort ?? undefined,
    page: state.page,
    page_size: state.pageSize,
  };
}

// The search on screen as Save Search keeps it: the filters and sort, not the page. A range written backwards
// keeps its minimum, as the list does.
export function toSavedSearchFilters(
  state: FindJobsState,
): Pick<JobBoardQuery, 'q' | 'engagement_type' | 'rate_min' | 'rate_max' | 'timezone' | 'sort'> & { skills: string[] } {
  const { q, engagement_type, rate_min, rate_max, timezone, sort } = toJobBoardQuery(state);
  return { q, engagement_type, rate_min, rate_max, skills: state.skills, timezone, sort };
}
