import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/client/lib/api-client';
import { companyIdentityContract } from '~/shared/contracts/sso';
import type { ClaimDomainInput, IdentitySettings, UpdateSsoInput } from '~/shared/sso';

// The company's sign-in settings (/api/company/identity): domain, identity provider, SCIM token.

export const identitySettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['company', 'identity'],
    queryFn: () => callApi(companyIdentityContract.get),
  });

function useSetSettings() {
  const queryClient = useQueryClient();
  return (settings: IdentitySettings) => queryClient.setQueryData(identitySettingsQueryOptions().queryKey, settings);
}

export function useClaimDomain() {
  const onSuccess = useSetSettings();
  return useMutation({
    mutationFn: (input: ClaimDomainInput) => callApi(companyIdentityContract.claimDomain, { body: input }),
    onSuccess,
  });
}

export function useConfirmDomain() {
  const onSuccess = useSetSettings();
  return useMutation({
    mutationFn: (code: string) => callApi(companyIdentityContract.confirmDomain, { body: { code } }),
    onSuccess,
  });
}

export function useUpdateSso() {
  const onSuccess = useSetSettings();
  return useMutation({
    mutationFn: (input: UpdateSsoInput) => callApi(companyIdentityContract.updateSso, { body: input }),
    onSuccess,
  });
}

export function useCreateScimToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(companyIdentityContract.createScimToken),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: identitySettingsQueryOptions().queryKey }),
  });
}
