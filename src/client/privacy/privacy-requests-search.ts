import { defineListSearch, type ListSearchStateOf, searchParam } from '~/client/lib/list-search';
import type { AdminPrivacyRequestListQuery } from '~/shared/privacy';

// The list's state in the URL of /admin/privacy-requests: ?status=processed&page=2 (pending by default).
export const privacyRequestsSearch = defineListSearch({
  pageSizes: [20, 50, 100],
  filters: { status: searchParam.oneOf('status', ['processed', 'all'] as const) },
});

type PrivacyRequestsSearchState = ListSearchStateOf<typeof privacyRequestsSearch>;

export function toPrivacyRequestListQuery(state: PrivacyRequestsSearchState): AdminPrivacyRequestListQuery {
  return { status: state.status ?? 'pending', page: state.page, page_size: state.pageSize };
}
