import { DownloadIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '~/client/components/ui/dialog';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/client/components/ui/table';
import type { Invoice, InvoiceRefund } from '~/shared/billing';
import { creditNoteReasonLabels, formatBasisPoints, formatCents } from '~/shared/billing-texts';
import type { Currency } from '~/shared/currencies';
import { eInvoiceTexts } from '~/shared/e-invoice-texts';
import { taxCategoryLabels } from '~/shared/tax';
import {
  formatDay,
  formatItemRate,
  formatMomentDay,
  formatPeriod,
  formatQuantity,
  invoiceStatusBadges,
  invoiceStatusLabels,
} from './billing-format';

interface InvoiceDetailDialogProps {
  invoice: Invoice;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  // Left out for a role that may not pay (a Viewer): no Pay button.
  onPay?: (invoice: Invoice) => void;
  onDownload: (invoice: Invoice) => void;
  onDownloadEInvoice: (invoice: Invoice) => void;
  onDownloadCreditNote: (refund: InvoiceRefund) => void;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium">{children}</dd>
    </div>
  );
}

function TotalRow({
  label,
  cents,
  currency,
  isTotal = false,
}: {
  label: string;
  cents: number;
  currency: Currency;
  isTotal?: boolean;
}) {
  return (
    <div
      className={isTotal ? 'flex justify-between border-t border-border pt-2 font-semibold' : 'flex justify-between'}
    >
      <dt>{label}</dt>
      <dd className="tabular-nums">{formatCents(cents, currency)}</dd>
    </div>
  );
}

// The VAT or GST rule the invoice was issued under (decision 053): its breakdown per rate, the legal wording,
// and both parties' tax ids as issued. A sales tax is its own line among the items already.
function InvoiceTax({ invoice }: { invoice: Invoice }) {
  const { tax } = invoice;
  if (tax.category === 'sales_tax') return null;
  const rule = tax.category === 'standard' ? '' : ` (${taxCategoryLabels[tax.category].toLowerCase()})`;
  return (
    <section aria-label={`${tax.name} breakdown`} className="grid gap-2 rounded-md border border-border p-3 text-sm">
      <ul className="grid gap-1">
        {tax.breakdown.map((line) => (
          <li key={line.rate_basis_points} className="flex flex-wrap justify-between gap-x-4">
            <span>
              {tax.name} {formatBasisPoints(line.rate_basis_points)}
              {rule} on {formatCents(line.taxable_cents, invoice.currency)}
            </span>
            <span className="tabular-nums">{formatCents(line.tax_cents, invoice.currency)}</span>
          </li>
        ))}
      </ul>
      {tax.note && <p className="text-muted-foreground">{tax.note}</p>}
      <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-2">
        {invoice.seller.tax_id && (
          <Fact label={`${invoice.seller.name}’s ${tax.name} number`}>{invoice.seller.tax_id}</Fact>
        )}
        {invoice.billed_to.tax_id && (
          <Fact label={`${invoice.billed_to.name}’s ${tax.name} number`}>{invoice.billed_to.tax_id}</Fact>
        )}
      </dl>
    </section>
  );
}

// What went back of the invoice (decision 048): each refund's amount, day and why, with its credit note.
function InvoiceRefunds({
  refunds,
  currency,
  onDownloadCreditNote,
}: {
  refunds: InvoiceRefund[];
  currency: Currency;
  onDownloadCreditNote: (refund: InvoiceRefund) => void;
}) {
  if (refunds.length === 0) return null;
  return (
    <ul aria-label="Refunds" className="grid gap-2 rounded-md bg-muted/60 p-3 text-sm">
      {refunds.map((refund) => (
        <li key={refund.credit_note_id} className="flex flex-wrap items-center justify-between gap-2">
          <span>
            <span className="font-medium">
              Refunded {formatCents(refund.total_cents, currency)} on {formatMomentDay(refund.issued_at)}
            </span>{' '}
            <span className="text-muted-foreground">({creditNoteReasonLabels[refund.reason]})</span>
          </span>
          <Button variant="outline" size="sm" onClick={() => onDownloadCreditNote(refund)}>
            <DownloadIcon aria-hidden="true" />
            Credit note {refund.credit_note_number}
          </Button>
        </li>
      ))}
    </ul>
  );
}

