import { defineListSearch, isOneOf, type ListSearchStateOf, searchParam } from '~/client/lib/list-search';
import { type ApplicantApplicationListQuery, applicationStatuses } from '~/shared/applications';
import type { SavedJobsQuery } from '~/shared/job-board';

// The state of /applicant/applications kept in its URL: ?tab=saved, ?status=offered&page=2, and the
// saved tab's own ?saved_page=2, so the dashboard's cards can link straight to a stage or the saved jobs.

export const myApplicationsTabs = ['applications', 'saved'] as const;
export type MyApplicationsTab = (typeof myApplicationsTabs)[number];

export function readTab(params: URLSearchParams): MyApplicationsTab {
  const tab = params.get('tab') ?? '';
  return isOneOf(myApplicationsTabs, tab) ? tab : 'applications';
}

// The Applications tab: one stage at a time (?status=interviewing), or all.
export const applicationsSearch = defineListSearch({
  filters: { status: searchParam.oneOf('status', applicationStatuses) },
});
export type ApplicationsSearchState = ListSearchStateOf<typeof applicationsSearch>;

export const toApplicationListQuery = (state: ApplicationsSearchState): ApplicantApplicationListQuery => ({
  status: state.status ?? undefined,
  page: state.page,
  page_size: state.pageSize,
});

// The Saved Jobs tab pages apart from the applications.
export const savedJobsSearch = defineListSearch({
  keys: { q: 'saved_q', page: 'saved_page', pageSize: 'saved_page_size' },
  filters: {},
});
export type SavedJobsSearchState = ListSearchStateOf<typeof savedJobsSearch>;

export const toSavedJobsQuery = (state: SavedJobsSearchState): SavedJobsQuery => ({
  page: state.page,
  page_size: state.pageSize,
});

// Links into the page, for the dashboard's cards.
export const myApplicationsHref = {
  stage: (base: string, status: (typeof applicationStatuses)[number]) => `${base}?status=${status}`,
  saved: (base: string) => `${base}?tab=saved`,
};
