import { countryName } from '~/shared/billing-details';
import type { PdfWriter } from '../platform/pdf-document';

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
