import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, downloadApi } from '~/client/lib/api-client';
import { queryKeys } from '~/client/lib/query-keys';
import { adminPrivacyContract, privacyContract } from '~/shared/contracts/privacy';
import type { AdminPrivacyRequestListQuery, DeletionRequestInput } from '~/shared/privacy';

// Privacy: one's own data export and deletion request, and the administrators' queue.

// Asked for with POST (the contract's method): each export is recorded.
export const downloadMyData = () => downloadApi(privacyContract.exportData, 'tandem-data.zip');

export const myPrivacyRequestsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.privacy.mine(),
    queryFn: () => callApi(privacyContract.myRequests),
  });

export function useRequestDeletion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DeletionRequestInput) => callApi(privacyContract.requestDeletion, { body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.privacy.all }),
  });
}

export function useCancelDeletion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(privacyContract.cancelDeletion),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.privacy.all }),
  });
}

export const adminPrivacyRequestListQueryOptions = (query: AdminPrivacyRequestListQuery) =>
  queryOptions({
    queryKey: queryKeys.privacy.adminList(query),
    queryFn: () => callApi(adminPrivacyContract.list, { query }),
    placeholderData: keepPreviousData,
  });

export function useCompletePrivacyRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requestId: string) => callApi(adminPrivacyContract.complete, { params: { id: requestId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.privacy.all }),
  });
}

export function useRejectPrivacyRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, reason }: { requestId: string; reason: string }) =>
      callApi(adminPrivacyContract.reject, { params: { id: requestId }, body: { reason } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.privacy.all }),
  });
}
