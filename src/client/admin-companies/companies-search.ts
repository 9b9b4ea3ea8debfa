import { defineListSearch, type ListSearchStateOf, searchParam } from '~/client/lib/list-search';
import { type AdminCompanyListQuery, companyStatuses } from '~/shared/admin-companies';

// The list's state in the URL of /admin/companies: ?q=acme&status=suspended&page=2

export const companiesSearch = defineListSearch({
  pageSizes: [20, 50, 100],
  filters: { status: searchParam.oneOf('status', companyStatuses) },
});

type CompaniesSearchState = ListSearchStateOf<typeof companiesSearch>;

export function toCompanyListQuery(state: CompaniesSearchState): AdminCompanyListQuery {
  return { q: state.q || undefined, status: state.status ?? undefined, page: state.page, page_size: state.pageSize };
}
