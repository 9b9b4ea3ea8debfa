import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '~/client/lib/api-client';
import type { ApiTokenList, CreateApiTokenInput, CreatedApiToken } from '~/shared/api-tokens';

// Personal API tokens (/api/account/api-tokens): list, create (the token shown once), revoke.

export const apiTokensQueryOptions = () =>
  queryOptions({
    queryKey: ['account', 'api-tokens'],
    queryFn: () => apiClient.get<ApiTokenList>('/api/account/api-tokens'),
  });

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateApiTokenInput) => apiClient.post<CreatedApiToken>('/api/account/api-tokens', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryOptions().queryKey }),
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.delete<void>(`/api/account/api-tokens/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryOptions().queryKey }),
  });
}
