import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, queryString } from '~/client/lib/api-client';
import { queryKeys } from '~/client/lib/query-keys';
import type {
  AdminPrivacyRequestList,
  AdminPrivacyRequestListQuery,
  DeletionRequestInput,
  MyPrivacyRequests,
  PrivacyRequest,
} from '~/shared/privacy';

// Privacy: one's own data export and deletion request (/api/account/...), and the administrators'
// queue (/api/admin/privacy-requests).

export const DATA_EXPORT_URL = '/api/account/data-export';

export const myPrivacyRequestsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.privacy.mine(),
    queryFn: () => apiClient.get<MyPrivacyRequests>('/api/account/privacy-requests'),
  });

export function useRequestDeletion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DeletionRequestInput) => apiClient.post<PrivacyRequest>('/api/account/deletion-request', input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.privacy.all }),
  });
}

export function useCancelDeletion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.delete<void>('/api/account/deletion-request'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.privacy.all }),
  });
}

export const adminPrivacyRequestListQueryOptions = (query: AdminPrivacyRequestListQuery) =>
  queryOptions({
    queryKey: queryKeys.privacy.adminList(query),
    queryFn: () => apiClient.get<AdminPrivacyRequestList>(`/api/admin/privacy-requests${queryString(query)}`),
    placeholderData: keepPreviousData,
  });

export function useCompletePrivacyRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requestId: string) => apiClient.post<unknown>(`/api/admin/privacy-requests/${requestId}/complete`, {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.privacy.all }),
  });
}

export function useRejectPrivacyRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, reason }: { requestId: string; reason: string }) =>
      apiClient.post<PrivacyRequest>(`/api/admin/privacy-requests/${requestId}/reject`, { reason }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.privacy.all }),
  });
}
