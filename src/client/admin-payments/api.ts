import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, queryString } from '~/client/lib/api-client';
import { queryKeys } from '~/client/lib/query-keys';
import type {
  AdminPayment,
  AdminPaymentList,
  AdminPaymentListQuery,
  AdminPaymentSummary,
} from '~/shared/admin-payments';

// Payment Management (/api/admin/payments): the list, the summary cards, the CSV and the refund.

export const adminPaymentListQueryOptions = (query: AdminPaymentListQuery) =>
  queryOptions({
    queryKey: queryKeys.adminPayments.list(query),
    queryFn: () => apiClient.get<AdminPaymentList>(`/api/admin/payments${queryString(query)}`),
    // The table keeps its rows while the next page or filter loads.
    placeholderData: keepPreviousData,
  });

export const adminPaymentSummaryQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.adminPayments.summary(),
    queryFn: () => apiClient.get<AdminPaymentSummary>('/api/admin/payments/summary'),
  });

// The CSV of the rows the search and filter show (every page of them).
export const adminPaymentsExportUrl = (query: Pick<AdminPaymentListQuery, 'q' | 'status'>) =>
  `/api/admin/payments/export.csv${queryString({ q: query.q, status: query.status })}`;

export function useRefundPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paymentId: string) =>
      apiClient.post<{ payment: AdminPayment }>(`/api/admin/payments/${paymentId}/refund`, {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminPayments.all }),
  });
}
