import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/client/lib/api-client';
import { queryKeys } from '~/client/lib/query-keys';
import { fixedPriceContract } from '~/shared/contracts/fixed-price';
import type { DisputeStatus, SettleDisputeInput } from '~/shared/milestones';

// Disputes (docs/decisions/035): the open or settled list, one dispute with what an administrator weighs,
// and the settlement, which answers the dispute as it stands after it.

export interface DisputeListQuery {
  status: DisputeStatus;
  page: number;
  page_size: number;
}

export const disputeListQueryOptions = (query: DisputeListQuery) =>
  queryOptions({
    queryKey: queryKeys.adminDisputes.list(query),
    queryFn: () => callApi(fixedPriceContract.disputes, { query }),
    // The table keeps its rows while the next page loads.
    placeholderData: keepPreviousData,
  });

export const disputeQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.adminDisputes.detail(id),
    queryFn: () => callApi(fixedPriceContract.dispute, { params: { id } }),
  });

// The answer is the settled dispute, shown at once; the lists, both sides' contract and the payments
// (the funding's partial refund) are read again.
export function useSettleDispute(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SettleDisputeInput) => callApi(fixedPriceContract.settleDispute, { params: { id }, body }),
    onSuccess: (detail) => queryClient.setQueryData(queryKeys.adminDisputes.detail(id), detail),
    // Not awaited: the answer is shown without waiting for the lists.
    onSettled: () => {
      for (const queryKey of [queryKeys.adminDisputes.all, queryKeys.contracts.all, queryKeys.adminPayments.all]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}
