import { defineListSearch, type ListSearchStateOf, searchParam } from '~/client/lib/list-search';
import { type AdminApplicantListQuery, applicantStatuses } from '~/shared/admin-applicants';

// The list's state in the URL of /admin/applicants: ?q=amara&status=suspended&page=2

export const applicantsSearch = defineListSearch({
  pageSizes: [20, 50, 100],
  filters: { status: searchParam.oneOf('status', applicantStatuses) },
});

type ApplicantsSearchState = ListSearchStateOf<typeof applicantsSearch>;

export function toApplicantListQuery(state: ApplicantsSearchState): AdminApplicantListQuery {
  return { q: state.q || undefined, status: state.status ?? undefined, page: state.page, page_size: state.pageSize };
}
