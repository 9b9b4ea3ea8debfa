import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, downloadApi } from '~/client/lib/api-client';
import { queryKeys } from '~/client/lib/query-keys';
import type {
  AddPaymentMethodInput,
  CreditNote,
  Invoice,
  InvoiceListQuery,
  InvoiceRefund,
  PayInvoiceInput,
  PayInvoicesInput,
} from '~/shared/billing';
import type { UpdateBillingDetails } from '~/shared/billing-details';
import { invoicesContract } from '~/shared/contracts/billing';
import { paymentsContract } from '~/shared/contracts/payments';

// The company's billing (invoices, payment methods, billing profile, payments): query options for
// reads, one hook per change. Changes refresh what they touch through queryKeys.billing. The saved
// methods' read is in ~/client/lib/payment-method-queries, since funding a milestone pays with them too.

export const invoiceListQueryOptions = (query: InvoiceListQuery) =>
  queryOptions({
    queryKey: queryKeys.billing.invoiceList(query),
    queryFn: () => callApi(invoicesContract.list, { query }),
    // The table keeps its rows while the next page, sort or filter loads.
    placeholderData: keepPreviousData,
  });

// One invoice, as a notification's link (/company/billing?invoice={id}) opens it.
export const invoiceQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.billing.invoice(id),
    queryFn: () => callApi(invoicesContract.invoice, { params: { id } }),
    retry: false,
  });

export const billingSummaryQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.billing.summary(),
    queryFn: () => callApi(invoicesContract.summary),
  });

export const billingProfileQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.billing.profile(),
    queryFn: () => callApi(paymentsContract.profile),
  });

// Who the company's invoices are made out to, and the tax rate and terms Tandem bills it at.
export const billingDetailsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.billing.details(),
    queryFn: () => callApi(paymentsContract.billingDetails),
  });

export const paymentListQueryOptions = (query: { page: number; page_size: number }) =>
  queryOptions({
    queryKey: queryKeys.billing.payments(query),
    queryFn: () => callApi(paymentsContract.payments, { query }),
    placeholderData: keepPreviousData,
  });

export const creditNoteListQueryOptions = (query: { page: number; page_size: number }) =>
  queryOptions({
    queryKey: queryKeys.billing.creditNotes(query),
    queryFn: () => callApi(invoicesContract.creditNotes, { query }),
    placeholderData: keepPreviousData,
  });

// Approved weeks not yet invoiced, and the next invoice's day and estimate (docs/decisions/024).
export const unbilledWorkQueryOptions = (query: { page: number; page_size: number }) =>
  queryOptions({
    queryKey: queryKeys.billing.unbilledWork(query),
    queryFn: () => callApi(invoicesContract.unbilledWork, { query }),
    placeholderData: keepPreviousData,
  });

export const nextInvoiceQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.billing.nextInvoice(),
    queryFn: () => callApi(invoicesContract.nextInvoice),
  });

export const downloadInvoicePdf = (invoice: Invoice) =>
  downloadApi(invoicesContract.invoicePdf, `${invoice.invoice_number}.pdf`, { params: { id: invoice.id } });
// The invoice as an EN 16931 e-invoice (issue 56): UBL XML for accounting systems and tax portals.
export const downloadInvoiceEInvoice = (invoice: Invoice) =>
  downloadApi(invoicesContract.invoiceEInvoice, `${invoice.invoice_number}.xml`, { params: { id: invoice.id } });
// A refund's credit note (decision 048).
export const downloadCreditNotePdf = (refund: Pick<InvoiceRefund, 'credit_note_id' | 'credit_note_number'>) =>
  downloadApi(invoicesContract.creditNotePdf, `${refund.credit_note_number}.pdf`, {
    params: { id: refund.credit_note_id },
  });
// The credit note as an EN 16931 e-invoice (UBL CreditNote, issue 56).
export const downloadCreditNoteEInvoice = (note: Pick<CreditNote, 'id' | 'credit_note_number'>) =>
  downloadApi(invoicesContract.creditNoteEInvoice, `${note.credit_note_number}.xml`, { params: { id: note.id } });
// The selected invoices, one a page.
export const downloadInvoicesPdf = (ids: string[]) =>
  downloadApi(invoicesContract.exportPdf, 'invoices.pdf', { query: { ids: ids.join(',') } });

// Paying changes the invoice, the cards, the payments and (with save_method) the saved methods.
function useRefreshBilling() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.billing.all });
}

interface PayInvoiceVariables {
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
      callApi(paymentsContract.payInvoice, {
        params: { id: invoiceId },
        headers: { 'idempotency-key': idempotencyKey },
        body,
      }),
    // A refusal changes things too: a declined payment leaves the invoice unpaid.
    onSettled: refresh,
  });
}

// Several invoices at once, with one key for the whole request (the server derives each invoice's).
export function usePayInvoices() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: PayInvoicesInput; idempotencyKey: string }) =>
      callApi(paymentsContract.payInvoices, { headers: { 'idempotency-key': idempotencyKey }, body }),
    onSettled: refresh,
  });
}

export function useAddPaymentMethod() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: (input: AddPaymentMethodInput) => callApi(paymentsContract.addPaymentMethod, { body: input }),
    onSuccess: refresh,
  });
}

export function useRemovePaymentMethod() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: (id: string) => callApi(paymentsContract.removePaymentMethod, { params: { id } }),
    onSuccess: refresh,
  });
}

// Auto-pay on or off, or another default method; the server refuses auto-pay without a default method.
export function useUpdateBillingProfile() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: (input: { auto_pay?: boolean; default_payment_method_id?: string }) =>
      callApi(paymentsContract.updateProfile, { body: input }),
    onSuccess: refresh,
  });
}

// The company's own part of its billing details; the answer is what is stored, so the card shows it at once.
export function useUpdateBillingDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (details: UpdateBillingDetails) => callApi(paymentsContract.updateBillingDetails, { body: details }),
    onSuccess: (details) => queryClient.setQueryData(queryKeys.billing.details(), details),
  });
}
