import { useQuery } from '@tanstack/react-query';
import { DownloadIcon, ReceiptIcon, XIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DataList, type DataListColumn, PhoneLabel } from '~/client/components/data-list';
import { FilterSelect } from '~/client/components/filter-select';
import { useRowSelection } from '~/client/components/row-selection';
import { SearchInput } from '~/client/components/search-input';
import { Alert } from '~/client/components/ui/alert';
import { Badge } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import { toast } from '~/client/components/ui/use-toast';
import { useAllowed } from '~/client/lib/allowed';
import { errorMessage } from '~/client/lib/api-client';
import { useChangeSearch, useListSearch } from '~/client/lib/list-search';
import type { Invoice, InvoiceRefund, InvoiceSortKey } from '~/shared/billing';
import { formatCents } from '~/shared/billing-texts';
import {
  downloadCreditNotePdf,
  downloadInvoiceEInvoice,
  downloadInvoicePdf,
  downloadInvoicesPdf,
  invoiceListQueryOptions,
  invoiceQueryOptions,
} from './api';
import { formatDay, invoiceStatusBadges, invoiceStatusLabels, invoiceStatusOptions } from './billing-format';
import { InvoiceDetailDialog } from './invoice-detail-dialog';
import { ariaSortOf, IssueDateFilter, SortHeader, SortSelect } from './invoice-filters';
import { invoicesSearch, nextInvoiceSort, toInvoiceListQuery, toSortParam } from './invoices-search';
import { PayDialog } from './pay-dialog';
import { PayInvoicesDialog } from './pay-invoices-dialog';

const DOWNLOAD_FAILED = 'The PDF could not be downloaded. Please try again.';
const NOT_OPENED = 'The invoice could not be loaded. Please try again.';

async function download(save: () => Promise<void>) {
  try {
    await save();
  } catch (error) {
    toast({ title: 'Download failed', description: errorMessage(error, DOWNLOAD_FAILED), variant: 'destructive' });
  }
}

const downloadInvoice = (invoice: Invoice) => download(() => downloadInvoicePdf(invoice));
const downloadEInvoice = (invoice: Invoice) => download(() => downloadInvoiceEInvoice(invoice));
const downloadCreditNote = (refund: InvoiceRefund) => download(() => downloadCreditNotePdf(refund));

