import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/client/lib/api-client';
import { queryKeys } from '~/client/lib/query-keys';
import type { AccountCodes } from '~/shared/accounting';
import type { InvoiceSeller } from '~/shared/billing-details';
import { settingsContract } from '~/shared/contracts/settings';
import type { PlatformSettings, PlatformSettingsUpdate } from '~/shared/settings';

// System Settings (/api/admin/settings): read, save the changed ones, reset to the defaults.

export const systemSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'settings'],
    queryFn: async () => (await callApi(settingsContract.read)).settings,
  });

function useSettingsMutation(request: () => Promise<{ settings: PlatformSettings }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await request()).settings,
    onSuccess: (settings) => queryClient.setQueryData(systemSettingsQueryOptions().queryKey, settings),
  });
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (changes: PlatformSettingsUpdate) =>
      (await callApi(settingsContract.update, { body: changes })).settings,
    onSuccess: (settings) => queryClient.setQueryData(systemSettingsQueryOptions().queryKey, settings),
  });
}

export const useResetSettings = () => useSettingsMutation(() => callApi(settingsContract.reset));

// The accountant's codes of the ledger accounts (docs/decisions/046), saved apart from the other settings.
export const accountCodesQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'settings', 'account-codes'],
    queryFn: async () => (await callApi(settingsContract.accountCodes)).codes,
  });

export function useSaveAccountCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (codes: AccountCodes) =>
      (await callApi(settingsContract.updateAccountCodes, { body: codes })).codes,
    onSuccess: (codes) => queryClient.setQueryData(accountCodesQueryOptions().queryKey, codes),
  });
}

// The seller every invoice names (Tandem's legal entity), saved apart from the other settings; issued
// invoices keep the seller they were issued with (decision 044).
export const invoiceSellerQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.systemSettings.invoiceSeller(),
    queryFn: () => callApi(settingsContract.invoiceSeller),
  });

export function useSaveInvoiceSeller() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (seller: InvoiceSeller) => callApi(settingsContract.updateInvoiceSeller, { body: seller }),
    onSuccess: (seller) => queryClient.setQueryData(invoiceSellerQueryOptions().queryKey, seller),
  });
}
