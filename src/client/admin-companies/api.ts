import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, queryString } from '~/client/lib/api-client';
import { queryKeys } from '~/client/lib/query-keys';
import type {
  AccountManagerOption,
  AdminCompany,
  AdminCompanyDetail,
  AdminCompanyList,
  AdminCompanyListQuery,
  CompanyBulkInput,
  CompanyBulkResult,
  CompanyDeletePreview,
} from '~/shared/admin-companies';

// Company Management (/api/admin/companies): the list, the drawer, the dropdown's managers, the
// assignment and the bulk actions.

export const adminCompanyListQueryOptions = (query: AdminCompanyListQuery) =>
  queryOptions({
    queryKey: queryKeys.adminCompanies.list(query),
    queryFn: () => apiClient.get<AdminCompanyList>(`/api/admin/companies${queryString(query)}`),
    // The table keeps its rows while the next page or search loads.
    placeholderData: keepPreviousData,
  });

export const adminCompanyDetailQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.adminCompanies.detail(id),
    queryFn: () => apiClient.get<AdminCompanyDetail>(`/api/admin/companies/${id}`),
  });

export const accountManagerOptionsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.adminCompanies.managerOptions(),
    queryFn: () => apiClient.get<{ items: AccountManagerOption[] }>('/api/admin/account-manager-options'),
    staleTime: 60_000,
  });

export function useAssignAccountManager() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ companyId, accountManagerId }: { companyId: string; accountManagerId: string | null }) =>
      apiClient.put<{ company: AdminCompany }>(`/api/admin/companies/${companyId}/account-manager`, {
        accountManagerId,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminCompanies.all }),
  });
}

export function useCompanyBulkAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CompanyBulkInput) => apiClient.post<CompanyBulkResult>('/api/admin/companies/bulk', input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminCompanies.all }),
  });
}

// What a Delete of these companies would take with it (asked when its confirm dialog opens).
export const fetchCompanyDeletePreview = (ids: string[]) =>
  apiClient.post<CompanyDeletePreview>('/api/admin/companies/delete-preview', { ids });
