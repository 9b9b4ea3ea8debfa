import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiUrl, callApi, downloadApi } from '~/client/lib/api-client';
import { queryKeys } from '~/client/lib/query-keys';
import { accountingContract } from '~/shared/contracts/accounting';
import { payoutsContract } from '~/shared/contracts/payouts';
import { taxFormsContract } from '~/shared/contracts/tax-forms';
import type { Currency } from '~/shared/currencies';
import type { PayoutRun, RunLineStatus, talentBalancesQuerySchema } from '~/shared/payouts';
import type { TaxFormQueueState } from '~/shared/tax-forms';

// Payouts (docs/decisions/036): the ledger's accounts, the payout runs and their lines, what each talent is
// owed and their holds. Every change moves money between these, so each one refreshes the whole group; an
// answer that is a run replaces the cached run at once.

export interface RunListQuery {
  page: number;
  page_size: number;
}

export interface RunLinesQuery {
  status?: RunLineStatus;
  page: number;
  page_size: number;
}

export type BalancesFilter = NonNullable<z.infer<typeof talentBalancesQuerySchema>['only']>;

export interface BalancesQuery {
  q?: string;
  only?: BalancesFilter;
  page: number;
  page_size: number;
}

export const ledgerQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.adminPayouts.ledger(),
    queryFn: () => callApi(payoutsContract.ledger),
  });

export const runListQueryOptions = (query: RunListQuery) =>
  queryOptions({
    queryKey: queryKeys.adminPayouts.runList(query),
    queryFn: () => callApi(payoutsContract.runs, { query }),
    // The table keeps its rows while the next page loads.
    placeholderData: keepPreviousData,
  });

export const runQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.adminPayouts.run(id),
    queryFn: () => callApi(payoutsContract.run, { params: { id } }),
  });

export const runLinesQueryOptions = (id: string, query: RunLinesQuery) =>
  queryOptions({
    queryKey: queryKeys.adminPayouts.runLines(id, query),
    queryFn: () => callApi(payoutsContract.runLines, { params: { id }, query }),
    placeholderData: keepPreviousData,
  });

export const balancesQueryOptions = (query: BalancesQuery) =>
  queryOptions({
    queryKey: queryKeys.adminPayouts.balances(query),
    queryFn: () => callApi(payoutsContract.balances, { query }),
    placeholderData: keepPreviousData,
  });

// The books (docs/decisions/046): a month's report and the trial balance at its end, read from the ledger.
export const monthEndQueryOptions = (month: string) =>
  queryOptions({
    queryKey: queryKeys.adminPayouts.monthEnd(month),
    queryFn: () => callApi(accountingContract.monthEnd, { query: { month } }),
  });

// The tax a period's invoices charged, net of credit notes, per currency, rule and rate (decision 053).
export const vatReportQueryOptions = (from: string, to: string) =>
  queryOptions({
    queryKey: queryKeys.adminPayouts.vatReport(from, to),
    queryFn: () => callApi(accountingContract.vatReport, { query: { from, to } }),
  });

export const trialBalanceQueryOptions = (asOf: string) =>
  queryOptions({
    queryKey: queryKeys.adminPayouts.trialBalance(asOf),
    queryFn: () => callApi(accountingContract.trialBalance, { query: { as_of: asOf } }),
  });

// The books' files are plain links, as the bank file: the browser downloads them with the session cookie.
export const booksFileUrls = ({ from, to, month }: { from: string; to: string; month: string }) => ({
  xero: apiUrl(accountingContract.xeroJournal, { query: { from, to } }),
  quickbooks: apiUrl(accountingContract.quickbooksJournal, { query: { from, to } }),
  trialBalance: apiUrl(accountingContract.trialBalanceCsv, { query: { as_of: to } }),
  monthEnd: apiUrl(accountingContract.monthEndCsv, { query: { month } }),
  vat: apiUrl(accountingContract.vatReportCsv, { query: { from, to } }),
});

// The bank files are links the browser can fetch by itself with the session cookie (a new tab, a copied
// address); a click fetches them through the client instead, so a refusal is the server's sentence on the
// page, not an error saved as the file. A pain.001 is one currency's: `currency` names it when the run's
// payouts to an IBAN are in several (left out, the server takes the only one).
export const bankFileUrl = (runId: string) => apiUrl(payoutsContract.bankFile, { params: { id: runId } });
export const pain001FileUrl = (runId: string, currency?: Currency) =>
  apiUrl(payoutsContract.pain001File, { params: { id: runId }, query: { currency } });
export const nachaFileUrl = (runId: string) => apiUrl(payoutsContract.nachaFile, { params: { id: runId } });

export const downloadBankFile = (runId: string) =>
  downloadApi(payoutsContract.bankFile, 'tandem-payouts.csv', { params: { id: runId } });
export const downloadPain001File = (runId: string, currency?: Currency) =>
  downloadApi(payoutsContract.pain001File, `tandem-payouts${currency ? `-${currency}` : ''}.pain001.xml`, {
    params: { id: runId },
    query: { currency },
  });
