import {
  formatCents,
  formatHoursAndMinutes,
  type Invoice,
  type InvoiceItem,
  type InvoiceStatus,
} from '~/shared/billing';
import type { Currency } from '~/shared/currencies';
import { createPdf, type PdfWeight, type PdfWriter } from '../platform/pdf-document';
import { humanDay } from '../platform/work-calendar';
import { buyerFacts, DOCUMENT_MARGIN, drawFacts, drawSeller, drawTaxBreakdown, drawTotals } from './document-parties';

const MARGIN = DOCUMENT_MARGIN;
const RULE = '#d1d5db';

const statusLabels: Record<InvoiceStatus, string> = {
  pending: 'Pending',
  unpaid: 'Unpaid',
  paid: 'Paid',
  overdue: 'Overdue',
};

// Invoices as one PDF, one invoice a page: number, company, period, dates, status, the items and the
// totals, in the invoice's currency with its decimals. A single invoice is the same file with one page.
export async function renderInvoicesPdf({
  invoices,
  now = new Date(),
}: {
  invoices: readonly Invoice[];
  now?: Date;
}): Promise<Buffer> {
  // The numbers in the title too: the document's properties name what it holds.
  const numbers = invoices.map((invoice) => invoice.invoice_number).join(', ');
  const title = invoices.length === 1 ? `Invoice ${numbers}` : `Invoices ${numbers}`;
  const pdf = await createPdf({ title, now, margin: MARGIN, autoFirstPage: false });
  for (const invoice of invoices) {
    pdf.document.addPage();
    drawInvoice(pdf, invoice);
  }
  return pdf.finish();
}

function drawInvoice(pdf: PdfWriter, invoice: Invoice) {
  const { document } = pdf;
  const width = document.page.width - 2 * MARGIN;
  document.fillColor('black').fontSize(20);
  pdf.text(`Invoice ${invoice.invoice_number}`, MARGIN, undefined, { weight: 'bold' });
  // Both parties as they were at issue (decision 044).
  drawSeller(pdf, { name: invoice.seller.name, address: invoice.seller.address, taxId: invoice.seller.tax_id });
  const { billed_to: buyer } = invoice;
  drawFacts(pdf, [
    ...buyerFacts({ name: buyer.name, address: buyer.address, country: buyer.country, taxId: buyer.tax_id }),
    ['Period', `${humanDay(invoice.period_start)} – ${humanDay(invoice.period_end)}`],
    ['Issue date', humanDay(invoice.issue_date)],
    ['Due date', humanDay(invoice.due_date)],
    ['Status', statusLabels[invoice.status]],
  ]);

  // The items table: description, quantity, rate, amount.
  // The figures' columns as narrow as their widest (Noto Sans at 10 pt: "168 h 59 min" 60 pt,
  // "$1,000.00/h" 57 pt, "$100,000.00" 57 pt), so a usual line ("Support Engineer — Ada Lovelace,
  // Nov 16 – 20, 2026", 250 pt) fits.
  const columns = [
    { label: 'Description', x: MARGIN, width: width - 235, align: 'left' as const },
    { label: 'Quantity', x: MARGIN + width - 225, width: 64, align: 'right' as const },
    { label: 'Rate', x: MARGIN + width - 155, width: 70, align: 'right' as const },
    { label: 'Amount', x: MARGIN + width - 80, width: 80, align: 'right' as const },
  ];
  const row = (cells: string[], weight: PdfWeight) => {
    // A long invoice continues on a new page rather than splitting a row across two.
    if (document.y > document.page.height - MARGIN - 60) document.addPage();
    const y = document.y;
    let bottom = y;
    document.fontSize(10).fillColor('black');
    cells.forEach((cell, index) => {
      const column = columns[index];
      if (!column) return;
      pdf.text(cell, column.x, y, { width: column.width, align: column.align, weight });
      bottom = Math.max(bottom, document.y);
    });
    document.y = bottom + 4;
  };
  const rule = () => {
    document
      .moveTo(MARGIN, document.y)
      .lineTo(MARGIN + width, document.y)
      .strokeColor(RULE)
      .lineWidth(0.5)
      .stroke();
    document.y += 4;
  };
  row(
    columns.map((column) => column.label),
    'bold',
  );
  rule();
  for (const item of invoice.items) {
    row(
      [
        item.description,
        quantityOf(item),
        rateOf(item, invoice.currency),
        formatCents(item.amount_cents, invoice.currency),
      ],
      'regular',
    );
  }
  rule();
  document.moveDown(0.5);

  drawTotals(
    pdf,
    [
      ['Subtotal', invoice.subtotal_cents, 'regular'],
      ['Platform fee', invoice.fee_cents, 'regular'],
      [invoice.tax.name, invoice.tax_cents, 'regular'],
      ['Total', invoice.amount_cents, 'bold'],
    ],
    invoice.currency,
  );
  drawTaxBreakdown(pdf, invoice.tax, invoice.currency);
}

// Work in hours and minutes, exact (so quantity × rate is the amount as printed), or in hours with two
// decimals as issued before decision 047; the fee, the tax and a milestone once.
function quantityOf(item: InvoiceItem): string {
  if (item.unit === 'minute') return formatHoursAndMinutes(item.quantity);
  if (item.unit === 'hour') return item.quantity.toFixed(2);
  return '1';
}

const rateOf = (item: InvoiceItem, currency: Currency) =>
  item.unit === 'each' ? formatCents(item.rate_cents, currency) : `${formatCents(item.rate_cents, currency)}/h`;
