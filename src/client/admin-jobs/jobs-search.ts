import { defineListSearch, type ListSearchStateOf, searchParam } from '~/client/lib/list-search';
import type { AdminJobListQuery } from '~/shared/admin-jobs';
import { jobStatuses } from '~/shared/jobs';

// The list's state in the URL of /admin/jobs: ?q=designer&status=open&company=<id>&page=2

export const adminJobsSearch = defineListSearch({
  pageSizes: [20, 50, 100],
  filters: {
    status: searchParam.oneOf('status', jobStatuses),
    company: searchParam.text('company'),
  },
});

type AdminJobsSearchState = ListSearchStateOf<typeof adminJobsSearch>;

// The state as GET /api/admin/jobs takes it.
export function toAdminJobListQuery(state: AdminJobsSearchState): AdminJobListQuery {
  return {
    q: state.q || undefined,
    status: state.status ?? undefined,
    company_id: state.company || undefined,
    page: state.page,
    page_size: state.pageSize,
  };
}
