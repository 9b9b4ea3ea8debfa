import { formatCents, type Invoice, type InvoiceStatus } from '~/shared/billing';

const MARGIN = 56;
const MUTED = '#6b7280';
const RULE = '#d1d5db';

const statusLabels: Record<InvoiceStatus, string> = {
  pending: 'Pending',
  unpaid: 'Unpaid',
  paid: 'Paid',
  overdue: 'Overdue',
};

const dayFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const humanDay = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));

// Invoices as one PDF, one invoice a page: number, company, period, dates, status, the items and the
// totals with two decimals. A single invoice is the same file with one page.
export async function renderInvoicesPdf({
  invoices,
  now = new Date(),
  compress = true,
}: {
  invoices: readonly Invoice[];
  now?: Date;
  // Tests read the text of an uncompressed file.
  compress?: boolean;
}): Promise<Buffer> {
  // The numbers in the title too: the document's properties name what it holds.
  const numbers = invoices.map((invoice) => invoice.invoice_number).join(', ');
  const title = invoices.length === 1 ? `Invoice ${numbers}` : `Invoices ${numbers}`;
  // Loaded on the first export: pdfkit is a quarter of a second of every start otherwise.
  const { default: PDFDocument } = await import('pdfkit');
  const document = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    compress,
    autoFirstPage: false,
    info: { Title: title, Author: 'Tandem', CreationDate: now },
  });
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
  });
  for (const invoice of invoices) {
    document.addPage();
    drawInvoice(document, invoice);
  }
  document.end();
  return finished;
}

function drawInvoice(document: PDFKit.PDFDocument, invoice: Invoice) {
  const width = document.page.width - 2 * MARGIN;
  document.fillColor('black').font('Helvetica-Bold').fontSize(20).text(`Invoice ${invoice.invoice_number}`, MARGIN);
  document.font('Helvetica').fontSize(11).fillColor(MUTED).text('Tandem');
  document.moveDown(1.2);

  const facts: Array<[string, string]> = [
    ['Billed to', invoice.company_name],
    ['Period', `${humanDay(invoice.period_start)} – ${humanDay(invoice.period_end)}`],
    ['Issue date', humanDay(invoice.issue_date)],
    ['Due date', humanDay(invoice.due_date)],
    ['Status', statusLabels[invoice.status]],
  ];
  for (const [label, value] of facts) {
    const y = document.y;
    document.fillColor(MUTED).font('Helvetica').fontSize(10).text(label, MARGIN, y, { width: 90 });
    document
      .fillColor('black')
      .font('Helvetica-Bold')
      .text(value, MARGIN + 90, y, { width: width - 90 });
    document.moveDown(0.3);
  }
  document.moveDown(1.2);

  // The items table: description, quantity, rate, amount.
  const columns = [
    { label: 'Description', x: MARGIN, width: width - 230, align: 'left' as const },
    { label: 'Quantity', x: MARGIN + width - 230, width: 60, align: 'right' as const },
    { label: 'Rate', x: MARGIN + width - 165, width: 75, align: 'right' as const },
    { label: 'Amount', x: MARGIN + width - 85, width: 85, align: 'right' as const },
  ];
  const row = (cells: string[], font: string) => {
    // A long invoice continues on a new page rather than splitting a row across two.
    if (document.y > document.page.height - MARGIN - 60) document.addPage();
    const y = document.y;
    let bottom = y;
    document.font(font).fontSize(10).fillColor('black');
    cells.forEach((cell, index) => {
      const column = columns[index];
      if (!column) return;
      document.text(cell, column.x, y, { width: column.width, align: column.align });
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
    'Helvetica-Bold',
  );
  rule();
  for (const item of invoice.items) {
    row(
      [
        item.description,
        item.kind === 'work' ? item.quantity.toFixed(2) : '1',
        formatCents(item.rate_cents),
        formatCents(item.amount_cents),
      ],
      'Helvetica',
    );
  }
  rule();
  document.moveDown(0.5);

  const totals: Array<[string, number, string]> = [
    ['Subtotal', invoice.subtotal_cents, 'Helvetica'],
    ['Platform fee', invoice.fee_cents, 'Helvetica'],
    ['Tax', invoice.tax_cents, 'Helvetica'],
    ['Total', invoice.amount_cents, 'Helvetica-Bold'],
  ];
  for (const [label, cents, font] of totals) {
    const y = document.y;
    document
      .font(font)
      .fontSize(font === 'Helvetica-Bold' ? 12 : 10)
      .fillColor('black')
      .text(label, MARGIN + width - 230, y, { width: 140, align: 'right' });
    document.text(formatCents(cents), MARGIN + width - 85, y, { width: 85, align: 'right' });
    document.moveDown(0.3);
  }
}
