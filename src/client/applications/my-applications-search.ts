import { defineListSearch, isOneOf, type ListSearchStateOf, searchParam } from '~/client/lib/list-search';
import { applicationStatuses } from '~/shared/application-statuses';
import type { ApplicantApplicationListQuery } from '~/shared/applications';
import type { SavedJobsQuery } from '~/shared/job-board';
import type { ApplicantAttemptListQuery } from '~/shared/test-attempts';
import { applicantAttemptStates } from '~/shared/test-types';

// The state of /applicant/applications kept in its URL: ?tab=saved, ?status=offered&page=2, and the
// saved and tests tabs' own ?saved_page=2, ?tests_state=to_do, so the dashboard's cards can link straight
// to a stage, the saved jobs or the skills tests.

export const myApplicationsTabs = ['applications', 'saved', 'tests'] as const;
export type MyApplicationsTab = (typeof myApplicationsTabs)[number];

export function readTab(params: URLSearchParams): MyApplicationsTab {
  const tab = params.get('tab') ?? '';
  return isOneOf(myApplicationsTabs, tab) ? tab : 'applications';
}

// The Applications tab: one stage at a time (?status=interviewing), or all.
export const applicationsSearch = defineListSearch({
  filters: { status: searchParam.oneOf('status', applicationStatuses) },
});
type ApplicationsSearchState = ListSearchStateOf<typeof applicationsSearch>;

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
type SavedJobsSearchState = ListSearchStateOf<typeof savedJobsSearch>;

export const toSavedJobsQuery = (state: SavedJobsSearchState): SavedJobsQuery => ({
  page: state.page,
  page_size: state.pageSize,
});

// The Tests tab: the skills tests of every application, to do or done (?tests_state=done), paged apart.
export const testsSearch = defineListSearch({
  keys: { q: 'tests_q', page: 'tests_page', pageSize: 'tests_page_size' },
  filters: { state: searchParam.oneOf('tests_state', applicantAttemptStates) },
});
export type TestsSearchState = ListSearchStateOf<typeof testsSearch>;

export const toTestsQuery = (state: TestsSearchState): ApplicantAttemptListQuery => ({
  state: state.state ?? undefined,
  page: state.page,
  page_size: state.pageSize,
});

// Links into the page, for the dashboard's cards.
export const myApplicationsHref = {
  stage: (base: string, status: (typeof applicationStatuses)[number]) => `${base}?status=${status}`,
  saved: (base: string) => `${base}?tab=saved`,
  tests: (base: string) => `${base}?tab=tests`,
};
