import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/client/lib/api-client';
import type { CreateApiTokenInput } from '~/shared/api-tokens';
import { apiTokensContract } from '~/shared/contracts/api-tokens';

// Personal API tokens (/api/account/api-tokens): list, create (the token shown once), revoke.

export const apiTokensQueryOptions = () =>
  queryOptions({
    queryKey: ['account', 'api-tokens'],
    queryFn: () => callApi(apiTokensContract.list),
  });

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateApiTokenInput) => callApi(apiTokensContract.create, { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryOptions().queryKey }),
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(apiTokensContract.revoke, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryOptions().queryKey }),
  });
}
