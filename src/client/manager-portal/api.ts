import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, queryString } from '~/client/lib/api-client';
import { queryKeys } from '~/client/lib/query-keys';
import type { ManagedCompanyDetail, ManagedCompanyList, ManagedCompanyListQuery } from '~/shared/account-managers';
import type { ConversationDetail } from '~/shared/messaging';

// The account manager's portal (/api/manager/*): their companies, one company's people, its conversation.

export const managedCompanyListQueryOptions = (query: ManagedCompanyListQuery) =>
  queryOptions({
    queryKey: queryKeys.managerCompanies.list(query),
    queryFn: () => apiClient.get<ManagedCompanyList>(`/api/manager/companies${queryString(query)}`),
    placeholderData: keepPreviousData,
  });

export const managedCompanyQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.managerCompanies.detail(id),
    queryFn: () => apiClient.get<ManagedCompanyDetail>(`/api/manager/companies/${encodeURIComponent(id)}`),
  });

// Opens (or finds) the company's conversation with its account manager.
export function useOpenCompanyConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (companyId: string) =>
      apiClient.post<ConversationDetail>(`/api/manager/companies/${encodeURIComponent(companyId)}/conversation`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.messaging.all }),
  });
}
