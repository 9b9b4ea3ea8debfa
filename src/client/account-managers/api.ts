import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, queryString } from '~/client/lib/api-client';
import { queryKeys } from '~/client/lib/query-keys';
import type {
  AccountManager,
  AccountManagerList,
  AccountManagerListQuery,
  AccountManagerSummary,
  CreateAccountManagerInput,
  UpdateAccountManagerInput,
} from '~/shared/account-managers';

// Account Manager Management (/api/admin/account-managers): the table, the cards, Add and Save.

export const accountManagerListQueryOptions = (query: AccountManagerListQuery) =>
  queryOptions({
    queryKey: queryKeys.accountManagers.list(query),
    queryFn: () => apiClient.get<AccountManagerList>(`/api/admin/account-managers${queryString(query)}`),
    // The table keeps its rows while the next page or search loads.
    placeholderData: keepPreviousData,
  });

export const accountManagerSummaryQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.accountManagers.summary(),
    queryFn: () => apiClient.get<AccountManagerSummary>('/api/admin/account-managers/summary'),
  });

export function useCreateAccountManager() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateAccountManagerInput) =>
      apiClient.post<AccountManager>('/api/admin/account-managers', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.accountManagers.all }),
  });
}

export function useUpdateAccountManager() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateAccountManagerInput }) =>
      apiClient.patch<AccountManager>(`/api/admin/account-managers/${id}`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.accountManagers.all }),
  });
}
