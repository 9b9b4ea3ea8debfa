import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/client/lib/api-client';
import { queryKeys } from '~/client/lib/query-keys';
import type { AdminCompanyListQuery, CompanyBulkInput } from '~/shared/admin-companies';
import { adminCompaniesContract } from '~/shared/contracts/admin-companies';

// Company Management (/api/admin/companies): the list, the drawer, the dropdown's managers, the
// assignment and the bulk actions.

export const adminCompanyListQueryOptions = (query: AdminCompanyListQuery) =>
  queryOptions({
    queryKey: queryKeys.adminCompanies.list(query),
    queryFn: () => callApi(adminCompaniesContract.list, { query }),
    // The table keeps its rows while the next page or search loads.
    placeholderData: keepPreviousData,
  });

export const adminCompanyDetailQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.adminCompanies.detail(id),
    queryFn: () => callApi(adminCompaniesContract.get, { params: { id } }),
  });

export const accountManagerOptionsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.adminCompanies.managerOptions(),
    queryFn: () => callApi(adminCompaniesContract.accountManagerOptions),
    staleTime: 60_000,
  });

export function useAssignAccountManager() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ companyId, accountManagerId }: { companyId: string; accountManagerId: string | null }) =>
      callApi(adminCompaniesContract.assignAccountManager, { params: { id: companyId }, body: { accountManagerId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminCompanies.all }),
  });
}

export function useCompanyBulkAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CompanyBulkInput) => callApi(adminCompaniesContract.bulk, { body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminCompanies.all }),
  });
}

// What a Delete of these companies would take with it (asked when its confirm dialog opens).
export const fetchCompanyDeletePreview = (ids: string[]) =>
  callApi(adminCompaniesContract.deletePreview, { body: { ids } });
