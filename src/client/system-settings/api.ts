import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/client/lib/api-client';
import { queryKeys } from '~/client/lib/query-keys';
import type { AccountCodes } from '~/shared/accounting';
import type { UpdateInvoiceSeller } from '~/shared/billing-details';
import { fxRatesContract } from '~/shared/contracts/fx-rates';
import { settingsContract } from '~/shared/contracts/settings';
import { taxFormsContract } from '~/shared/contracts/tax-forms';
import { taxRatesContract } from '~/shared/contracts/tax-rates';
import { type EnterFxRateInput, FX_RATES_PAGE_SIZE, type FxSettings } from '~/shared/fx-rates';
import type { PlatformSettings, PlatformSettingsUpdate } from '~/shared/settings';
import type { AddTaxRate } from '~/shared/tax-rates';

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
    mutationFn: (seller: UpdateInvoiceSeller) => callApi(settingsContract.updateInvoiceSeller, { body: seller }),
    onSuccess: (seller) => queryClient.setQueryData(invoiceSellerQueryOptions().queryKey, seller),
  });
}

// Exchange rates (docs/decisions/050): the latest rate of each pair a page at a time, an ECB file imported,
// a rate entered by hand, and the FX margin and maximum rate age.
export const fxRatesQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['admin', 'fx-rates', page],
    queryFn: () => callApi(fxRatesContract.list, { query: { page, page_size: FX_RATES_PAGE_SIZE } }),
  });

export const fxSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'fx-settings'],
    queryFn: async () => (await callApi(fxRatesContract.settings)).settings,
  });

function useFxRatesMutation<Input, Output>(request: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'fx-rates'] }),
  });
}

// The ECB's XML as the raw body, typed as XML whatever the browser guessed.
export const useImportFxRates = () =>
  useFxRatesMutation((file: File) =>
    callApi(fxRatesContract.importFile, { body: new Blob([file], { type: 'application/xml' }) }),
  );

export const useEnterFxRate = () =>
  useFxRatesMutation((input: EnterFxRateInput) => callApi(fxRatesContract.enter, { body: input }));

export function useSaveFxSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings: FxSettings) =>
      (await callApi(fxRatesContract.updateSettings, { body: settings })).settings,
    onSuccess: (settings) => {
      queryClient.setQueryData(fxSettingsQueryOptions().queryKey, settings);
      // The list's staleness follows the maximum age; the books and the revenue add up in the reporting currency.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin', 'fx-rates'] }),
        queryClient.invalidateQueries({ queryKey: queryKeys.adminPayouts.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.adminDashboard.all }),
      ]);
    },
  });
}

// VAT and GST rates (issue 56; docs/decisions/053): every country's rates a page at a time, one added from a
// day on, one not yet in effect removed.
export const TAX_RATES_PAGE_SIZE = 50;
export const taxRatesQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['admin', 'tax-rates', page],
    queryFn: () => callApi(taxRatesContract.list, { query: { page, page_size: TAX_RATES_PAGE_SIZE } }),
  });

function useTaxRatesMutation<Input, Output>(request: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'tax-rates'] }),
  });
}

export const useAddTaxRate = () =>
  useTaxRatesMutation((input: AddTaxRate) => callApi(taxRatesContract.add, { body: input }));

export const useRemoveTaxRate = () =>
  useTaxRatesMutation((id: string) => callApi(taxRatesContract.remove, { params: { id } }));
// Who holds the tax data reader grant (issue 56): one administrator gives or takes another's.
export const taxDataReadersQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.taxForm.readers(), queryFn: () => callApi(taxFormsContract.readers) });

export function useChangeTaxDataReader() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, granted }: { id: string; granted: boolean }) =>
      callApi(taxFormsContract.changeReader, { params: { id }, body: { granted } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.taxForm.all }),
  });
}
