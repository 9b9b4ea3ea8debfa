import { type DocumentTax, formatBasisPoints, formatCents } from '~/shared/billing';
import { countryName } from '~/shared/billing-details';
import type { Currency } from '~/shared/currencies';
import { taxCategoryLabels } from '~/shared/tax';
import type { PdfWeight, PdfWriter } from '../platform/pdf-document';

// What an invoice and a credit note draw alike (decision 044): the seller under the title, the buyer and
// the document's facts as label and value rows. Both documents read their parties from their own copy.

export const DOCUMENT_MARGIN = 56;
const MUTED = '#6b7280';

const linesOf = (text: string | null | undefined) => (text ?? '').split('\n').filter((line) => line.trim() !== '');

// The seller's name, then its address and tax ID when it has them, muted under the title.
export function drawSeller(pdf: PdfWriter, seller: { name: string; address: string; taxId: string }) {
  pdf.document.fontSize(11).fillColor(MUTED);
  for (const line of [seller.name, ...linesOf(seller.address), seller.taxId ? `Tax ID ${seller.taxId}` : '']) {
    if (line) pdf.text(line, DOCUMENT_MARGIN);
  }
  pdf.document.moveDown(1.2);
}

// The buyer as the first facts: its name, its address with the country's name, its tax ID when it has one.
export function buyerFacts(buyer: { name: string; address: string; country: string; taxId: string }) {
  const address = [...linesOf(buyer.address), countryName(buyer.country)].filter(Boolean).join('\n');
  const facts: Array<[string, string]> = [['Billed to', buyer.name]];
  if (address) facts.push(['Address', address]);
  if (buyer.taxId) facts.push(['Tax ID', buyer.taxId]);
  return facts;
}

// Label and value rows; a value of several lines (an address) draws each on its own, as text is shaped line
// by line.
export function drawFacts(pdf: PdfWriter, facts: ReadonlyArray<[string, string]>) {
  const { document } = pdf;
  const width = document.page.width - 2 * DOCUMENT_MARGIN;
  for (const [label, value] of facts) {
    const y = document.y;
    document.fillColor(MUTED).fontSize(10);
    pdf.text(label, DOCUMENT_MARGIN, y, { width: 90 });
    document.fillColor('black');
    linesOf(value).forEach((line, index) => {
      pdf.text(line, DOCUMENT_MARGIN + 90, index === 0 ? y : undefined, { width: width - 90, weight: 'bold' });
    });
    document.moveDown(0.3);
  }
  document.moveDown(1.2);
}

// The totals under the lines, right-aligned: label, then amount; the last in bold.
export function drawTotals(pdf: PdfWriter, totals: ReadonlyArray<[string, number, PdfWeight]>, currency: Currency) {
  const { document } = pdf;
  const width = document.page.width - 2 * DOCUMENT_MARGIN;
  for (const [label, cents, weight] of totals) {
    const y = document.y;
    document.fontSize(weight === 'bold' ? 12 : 10).fillColor('black');
    pdf.text(label, DOCUMENT_MARGIN + width - 230, y, { width: 145, align: 'right', weight });
    pdf.text(formatCents(cents, currency), DOCUMENT_MARGIN + width - 80, y, { width: 80, align: 'right', weight });
    document.moveDown(0.3);
  }
}

// The VAT or GST breakdown per rate and the legal wording of the rule (decision 053). A sales tax shows its
// rate in its own line already, as invoices did before VAT.
export function drawTaxBreakdown(pdf: PdfWriter, tax: DocumentTax, currency: Currency) {
  if (tax.category === 'sales_tax') return;
  const { document } = pdf;
  const width = document.page.width - 2 * DOCUMENT_MARGIN;
  document.moveDown(1);
  document.fontSize(10).fillColor('black');
  pdf.text(`${tax.name} breakdown`, DOCUMENT_MARGIN, undefined, { weight: 'bold' });
  document.moveDown(0.2);
  for (const line of tax.breakdown) {
    const y = document.y;
    const rule = tax.category === 'standard' ? '' : ` (${taxCategoryLabels[tax.category].toLowerCase()})`;
    pdf.text(
      `${tax.name} ${formatBasisPoints(line.rate_basis_points)}${rule} on ${formatCents(line.taxable_cents, currency)}`,
      DOCUMENT_MARGIN,
      y,
      { width: width - 100 },
    );
    pdf.text(formatCents(line.tax_cents, currency), DOCUMENT_MARGIN + width - 80, y, { width: 80, align: 'right' });
    document.moveDown(0.3);
  }
  if (tax.note) {
    document.moveDown(0.5);
    document.fontSize(9).fillColor(MUTED);
    pdf.text(tax.note, DOCUMENT_MARGIN, undefined, { width });
    document.fillColor('black');
  }
}
