import { defineListSearch, isOneOf, type ListSearchStateOf, type SearchParam } from '~/client/lib/list-search';
import { type DisputeStatus, disputeStatuses } from '~/shared/milestones';
import type { DisputeListQuery } from './api';

// The list's state in the URL of /admin/disputes: ?status=settled&page=2. Open is the default, left out.

const DEFAULT_STATUS: DisputeStatus = 'open';

const statusParam: SearchParam<DisputeStatus> = {
  key: 'status',
  read: (params) => {
    const value = params.get('status') ?? '';
    return isOneOf(disputeStatuses, value) ? value : DEFAULT_STATUS;
  },
  write: (status) => (status === DEFAULT_STATUS ? null : status),
};

export const disputesSearch = defineListSearch({
  pageSizes: [20, 50, 100],
  filters: { status: statusParam },
});

type DisputesSearchState = ListSearchStateOf<typeof disputesSearch>;

// The state as GET /api/admin/disputes takes it.
export function toDisputeListQuery(state: DisputesSearchState): DisputeListQuery {
  return { status: state.status, page: state.page, page_size: state.pageSize };
}
