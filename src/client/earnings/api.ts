import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUrl, callApi, downloadApi } from '~/client/lib/api-client';
import { queryKeys } from '~/client/lib/query-keys';
import { earningsContract } from '~/shared/contracts/earnings';
import { payoutsContract } from '~/shared/contracts/payouts';
import { taxFormsContract } from '~/shared/contracts/tax-forms';
import type { AddPayoutMethodInput, PayoutProof } from '~/shared/payouts';

// The talent's earnings (docs/decisions/024): their approved weeks a page at a time, and the totals. Under
// the applicant's key, so what refreshes the applicant's own data refreshes these too.

const earningsKeys = {
  weeks: (query: { page: number; page_size: number }) => [...queryKeys.applicant.all, 'earnings', query] as const,
  summary: () => [...queryKeys.applicant.all, 'earnings', 'summary'] as const,
};

export const earningsQueryOptions = (query: { page: number; page_size: number }) =>
  queryOptions({
    queryKey: earningsKeys.weeks(query),
    queryFn: () => callApi(earningsContract.weeks, { query }),
    placeholderData: keepPreviousData,
  });

export const earningsSummaryQueryOptions = () =>
  queryOptions({
    queryKey: earningsKeys.summary(),
    queryFn: () => callApi(earningsContract.summary),
  });

// The talent's tax form (issue 56), under the key the Tax Form page refreshes when a new one is signed.
export const ownTaxFormQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.taxForm.own(), queryFn: () => callApi(taxFormsContract.own) });

// The talent's Forms 1099-NEC (decision 055), the latest year first, and each one's Copy B.
export const ownNecFormsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.taxForm.ownNec(), queryFn: () => callApi(taxFormsContract.ownNecForms) });
export const necFormUrl = (formId: string) => apiUrl(taxFormsContract.ownNecFormPdf, { params: { id: formId } });
export const downloadNecForm = (formId: string, year: number) =>
  downloadApi(taxFormsContract.ownNecFormPdf, `form-1099-nec-${year}.pdf`, { params: { id: formId } });

// The talent's payouts (docs/decisions/036): the balance and the next payout, the payout methods, the
// payouts sent a page at a time. Every change refreshes the group (queryKeys.talentPayouts).

export const payoutBalanceQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.talentPayouts.balance(),
    queryFn: () => callApi(payoutsContract.balance),
  });

export const payoutMethodsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.talentPayouts.methods(),
    queryFn: () => callApi(payoutsContract.methods),
  });

export const payoutListQueryOptions = (query: { page: number; page_size: number }) =>
  queryOptions({
    queryKey: queryKeys.talentPayouts.list(query),
    queryFn: () => callApi(payoutsContract.payouts, { query }),
    placeholderData: keepPreviousData,
  });

// The files the talent downloads: a payout's statement, a year's summary for their tax filing.
export const downloadPayoutStatement = (payoutId: string) =>
  downloadApi(payoutsContract.statement, 'payout-statement.pdf', { params: { id: payoutId } });
export const payoutStatementUrl = (payoutId: string) => apiUrl(payoutsContract.statement, { params: { id: payoutId } });

export const downloadYearlySummary = (year: number, format: 'csv' | 'pdf') =>
  format === 'csv'
    ? downloadApi(payoutsContract.yearlyCsv, `earnings-${year}.csv`, { query: { year } })
    : downloadApi(payoutsContract.yearlyPdf, `earnings-${year}.pdf`, { query: { year } });
export const yearlySummaryUrl = (year: number, format: 'csv' | 'pdf') =>
  apiUrl(format === 'csv' ? payoutsContract.yearlyCsv : payoutsContract.yearlyPdf, { query: { year } });

function useRefreshPayouts() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.talentPayouts.all });
}

export function useAddPayoutMethod() {
  const refresh = useRefreshPayouts();
  return useMutation({
    mutationFn: (input: AddPayoutMethodInput) => callApi(payoutsContract.addMethod, { body: input }),
    onSuccess: refresh,
  });
}

// Emails the person a code that proves it is them, for those without a password (or who forgot it).
export function useSendPayoutCode() {
  return useMutation({ mutationFn: () => callApi(payoutsContract.sendCode) });
}

export function useMakeDefaultPayoutMethod() {
  const refresh = useRefreshPayouts();
  return useMutation({
    mutationFn: ({ id, proof }: { id: string; proof: PayoutProof }) =>
      callApi(payoutsContract.makeDefault, { params: { id }, body: { proof } }),
    onSuccess: refresh,
  });
}

export function useRemovePayoutMethod() {
  const refresh = useRefreshPayouts();
  return useMutation({
    mutationFn: (id: string) => callApi(payoutsContract.removeMethod, { params: { id } }),
    onSuccess: refresh,
  });
}

// The Stripe page to set up (or finish setting up) the account payouts go to.
export function useStripeConnectLink() {
  return useMutation({
    mutationFn: (proof: PayoutProof) => callApi(payoutsContract.connectLink, { body: { proof } }),
  });
}

// Back from Stripe's page: Stripe is asked whether the account is set up, and the answer is the methods.
export function useStripeConnectRefresh() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(payoutsContract.connectRefresh),
    onSuccess: (methods) => {
      queryClient.setQueryData(queryKeys.talentPayouts.methods(), methods);
      return queryClient.invalidateQueries({ queryKey: queryKeys.talentPayouts.balance() });
    },
  });
}
