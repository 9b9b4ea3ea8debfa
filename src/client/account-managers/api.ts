import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/client/lib/api-client';
import { queryKeys } from '~/client/lib/query-keys';
import type {
  AccountManagerListQuery,
  CreateAccountManagerInput,
  UpdateAccountManagerInput,
} from '~/shared/account-managers';
import { accountManagersContract } from '~/shared/contracts/account-managers';

// Account Manager Management (/api/admin/account-managers): the table, the cards, Add and Save.

export const accountManagerListQueryOptions = (query: AccountManagerListQuery) =>
  queryOptions({
    queryKey: queryKeys.accountManagers.list(query),
    queryFn: () => callApi(accountManagersContract.list, { query }),
    // The table keeps its rows while the next page or search loads.
    placeholderData: keepPreviousData,
  });

export const accountManagerSummaryQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.accountManagers.summary(),
    queryFn: () => callApi(accountManagersContract.summary),
  });

export function useCreateAccountManager() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateAccountManagerInput) => callApi(accountManagersContract.create, { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.accountManagers.all }),
  });
}

export function useUpdateAccountManager() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateAccountManagerInput }) =>
      callApi(accountManagersContract.update, { params: { id }, body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.accountManagers.all }),
  });
}