// The Invoices list of /company/billing (docs/spec/admin-billing-and-content.md §2): search by number, status,
// issue dates, sortable columns, row selection with Download selected, and each invoice's detail and pay
// dialogs.
export function InvoicesSection() {
  const search = useListSearch(invoicesSearch);
  const { state } = search;
  const query = toInvoiceListQuery(state);
  const invoices = useQuery(invoiceListQueryOptions(query));
  // What is late, oldest due first, whatever the list shows: the list's default order (newest issued
  // first, the spec's) put the overdue invoice last and an invoice due in a month first.
  const overdue = useQuery(
    invoiceListQueryOptions({ status: 'overdue', sort: 'dueDate', order: 'asc', page: 1, page_size: 20 }),
  );
  const items = invoices.data?.items ?? [];
  // Paying is for the roles that pay (a Viewer reads the invoices only).
  const mayPay = useAllowed('update:invoice:own');

  // The selection belongs to one page of one list: another page, filter or order starts a new one.
  const selection = useRowSelection(items, JSON.stringify(query));

  // The open dialog (none once closed: the invoice stays, so the dialogs close rather than vanish) and
  // its invoice as the list last answered it, so a payment's new status shows at once.
  const [dialog, setDialog] = useState<{ mode: 'view' | 'pay' | null; invoice: Invoice } | null>(null);
  const shown = dialog ? (items.find((invoice) => invoice.id === dialog.invoice.id) ?? dialog.invoice) : null;
  const closeDialog = (open: boolean) => {
    if (!open) setDialog((current) => current && { ...current, mode: null });
  };
  // Paying several at once: the overdue ones, or the unpaid ones selected.
  const [payingMany, setPayingMany] = useState<{ invoices: Invoice[]; open: boolean } | null>(null);
  const selectedUnpaid = items.filter((invoice) => selection.isSelected(invoice) && invoice.status !== 'paid');

  // A notification's link names one invoice (?invoice={id}): open it, then drop the key from the URL.
  const [searchParams] = useSearchParams();
  const changeSearch = useChangeSearch();
  const linkedId = searchParams.get('invoice');
  const linked = useQuery({ ...invoiceQueryOptions(linkedId ?? ''), enabled: Boolean(linkedId) });
  useEffect(() => {
    if (!linkedId || linked.isPending) return;
    if (linked.data) setDialog({ mode: 'view', invoice: linked.data });
    else
      toast({
        title: 'Invoice not opened',
        description: errorMessage(linked.error, NOT_OPENED),
        variant: 'destructive',
      });
    changeSearch({ invoice: null }, { replace: true });
  }, [linkedId, linked.isPending, linked.data, linked.error, changeSearch]);

  const sortBy = (key: InvoiceSortKey) => search.change({ sort: nextInvoiceSort(state.sort, key) });
  const sortable = (key: InvoiceSortKey) => ({
    header: <SortHeader column={key} sort={state.sort} onSort={sortBy} />,
    sort: ariaSortOf(state.sort, key),
  });

  const columns: DataListColumn<Invoice>[] = [
    selection.column({ noun: 'invoices', nameOf: (invoice) => invoice.invoice_number }),
    {
      id: 'invoiceNumber',
      phone: 'title',
      ...sortable('invoiceNumber'),
      cell: (invoice) => <span className="font-medium">{invoice.invoice_number}</span>,
    },
    {
      id: 'issueDate',
      phone: 'detail',
      phoneOrder: 2,
      className: 'whitespace-nowrap',
      ...sortable('issueDate'),
      cell: (invoice) => (
        <>
          <PhoneLabel>Issued</PhoneLabel>
          {formatDay(invoice.issue_date)}
        </>
      ),
    },
    {
      id: 'dueDate',
      phone: 'detail',
      phoneOrder: 3,
      className: 'whitespace-nowrap',
      ...sortable('dueDate'),
      cell: (invoice) => (
        <>
          <PhoneLabel>Due</PhoneLabel>
          {formatDay(invoice.due_date)}
        </>
      ),
    },
    {
      id: 'amount',
      phone: 'detail',
      phoneOrder: 1,
      className: 'whitespace-nowrap md:text-right',
      ...sortable('amount'),
      cell: (invoice) => (
        <span className="font-medium tabular-nums">{formatCents(invoice.amount_cents, invoice.currency)}</span>
      ),
    },
    {
      id: 'status',
      phone: 'detail',
      phoneOrder: 4,
      ...sortable('status'),
      cell: (invoice) => (
        <Badge variant={invoiceStatusBadges[invoice.status]}>{invoiceStatusLabels[invoice.status]}</Badge>
      ),
    },
    {
      id: 'actions',
      phone: 'detail',
      phoneOrder: 5,
      className: 'md:text-right max-md:basis-full',
      header: <span className="sr-only">Actions</span>,
      cell: (invoice) => (
        <span className="inline-flex items-center gap-1">
          <Button
            variant="outline"
            size="sm"
            onClick={() => setDialog({ mode: 'view', invoice })}
            aria-label={`View ${invoice.invoice_number}`}
          >
            View
          </Button>
          {mayPay && invoice.status !== 'paid' && (
            <Button
              size="sm"
              onClick={() => setDialog({ mode: 'pay', invoice })}
              aria-label={`Pay ${invoice.invoice_number}`}
            >
              Pay
            </Button>
          )}
          <Button
            variant="ghost"
            size="sm"
            onClick={() => downloadInvoice(invoice)}
            aria-label={`Download PDF of ${invoice.invoice_number}`}
            title="Download PDF"
          >
            <DownloadIcon aria-hidden="true" />
            <span className="md:sr-only">PDF</span>
          </Button>
        </span>
      ),
    },
  ];

  const toolbar = (
    <>
      <OverdueNotice
        invoices={overdue.data?.items ?? []}
        total={overdue.data?.total ?? 0}
        mayPay={mayPay}
        onPay={(invoice) => setDialog({ mode: 'pay', invoice })}
        onPayAll={(invoices) => setPayingMany({ invoices, open: true })}
        onShowAll={() => search.change({ status: 'overdue' })}
      />
      <div className="flex flex-col gap-3 lg:flex-row lg:flex-wrap lg:items-center">
        <SearchInput
          className="lg:max-w-xs lg:flex-1"
          label="Search invoices"
          placeholder="Search by invoice number"
          value={state.q}
          onSearch={(q) => search.change({ q }, { replace: true })}
        />
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
          <FilterSelect
            label="Status"
            className="sm:w-40"
            allLabel="All"
            value={state.status}
            options={invoiceStatusOptions}
            labels={invoiceStatusLabels}
            onChange={(status) => search.change({ status })}
          />
          <IssueDateFilter from={state.from} to={state.to} onChange={(range) => search.change(range)} />
          <SortSelect sort={state.sort} onChange={(sort) => search.change({ sort: toSortParam(sort) })} />
          {search.isFiltered && (
            <Button variant="ghost" onClick={search.clear}>
              <XIcon aria-hidden="true" />
              Clear Filters
            </Button>
          )}
        </div>
        {mayPay && (
          <Button
            variant="outline"
            className="lg:ml-auto"
            disabled={selectedUnpaid.length === 0}
            onClick={() => setPayingMany({ invoices: selectedUnpaid, open: true })}
          >
            Pay selected{selectedUnpaid.length > 0 ? ` (${selectedUnpaid.length})` : ''}
          </Button>
        )}
        <Button
          variant="outline"
          className={mayPay ? undefined : 'lg:ml-auto'}
          disabled={selection.selectedIds.length === 0}
          onClick={() => download(() => downloadInvoicesPdf(selection.selectedIds))}
        >
          <DownloadIcon aria-hidden="true" />
          Download selected{selection.selectedIds.length > 0 ? ` (${selection.selectedIds.length})` : ''}
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">{INVOICE_STATUS_LEGEND}</p>
    </>
  );

  return (
    <>
      <DataList
        label="Invoices"
        noun="invoices"
        query={invoices}
        columns={columns}
        rowKey={(invoice) => invoice.id}
        isRowSelected={selection.isSelected}
        search={search}
        errorTitle="Failed to load invoices"
        errorText={errorMessage(invoices.error, 'Please check your connection and try again.')}
        empty={{
          icon: ReceiptIcon,
          filtered: { title: 'No invoices found', description: 'Try another invoice number, status or date range.' },
          none: {
            title: 'No invoices found',
            description: 'Invoices are issued each week from the timesheets you approve.',
          },
        }}
        toolbar={toolbar}
      />
      {shown && (
        <InvoiceDetailDialog
          invoice={shown}
          open={dialog?.mode === 'view'}
          onOpenChange={closeDialog}
          onPay={mayPay ? (invoice) => setDialog({ mode: 'pay', invoice }) : undefined}
          onDownload={downloadInvoice}
          onDownloadEInvoice={downloadEInvoice}
          onDownloadCreditNote={downloadCreditNote}
        />
      )}
      {shown && <PayDialog invoice={shown} open={dialog?.mode === 'pay'} onOpenChange={closeDialog} />}
      {payingMany && (
        <PayInvoicesDialog
          invoices={payingMany.invoices}
          open={payingMany.open}
          onOpenChange={(open) => {
            if (!open) setPayingMany((current) => current && { ...current, open: false });
          }}
        />
      )}
    </>
  );
}

