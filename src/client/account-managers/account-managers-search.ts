import { defineListSearch, type ListSearchStateOf } from '~/client/lib/list-search';
import type { AccountManagerListQuery } from '~/shared/account-managers';

// The table's state in the URL of /admin/account-managers: ?q=maria&page=2

export const accountManagersSearch = defineListSearch({ pageSizes: [20, 50, 100], filters: {} });

type AccountManagersSearchState = ListSearchStateOf<typeof accountManagersSearch>;

export function toAccountManagerListQuery(state: AccountManagersSearchState): AccountManagerListQuery {
  return { q: state.q || undefined, page: state.page, page_size: state.pageSize };
}
