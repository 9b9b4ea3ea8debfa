import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/client/lib/api-client';
import { queryKeys } from '~/client/lib/query-keys';
import type { ManagedCompanyListQuery } from '~/shared/account-managers';
import { managerPortalContract } from '~/shared/contracts/manager-portal';

// The account manager's portal (/api/manager/*): their companies, one company's people, its conversation.

export const managedCompanyListQueryOptions = (query: ManagedCompanyListQuery) =>
  queryOptions({
    queryKey: queryKeys.managerCompanies.list(query),
    queryFn: () => callApi(managerPortalContract.companies, { query }),
    placeholderData: keepPreviousData,
  });

export const managedCompanyQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.managerCompanies.detail(id),
    queryFn: () => callApi(managerPortalContract.company, { params: { id } }),
  });

// Opens (or finds) the company's conversation with its account manager.
export function useOpenCompanyConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (companyId: string) => callApi(managerPortalContract.openConversation, { params: { id: companyId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.messaging.all }),
  });
}