export const downloadNachaFile = (runId: string) =>
  downloadApi(payoutsContract.nachaFile, 'tandem-payouts.ach', { params: { id: runId } });

// Which bank file pays each bank-file payout of the run, and why the others are in neither (decision 045).
export const runBankFormatsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.adminPayouts.runBankFormats(id),
    queryFn: () => callApi(payoutsContract.bankFormats, { params: { id } }),
  });

// A change to the payouts: every payouts query is read again, not awaited, so the answer shows without
// waiting for the lists.
function usePayoutsMutation<Input, Result>(send: (input: Input) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.adminPayouts.all });
    },
  });
}

// A change whose answer is the run as it stands after it: shown at once.
function useRunMutation<Input, Run extends PayoutRun>(send: (input: Input) => Promise<Run>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (run) => queryClient.setQueryData(queryKeys.adminPayouts.run(run.id), run),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.adminPayouts.all });
    },
  });
}

// While a run awaits approval, preparing answers that one (was_waiting) and adds nothing to it.
export const usePrepareRun = () => useRunMutation(() => callApi(payoutsContract.prepareRun));

export const useApproveRun = () =>
  useRunMutation((runId: string) => callApi(payoutsContract.approveRun, { params: { id: runId } }));

// Answers how many were written to, and the run (its reminded_at) as it stands after.
export function useRemindRunTalents() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (runId: string) => callApi(payoutsContract.remindRun, { params: { id: runId } }),
    onSuccess: ({ run }) => queryClient.setQueryData(queryKeys.adminPayouts.run(run.id), run),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.adminPayouts.all });
    },
  });
}

export const useMarkRunPaid = () =>
  useRunMutation(({ runId, reference }: { runId: string; reference: string }) =>
    callApi(payoutsContract.markRunPaid, { params: { id: runId }, body: { reference } }),
  );

// The file goes as the raw body, typed by its name whatever the browser guessed (a CSV saved by Excel on
// Windows comes as application/vnd.ms-excel, or with no type at all): the bank's camt.054 as XML, else
// text/csv; with its name beside it.
export const useImportResults = () =>
  useRunMutation(({ runId, file }: { runId: string; file: File }) =>
    callApi(
      payoutsContract.importResults,
      {
        params: { id: runId },
        body: new Blob([file], { type: /\.xml$/i.test(file.name) ? 'application/xml' : 'text/csv' }),
      },
      { headers: { 'X-File-Name': encodeURIComponent(file.name) } },
    ),
  );

export const useMarkPayoutPaid = () =>
  usePayoutsMutation(({ payoutId, reference }: { payoutId: string; reference: string }) =>
    callApi(payoutsContract.markPaid, { params: { id: payoutId }, body: { reference } }),
  );

export const useMarkPayoutFailed = () =>
  usePayoutsMutation(({ payoutId, reason }: { payoutId: string; reason: string }) =>
    callApi(payoutsContract.markFailed, { params: { id: payoutId }, body: { reason } }),
  );

export const usePlaceHold = () =>
  usePayoutsMutation(({ applicantId, reason }: { applicantId: string; reason: string }) =>
    callApi(payoutsContract.placeHold, { body: { applicant_id: applicantId, reason } }),
  );

export const useReleaseHold = () =>
  usePayoutsMutation(({ holdId, reason }: { holdId: string; reason: string }) =>
    callApi(payoutsContract.releaseHold, { params: { id: holdId }, body: { reason } }),
  );

// Who a payout run stops on for a tax form, or soon will (issue 56): one state a page at a time.
export const taxFormQueueQueryOptions = (query: { state: TaxFormQueueState; page: number }) =>
  queryOptions({
    queryKey: queryKeys.taxForm.queue(query),
    queryFn: () => callApi(taxFormsContract.queue, { query: { ...query, page_size: 20 } }),
    placeholderData: keepPreviousData,
  });

// A year's Forms 1099-NEC (decision 055): who is due one beside what was issued, issuing them, the filing file
// and each Copy B. Issuing refreshes the year's lists.
export const necRecipientsQueryOptions = (query: { year: number; page: number }) =>
  queryOptions({
    queryKey: queryKeys.taxForm.necYear(query),
    queryFn: () => callApi(taxFormsContract.necRecipients, { query: { ...query, page_size: 20 } }),
    placeholderData: keepPreviousData,
  });
export function useIssueNecForms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (year: number) => callApi(taxFormsContract.issueNecForms, { body: { year } }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['tax-form', 'nec'] });
    },
  });
}
export const necFilingFileUrl = (year: number) => apiUrl(taxFormsContract.necFilingFile, { query: { year } });
export const downloadNecFilingFile = (year: number) =>
  downloadApi(taxFormsContract.necFilingFile, `tandem-1099-nec-${year}.csv`, { query: { year } });
export const necCopyBUrl = (formId: string) => apiUrl(taxFormsContract.necFormPdf, { params: { id: formId } });
export const downloadNecCopyB = (formId: string, year: number) =>
  downloadApi(taxFormsContract.necFormPdf, `form-1099-nec-${year}.pdf`, { params: { id: formId } });
