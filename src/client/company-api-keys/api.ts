import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/client/lib/api-client';
import type { CreateApiKeyInput } from '~/shared/api-keys';
import { companyApiKeysContract } from '~/shared/contracts/company-api-keys';

// The company's API keys (/api/company/api-keys): list, create and rotate (the key shown once), revoke.

export const companyApiKeysQueryOptions = () =>
  queryOptions({
    queryKey: ['company', 'api-keys'],
    queryFn: () => callApi(companyApiKeysContract.list),
  });

function useInvalidateKeys() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: companyApiKeysQueryOptions().queryKey });
}

export function useCreateApiKey() {
  const onSuccess = useInvalidateKeys();
  return useMutation({
    mutationFn: (input: CreateApiKeyInput) => callApi(companyApiKeysContract.create, { body: input }),
    onSuccess,
  });
}

export function useRotateApiKey() {
  const onSuccess = useInvalidateKeys();
  return useMutation({
    mutationFn: (id: string) => callApi(companyApiKeysContract.rotate, { params: { id } }),
    onSuccess,
  });
}

export function useRevokeApiKey() {
  const onSuccess = useInvalidateKeys();
  return useMutation({
    mutationFn: (id: string) => callApi(companyApiKeysContract.revoke, { params: { id } }),
    onSuccess,
  });
}
