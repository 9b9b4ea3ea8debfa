import { defineListSearch, type ListSearchStateOf } from '~/client/lib/list-search';
import type { AdminTestListQuery } from '~/shared/admin-tests';

// The list's state in the URL of /admin/tests: ?q=python&page=2
export const adminTestsSearch = defineListSearch({ pageSizes: [20, 50, 100], filters: {} });

export function toAdminTestListQuery(state: ListSearchStateOf<typeof adminTestsSearch>): AdminTestListQuery {
  return { q: state.q || undefined, page: state.page, page_size: state.pageSize };
}
