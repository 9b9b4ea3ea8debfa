import { useQuery } from '@tanstack/react-query';
import { DownloadIcon, ReceiptIcon } from 'lucide-react';
import { useState } from 'react';
import { DataList, type DataListColumn, PhoneLabel } from '~/client/components/data-list';
import { SearchStatusToolbar } from '~/client/components/search-status-toolbar';
import { ConfirmDialog } from '~/client/components/ui/alert-dialog';
import { Badge } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import { toast } from '~/client/components/ui/use-toast';
import { errorMessage } from '~/client/lib/api-client';
import { useListSearch } from '~/client/lib/list-search';
import {
  type AdminPayment,
  adminPaymentStatuses,
  adminPaymentStatusLabels,
  adminPaymentTexts,
} from '~/shared/admin-payments';
import { paymentPurposeOf } from '~/shared/billing';
import { formatCents } from '~/shared/billing-texts';
import { adminPaymentListQueryOptions, downloadAdminPayments, useRefundPayment } from './api';
import { PaymentDetailDialog } from './payment-detail-dialog';
import { adminPaymentStatusBadges, formatPaymentDay } from './payment-format';
import { paymentsSearch, toPaymentListQuery } from './payments-search';

const EXPORT_FAILED = 'The report could not be downloaded. Please try again.';
const REFUND_FAILED = 'The refund could not be completed. Please try again.';

// The payments of /admin/payments (docs/spec/admin-billing-and-content.md §2 item 7): search by company or
// invoice, a status filter, company, amount, status, date, invoice and View; Export Report downloads the
// filtered rows as CSV.
export function PaymentsSection() {
  const search = useListSearch(paymentsSearch);
  const { state } = search;
  const query = toPaymentListQuery(state);
  const payments = useQuery(adminPaymentListQueryOptions(query));
  const items = payments.data?.items ?? [];
  const refund = useRefundPayment();

  // The open dialog and its payment as the list last answered it, so a refund shows at once.
  const [dialog, setDialog] = useState<{ mode: 'view' | 'refund' | null; payment: AdminPayment } | null>(null);
  const shown = dialog ? (items.find((payment) => payment.id === dialog.payment.id) ?? dialog.payment) : null;
  const close = (open: boolean) => {
    if (!open) setDialog((current) => current && { ...current, mode: null });
  };

  const exportReport = async () => {
    try {
      await downloadAdminPayments(query);
    } catch (error) {
      toast({ title: 'Export failed', description: errorMessage(error, EXPORT_FAILED), variant: 'destructive' });
    }
  };

  const confirmRefund = (payment: AdminPayment) =>
    refund.mutate(payment.id, {
      onSuccess: ({ payment: refunded }) => {
        setDialog({ mode: 'view', payment: refunded });
        toast({
          title: adminPaymentTexts.refunded,
          description: `${formatCents(refunded.amount_cents)} was refunded to ${refunded.company_name}.`,
        });
      },
      onError: (error) =>
        toast({ title: 'Refund failed', description: errorMessage(error, REFUND_FAILED), variant: 'destructive' }),
    });

  const columns: DataListColumn<AdminPayment>[] = [
    {
      id: 'company',
      phone: 'title',
      header: 'Company',
      cell: (payment) => <span className="font-medium">{payment.company_name}</span>,
    },
    {
      id: 'amount',
      phone: 'detail',
      phoneOrder: 1,
      header: 'Amount',
      className: 'whitespace-nowrap md:text-right',
      cell: (payment) => <span className="font-medium tabular-nums">{formatCents(payment.amount_cents)}</span>,
    },
    {
      id: 'status',
      phone: 'detail',
      phoneOrder: 2,
      header: 'Status',
      cell: (payment) => (
        <Badge variant={adminPaymentStatusBadges[payment.display_status]}>
          {adminPaymentStatusLabels[payment.display_status]}
        </Badge>
      ),
    },
    {
      id: 'date',
      phone: 'detail',
      phoneOrder: 3,
      header: 'Date',
      className: 'whitespace-nowrap',
      cell: (payment) => (
        <>
          <PhoneLabel>Date</PhoneLabel>
          {formatPaymentDay(payment.created_at)}
        </>
      ),
    },
    {
      id: 'invoice',
      phone: 'detail',
      phoneOrder: 4,
      header: 'Invoice',
      cell: (payment) => (
        <>
          <PhoneLabel>Invoice</PhoneLabel>
          <span className="break-words [overflow-wrap:anywhere]">{paymentPurposeOf(payment)}</span>
        </>
      ),
    },
    {
      id: 'actions',
      phone: 'menu',
      className: 'md:text-right',
      header: <span className="sr-only">Actions</span>,
      cell: (payment) => (
        <Button
          variant="outline"
          size="sm"
          onClick={() => setDialog({ mode: 'view', payment })}
          aria-label={`View payment for ${paymentPurposeOf(payment)}`}
        >
          View
        </Button>
      ),
    },
  ];

  const toolbar = (
    <SearchStatusToolbar
      search={search}
      searchLabel="Search payments"
      placeholder="Search by company or invoice number"
      statuses={adminPaymentStatuses}
      statusLabels={adminPaymentStatusLabels}
    >
      <Button variant="outline" className="lg:ml-auto" onClick={exportReport}>
        <DownloadIcon aria-hidden="true" />
        Export Report
      </Button>
    </SearchStatusToolbar>
  );

  return (
    <>
      <DataList
        label="Payments"
        noun="payments"
        query={payments}
        columns={columns}
        rowKey={(payment) => payment.id}
        search={search}
        errorTitle="Failed to load payments"
        errorText={errorMessage(payments.error, 'Please check your connection and try again.')}
        empty={{
          icon: ReceiptIcon,
          filtered: { title: 'No payments found', description: 'Try another company, invoice number or status.' },
          none: { title: 'No payments yet', description: 'Payments appear here as companies pay their invoices.' },
        }}
        toolbar={toolbar}
      />
      {shown && (
        <PaymentDetailDialog
          payment={shown}
          open={dialog?.mode === 'view'}
          onOpenChange={close}
          onRefund={(payment) => setDialog({ mode: 'refund', payment })}
        />
      )}
      {shown && (
        <ConfirmDialog
          open={dialog?.mode === 'refund'}
          onOpenChange={(open) => {
            if (!open) setDialog((current) => current && { ...current, mode: 'view' });
          }}
          title="Refund this payment?"
          description={`${formatCents(shown.amount_cents)} goes back to ${shown.company_name} and invoice ${shown.invoice_number ?? ''} is owed again. This cannot be undone.`}
          confirmLabel="Refund"
          destructive
          pending={refund.isPending}
          onConfirm={() => confirmRefund(shown)}
        />
      )}
    </>
  );
}