// One invoice (docs/spec/admin-billing-and-content.md §3): its dates and period, its items (work hours,
// platform fee, tax) and totals, what was refunded of it with each credit note, the PDF, and Pay while it is
// not paid (§4).
export function InvoiceDetailDialog({
  invoice,
  open,
  onOpenChange,
  onPay,
  onDownload,
  onDownloadEInvoice,
  onDownloadCreditNote,
}: InvoiceDetailDialogProps) {
  const isPaid = invoice.status === 'paid';
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={`Invoice ${invoice.invoice_number}`}
        description={`Billing period ${formatPeriod(invoice.period_start, invoice.period_end)}`}
        className="max-w-2xl"
      >
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <Fact label="Status">
            <Badge variant={invoiceStatusBadges[invoice.status]}>{invoiceStatusLabels[invoice.status]}</Badge>
          </Fact>
          <Fact label="Issue Date">{formatDay(invoice.issue_date)}</Fact>
          <Fact label="Due Date">{formatDay(invoice.due_date)}</Fact>
          {invoice.paid_at ? (
            <Fact label="Paid">{formatMomentDay(invoice.paid_at)}</Fact>
          ) : (
            <Fact label="Amount Due">{formatCents(invoice.amount_cents, invoice.currency)}</Fact>
          )}
        </dl>

        {/* Below 640 px each item stacks: its description, then quantity × rate and the amount. */}
        <Table aria-label="Invoice items" className="max-sm:block">
          <TableHeader className="max-sm:sr-only">
            <TableRow className="hover:bg-transparent">
              <TableHead>Description</TableHead>
              <TableHead className="text-right">Quantity</TableHead>
              <TableHead className="text-right">Rate</TableHead>
              <TableHead className="text-right">Amount</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody className="max-sm:block">
            {invoice.items.map((item) => (
              <TableRow
                key={item.id}
                className="hover:bg-transparent max-sm:flex max-sm:flex-wrap max-sm:items-baseline max-sm:gap-x-1.5 max-sm:gap-y-1 max-sm:py-2.5"
              >
                <TableCell className="[overflow-wrap:anywhere] max-sm:basis-full max-sm:p-0">
                  {item.description}
                </TableCell>
                <TableCell className="text-right tabular-nums max-sm:p-0 max-sm:text-muted-foreground">
                  {formatQuantity(item)}
                </TableCell>
                <TableCell className="text-right whitespace-nowrap tabular-nums max-sm:p-0 max-sm:text-muted-foreground">
                  <span className="sm:hidden" aria-hidden="true">
                    ×{' '}
                  </span>
                  {formatItemRate(item, invoice.currency)}
                </TableCell>
                <TableCell className="text-right font-medium whitespace-nowrap tabular-nums max-sm:ml-auto max-sm:p-0">
                  {formatCents(item.amount_cents, invoice.currency)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>

        <dl className="ml-auto grid w-full max-w-xs gap-1.5 text-sm" aria-label="Totals">
          <TotalRow label="Subtotal" cents={invoice.subtotal_cents} currency={invoice.currency} />
          <TotalRow label="Platform fee" cents={invoice.fee_cents} currency={invoice.currency} />
          <TotalRow label={invoice.tax.name} cents={invoice.tax_cents} currency={invoice.currency} />
          <TotalRow label="Total" cents={invoice.amount_cents} currency={invoice.currency} isTotal />
        </dl>

        <InvoiceTax invoice={invoice} />

        <InvoiceRefunds
          refunds={invoice.refunds}
          currency={invoice.currency}
          onDownloadCreditNote={onDownloadCreditNote}
        />

        <DialogFooter>
          <Button variant="outline" onClick={() => onDownload(invoice)}>
            <DownloadIcon aria-hidden="true" />
            Download PDF
          </Button>
          {/* A sales tax is no VAT: EN 16931 has no e-invoice for it. */}
          {invoice.tax.category !== 'sales_tax' && (
            <Button variant="outline" onClick={() => onDownloadEInvoice(invoice)}>
              <DownloadIcon aria-hidden="true" />
              {eInvoiceTexts.download}
            </Button>
          )}
          {!isPaid && onPay && <Button onClick={() => onPay(invoice)}>Pay Invoice</Button>}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
