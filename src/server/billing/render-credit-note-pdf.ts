import { type CreditNote, creditNoteReasonLabels, formatCents } from '~/shared/billing';
import { createPdf, type PdfWeight, type PdfWriter } from '../platform/pdf-document';
import { humanDay } from '../platform/work-calendar';
import { buyerFacts, DOCUMENT_MARGIN, drawFacts, drawSeller, drawTaxBreakdown, drawTotals } from './document-parties';

const MARGIN = DOCUMENT_MARGIN;
const RULE = '#d1d5db';

// One credit note as a PDF (decision 048), laid out as its invoice is (render-invoice-pdf.ts): number, the
// parties as issued, what it credits, the lines credited and the totals in its currency. Dated by its
// issue, not the download: the same note is the same file, byte for byte.
export async function renderCreditNotePdf({ note }: { note: CreditNote }) {
  const issuedAt = new Date(`${note.issue_date}T00:00:00Z`);
  const pdf = await createPdf({ title: `Credit note ${note.credit_note_number}`, now: issuedAt, margin: MARGIN });
  drawCreditNote(pdf, note);
  return pdf.finish();
}

function drawCreditNote(pdf: PdfWriter, note: CreditNote) {
  const { document } = pdf;
  const width = document.page.width - 2 * MARGIN;
  const parties = note.parties;
  document.fillColor('black').fontSize(20);
  pdf.text(`Credit note ${note.credit_note_number}`, MARGIN, undefined, { weight: 'bold' });
  // The seller and the buyer as the credited invoice named them (decision 044); a note from before sellers
  // were kept names Tandem.
  drawSeller(pdf, {
    name: parties.sellerName || 'Tandem',
    address: parties.sellerAddress ?? '',
    taxId: parties.sellerTaxId ?? '',
  });
  const credits = note.invoice_number
    ? `Invoice ${note.invoice_number}`
    : `Funding of milestone ${note.milestone_title ?? ''} (not invoiced)`;
  drawFacts(pdf, [
    ...buyerFacts({
      name: note.billed_to_name,
      address: parties.billedToAddress ?? '',
      country: parties.billedToCountry ?? '',
      taxId: parties.billedToTaxId ?? '',
    }),
    ['Credits', credits],
    ['Issue date', humanDay(note.issue_date)],
    ['Reason', creditNoteReasonLabels[note.reason]],
  ]);

  const row = (description: string, amount: string, weight: PdfWeight) => {
    if (document.y > document.page.height - MARGIN - 60) document.addPage();
    const y = document.y;
    document.fontSize(10).fillColor('black');
    pdf.text(description, MARGIN, y, { width: width - 100, weight });
    const bottom = document.y;
    pdf.text(amount, MARGIN + width - 80, y, { width: 80, align: 'right', weight });
    document.y = Math.max(bottom, document.y) + 4;
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
  row('Description', 'Amount', 'bold');
  rule();
  for (const item of note.items) row(item.description, formatCents(item.amount_cents, note.currency), 'regular');
  rule();
  document.moveDown(0.5);

  drawTotals(
    pdf,
    [
      ['Subtotal', note.subtotal_cents, 'regular'],
      ['Platform fee', note.fee_cents, 'regular'],
      [note.tax.name, note.tax_cents, 'regular'],
      ['Total credited', note.total_cents, 'bold'],
    ],
    note.currency,
  );
  drawTaxBreakdown(pdf, note.tax, note.currency);
}
