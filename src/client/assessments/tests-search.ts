import { defineListSearch, type ListSearchStateOf, searchParam } from '~/client/lib/list-search';
import { type TestListQuery, testSorts, testTypes } from '~/shared/assessments';

// The Tests tab's state in the URL. Its keys differ from the Job Posts tab's, which shares the page:
// ?test_q=sql&test_type=coding&favorites=true&archived=true&test_sort=…&test_page=2&test_page_size=50
export const testsSearch = defineListSearch({
  keys: { q: 'test_q', page: 'test_page', pageSize: 'test_page_size', sort: 'test_sort' },
  pageSizes: [20, 50, 100],
  sorts: testSorts,
  filters: {
    type: searchParam.oneOf('test_type', testTypes),
    favoritesOnly: searchParam.flag('favorites'),
    showArchived: searchParam.flag('archived'),
  },
});

export type TestsSearchState = ListSearchStateOf<typeof testsSearch>;

// The state as GET /api/tests takes it.
export function toTestListQuery(state: TestsSearchState): TestListQuery {
  return {
    q: state.q || undefined,
    type: state.type ?? undefined,
    favorites_only: state.favoritesOnly ? 'true' : undefined,
    include_archived: state.showArchived ? 'true' : undefined,
    sort: state.sort ?? undefined,
    page: state.page,
    page_size: state.pageSize,
  };
}
