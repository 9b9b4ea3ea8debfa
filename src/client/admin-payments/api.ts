import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, downloadApi } from '~/client/lib/api-client';
import { queryKeys } from '~/client/lib/query-keys';
import type { AdminPaymentListQuery } from '~/shared/admin-payments';
import type { UnbilledCompanyQuery } from '~/shared/billing';
import { adminInvoicesContract } from '~/shared/contracts/billing';
import { adminPaymentsContract } from '~/shared/contracts/payments';

// Payment Management: the list, the summary cards, the CSV and the refund; the companies with approved work
// not yet invoiced, and Issue invoice now (docs/decisions/024).

export const adminPaymentListQueryOptions = (query: AdminPaymentListQuery) =>
  queryOptions({
    queryKey: queryKeys.adminPayments.list(query),
    queryFn: () => callApi(adminPaymentsContract.list, { query }),
    // The table keeps its rows while the next page or filter loads.
    placeholderData: keepPreviousData,
  });

export const adminPaymentSummaryQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.adminPayments.summary(),
    queryFn: () => callApi(adminPaymentsContract.summary),
  });

// The CSV of the rows the search and filter show (every page of them).
export const downloadAdminPayments = (query: Pick<AdminPaymentListQuery, 'q' | 'status'>) =>
  downloadApi(adminPaymentsContract.exportCsv, 'payments.csv', { query: { q: query.q, status: query.status } });

export function useRefundPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paymentId: string) => callApi(adminPaymentsContract.refund, { params: { id: paymentId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminPayments.all }),
  });
}

export const unbilledCompaniesQueryOptions = (query: UnbilledCompanyQuery) =>
  queryOptions({
    queryKey: queryKeys.adminPayments.unbilled(query),
    queryFn: () => callApi(adminInvoicesContract.unbilledCompanies, { query }),
    placeholderData: keepPreviousData,
  });

// A new invoice is money owed: the unbilled list and the payment cards follow.
export function useIssueInvoiceNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (companyId: string) => callApi(adminInvoicesContract.issueNow, { params: { id: companyId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminPayments.all }),
  });
}
