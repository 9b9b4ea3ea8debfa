import type { Currency } from '~/shared/currencies';
import { formatMoney } from '~/shared/money-format';
import type { PdfWeight, PdfWriter } from '../platform/pdf-document';

// The layout of the talent's payment papers (docs/decisions/036), as the invoices' (billing/render-invoice-pdf.ts).

export const MARGIN = 56;
const MUTED = '#6b7280';
const RULE = '#d1d5db';

// "US dollars", "euros", "Philippine pesos": the plural name, as a sentence says "Amounts are in euros".
export function currencyName(currency: Currency): string {
  const parts = new Intl.NumberFormat('en-US', { style: 'currency', currency, currencyDisplay: 'name' }).formatToParts(
    2,
  );
  return parts.find((part) => part.type === 'currency')?.value ?? currency;
}

// A paper whose amounts are all in one currency says which; the bank converts it if the talent's differs.
export const oneCurrencyNote = (currency: Currency) =>
  `Amounts are in ${currencyName(currency)}; any conversion to your currency is made by your bank or wallet and shows on its statement.`;

export interface Amount {
  currency: Currency;
  cents: number;
}

// Amounts in several currencies side by side, never added up: "€1,000.00 · $50.00".
export const amountsText = (amounts: readonly Amount[]) =>
  amounts.map((amount) => formatMoney(amount.cents, amount.currency)).join(' · ');

export interface Column {
  label: string;
  x: number;
  width: number;
  align: 'left' | 'right';
}

// As wide as the longest label, "Balance available before" (Noto Sans at 10 pt: 120 pt).
const FACT_LABEL_WIDTH = 130;
export const contentWidth = (pdf: PdfWriter) => pdf.document.page.width - 2 * MARGIN;

export function drawTitle(pdf: PdfWriter, title: string) {
  pdf.document.fillColor('black').fontSize(20);
  pdf.text(title, MARGIN, undefined, { weight: 'bold' });
  pdf.document.fontSize(11).fillColor(MUTED);
  pdf.text('Tandem');
  pdf.document.moveDown(1.2);
}

export function drawFacts(pdf: PdfWriter, facts: Array<[string, string]>) {
  const { document } = pdf;
  const width = contentWidth(pdf);
  for (const [label, value] of facts) {
    const y = document.y;
    document.fillColor(MUTED).fontSize(10);
    pdf.text(label, MARGIN, y, { width: FACT_LABEL_WIDTH });
    document.fillColor('black');
    pdf.text(value, MARGIN + FACT_LABEL_WIDTH, y, { width: width - FACT_LABEL_WIDTH, weight: 'bold' });
    document.moveDown(0.3);
  }
  document.moveDown(0.6);
}

export function drawNote(pdf: PdfWriter, note: string) {
  pdf.document.fillColor(MUTED).fontSize(9);
  pdf.text(note, MARGIN, undefined, { width: contentWidth(pdf) });
  pdf.document.moveDown(1.2);
}

export function drawSection(pdf: PdfWriter, title: string) {
  if (pdf.document.y > pdf.document.page.height - MARGIN - 100) pdf.document.addPage();
  pdf.document.fillColor('black').fontSize(12);
  pdf.text(title, MARGIN, undefined, { weight: 'bold' });
  pdf.document.moveDown(0.4);
}

export function drawRule(pdf: PdfWriter) {
  const { document } = pdf;
  document
    .moveTo(MARGIN, document.y)
    .lineTo(MARGIN + contentWidth(pdf), document.y)
    .strokeColor(RULE)
    .lineWidth(0.5)
    .stroke();
  document.y += 4;
}

export function drawRow(pdf: PdfWriter, columns: Column[], cells: string[], weight: PdfWeight) {
  const { document } = pdf;
  // A long table continues on a new page rather than splitting a row across two.
  if (document.y > document.page.height - MARGIN - 60) document.addPage();
  const y = document.y;
  let bottom = y;
  document.fontSize(10).fillColor('black');
  cells.forEach((cell, index) => {
    const column = columns[index];
    if (!column) return;
    pdf.text(cell, MARGIN + column.x, y, { width: column.width, align: column.align, weight });
    bottom = Math.max(bottom, document.y);
  });
  document.y = bottom + 4;
}

export function drawTable(pdf: PdfWriter, columns: Column[], rows: string[][], empty?: string) {
  drawRow(
    pdf,
    columns,
    columns.map((column) => column.label),
    'bold',
  );
  drawRule(pdf);
  if (rows.length === 0 && empty)
    drawRow(pdf, [{ label: '', x: 0, width: contentWidth(pdf), align: 'left' }], [empty], 'regular');
  for (const row of rows) drawRow(pdf, columns, row, 'regular');
  drawRule(pdf);
  pdf.document.moveDown(1);
}

export function drawTotal(pdf: PdfWriter, label: string, amount: string) {
  const { document } = pdf;
  const width = contentWidth(pdf);
  const y = document.y;
  document.fontSize(12).fillColor('black');
  // As wide as "IDR 1,234,567,890.00" at 12 pt: a payout currency may have long amounts.
  pdf.text(label, MARGIN + width - 290, y, { width: 160, align: 'right', weight: 'bold' });
  pdf.text(amount, MARGIN + width - 125, y, { width: 125, align: 'right', weight: 'bold' });
}
