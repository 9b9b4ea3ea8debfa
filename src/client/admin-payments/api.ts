import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, downloadApi } from '~/client/lib/api-client';
import { queryKeys } from '~/client/lib/query-keys';
import type { AdminPaymentListQuery } from '~/shared/admin-payments';
import { adminPaymentsContract } from '~/shared/contracts/billing';

// Payment Management: the list, the summary cards, the CSV and the refund.

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
