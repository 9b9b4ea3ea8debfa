import { defineListSearch, type ListSearchStateOf, searchParam } from '~/client/lib/list-search';
import { type AdminPaymentListQuery, adminPaymentStatuses } from '~/shared/admin-payments';

// The list's state in the URL of /admin/payments: ?q=acme&status=completed&page=2

export const paymentsSearch = defineListSearch({
  pageSizes: [20, 50, 100],
  filters: { status: searchParam.oneOf('status', adminPaymentStatuses) },
});

type PaymentsSearchState = ListSearchStateOf<typeof paymentsSearch>;

// The state as GET /api/admin/payments takes it.
export function toPaymentListQuery(state: PaymentsSearchState): AdminPaymentListQuery {
  return {
    q: state.q || undefined,
    status: state.status ?? undefined,
    page: state.page,
    page_size: state.pageSize,
  };
}
