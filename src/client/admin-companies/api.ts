import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/client/lib/api-client';
import { queryKeys } from '~/client/lib/query-keys';
import type { AdminCompanyListQuery, CompanyBulkInput } from '~/shared/admin-companies';
import type { AdminUpdateBillingDetails } from '~/shared/billing-details';
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

// Who the company's invoices are made out to, and the tax rate and terms it is billed at.
export const adminCompanyBillingQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.adminCompanies.billingDetails(id),
    queryFn: () => callApi(adminCompaniesContract.billingDetails, { params: { id } }),
  });

// All of it, the rates too; the answer is what is stored, so the drawer shows it at once.
export function useUpdateCompanyBilling(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (details: AdminUpdateBillingDetails) =>
      callApi(adminCompaniesContract.updateBillingDetails, { params: { id: companyId }, body: details }),
    onSuccess: (details) => queryClient.setQueryData(queryKeys.adminCompanies.billingDetails(companyId), details),
  });
}

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
