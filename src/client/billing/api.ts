import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, queryString } from '~/client/lib/api-client';
import { queryKeys } from '~/client/lib/query-keys';
import type {
  AddPaymentMethodInput,
  BillingProfile,
  BillingSummary,
  Invoice,
  InvoiceList,
  InvoiceListQuery,
  PayInvoiceInput,
  PayInvoiceResult,
  PaymentList,
  PaymentMethod,
} from '~/shared/billing';

// The company's billing (/api/company/invoices, payment-methods, billing-profile, payments): query
// options for reads, one hook per change. Changes refresh what they touch through queryKeys.billing.

export const invoiceListQueryOptions = (query: InvoiceListQuery) =>
  queryOptions({
    queryKey: queryKeys.billing.invoiceList(query),
    queryFn: () => apiClient.get<InvoiceList>(`/api/company/invoices${queryString(query)}`),
    // The table keeps its rows while the next page, sort or filter loads.
    placeholderData: keepPreviousData,
  });

// One invoice, as a notification's link (/company/billing?invoice={id}) opens it.
export const invoiceQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.billing.invoice(id),
    queryFn: () => apiClient.get<Invoice>(`/api/company/invoices/${id}`),
    retry: false,
  });

export const billingSummaryQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.billing.summary(),
    queryFn: () => apiClient.get<BillingSummary>('/api/company/invoices/summary'),
  });

export const paymentMethodsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.billing.paymentMethods(),
    queryFn: () => apiClient.get<{ items: PaymentMethod[] }>('/api/company/payment-methods'),
  });

export const billingProfileQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.billing.profile(),
    queryFn: () => apiClient.get<BillingProfile>('/api/company/billing-profile'),
  });

export const paymentListQueryOptions = (query: { page: number; page_size: number }) =>
  queryOptions({
    queryKey: queryKeys.billing.payments(query),
    queryFn: () => apiClient.get<PaymentList>(`/api/company/payments${queryString(query)}`),
    placeholderData: keepPreviousData,
  });

export const invoicePdfUrl = (id: string) => `/api/company/invoices/${id}/pdf`;
export const invoicesExportUrl = (ids: string[]) => `/api/company/invoices/export.pdf${queryString({ ids })}`;

// Paying changes the invoice, the cards, the payments and (with save_method) the saved methods.
function useRefreshBilling() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.billing.all });
}

export interface PayInvoiceVariables {
  invoiceId: string;
  body: PayInvoiceInput;
  // One per pay attempt: a retry after a network error or a 5xx sends the same key, so the server
  // answers with the first attempt's result instead of charging twice.
  idempotencyKey: string;
}

export function usePayInvoice() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: ({ invoiceId, body, idempotencyKey }: PayInvoiceVariables) =>
      apiClient.post<PayInvoiceResult>(`/api/company/invoices/${invoiceId}/pay`, body, {
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    // A refusal changes things too: a declined payment leaves the invoice unpaid.
    onSettled: refresh,
  });
}

export function useAddPaymentMethod() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: (input: AddPaymentMethodInput) => apiClient.post<PaymentMethod>('/api/company/payment-methods', input),
    onSuccess: refresh,
  });
}

export function useRemovePaymentMethod() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: (id: string) => apiClient.delete<void>(`/api/company/payment-methods/${id}`),
    onSuccess: refresh,
  });
}

// Auto-pay on or off, or another default method; the server refuses auto-pay without a default method.
export function useUpdateBillingProfile() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: (input: { auto_pay?: boolean; default_payment_method_id?: string }) =>
      apiClient.patch<BillingProfile>('/api/company/billing-profile', input),
    onSuccess: refresh,
  });
}