// What each status means, under the filters: "Pending" and "Unpaid" side by side were unexplained.
const INVOICE_STATUS_LEGEND =
  'Pending: issued and not yet due. Unpaid: a payment was tried and did not go through. Overdue: past its due date. Paid: settled.';

// Overdue invoices first, above the list, with Pay for the oldest and Pay all overdue: a company that owes
// money late sees it at once, whatever the list's order, and settles it in one go.
function OverdueNotice({
  invoices,
  total,
  mayPay,
  onPay,
  onPayAll,
  onShowAll,
}: {
  invoices: Invoice[];
  total: number;
  mayPay: boolean;
  onPay: (invoice: Invoice) => void;
  onPayAll: (invoices: Invoice[]) => void;
  onShowAll: () => void;
}) {
  const [oldest] = invoices;
  if (!oldest) return null;
  const owed = invoices.reduce((sum, invoice) => sum + invoice.amount_cents, 0);
  return (
    <Alert variant="destructive" className="items-center justify-between gap-3 max-sm:flex-col max-sm:items-start">
      <p>
        {total === 1
          ? `Invoice ${oldest.invoice_number} for ${formatCents(oldest.amount_cents, oldest.currency)} was due ${formatDay(oldest.due_date)}.`
          : `${total} invoices are overdue${total === invoices.length ? `, ${formatCents(owed, oldest.currency)} in all` : ''}; the oldest, ${oldest.invoice_number}, was due ${formatDay(oldest.due_date)}.`}
      </p>
      <span className="flex shrink-0 flex-wrap gap-2">
        {total > 1 && (
          <Button size="sm" variant="outline" onClick={onShowAll}>
            Show overdue
          </Button>
        )}
        {mayPay && (
          <Button
            size="sm"
            variant={total > 1 ? 'outline' : 'default'}
            onClick={() => onPay(oldest)}
            aria-label={`Pay overdue invoice ${oldest.invoice_number}`}
          >
            Pay {oldest.invoice_number}
          </Button>
        )}
        {mayPay && total > 1 && (
          <Button size="sm" onClick={() => onPayAll(invoices)}>
            {total === invoices.length
              ? `Pay all overdue (${formatCents(owed, oldest.currency)})`
              : `Pay the ${invoices.length} oldest`}
          </Button>
        )}
      </span>
    </Alert>
  );
}
