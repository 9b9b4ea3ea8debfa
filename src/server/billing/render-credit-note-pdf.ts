import { type CreditNote, creditNoteReasonLabels, formatCents } from '~/shared/billing';
import { countryName } from '~/shared/billing-details';
import { createPdf, type PdfWeight, type PdfWriter } from '../platform/pdf-document';
import { humanDay } from '../platform/work-calendar';

const MARGIN = 56;
const MUTED = '#6b7280';
const RULE = '#d1d5db';

// One credit note as a PDF (decision 048), laid out as its invoice is (render-invoice-pdf.ts): number, the
// parties as issued, what it credits, the lines credited and the totals with two decimals. Dated by its
// issue, not the download: the same note is the same file, byte for byte.
export async function renderCreditNotePdf({ note }: { note: CreditNote }) {
  const issuedAt = new Date(`${note.issue_date}T00:00:00Z`);
  const pdf = await createPdf({ title: `Credit note ${note.credit_note_number}`, now: issuedAt, margin: MARGIN });
  drawCreditNote(pdf, note);
  return pdf.finish();
}

const linesOf = (text: string | null | undefined) => (text ?? '').split('\n').filter((line) => line.trim() !== '');

function drawCreditNote(pdf: PdfWriter, note: CreditNote) {
  const { document } = pdf;
  const width = document.page.width - 2 * MARGIN;
  const parties = note.parties;
  document.fillColor('black').fontSize(20);
  pdf.text(`Credit note ${note.credit_note_number}`, MARGIN, undefined, { weight: 'bold' });
  // The seller as the credited invoice named it (decision 044); a note from before sellers were kept, Tandem.
  document.fontSize(11).fillColor(MUTED);
  const sellerTaxId = parties.sellerTaxId ? `Tax ID ${parties.sellerTaxId}` : '';
  for (const line of [parties.sellerName || 'Tandem', ...linesOf(parties.sellerAddress), sellerTaxId]) {
    if (line) pdf.text(line, MARGIN);
  }
  document.moveDown(1.2);

  const buyerAddress = [...linesOf(parties.billedToAddress), countryName(parties.billedToCountry ?? '')]
    .filter(Boolean)
    .join('\n');
  const credits = note.invoice_number
    ? `Invoice ${note.invoice_number}`
    : `Funding of milestone ${note.milestone_title ?? ''} (not invoiced)`;
  const facts: Array<[string, string]> = [
    ['Billed to', note.billed_to_name],
    ...(buyerAddress ? [['Address', buyerAddress] as [string, string]] : []),
    ...(parties.billedToTaxId ? [['Tax ID', parties.billedToTaxId] as [string, string]] : []),
    ['Credits', credits],
    ['Issue date', humanDay(note.issue_date)],
    ['Reason', creditNoteReasonLabels[note.reason]],
  ];
  for (const [label, value] of facts) {
    const y = document.y;
    document.fillColor(MUTED).fontSize(10);
    pdf.text(label, MARGIN, y, { width: 90 });
    document.fillColor('black');
    linesOf(value).forEach((line, index) => {
      pdf.text(line, MARGIN + 90, index === 0 ? y : undefined, { width: width - 90, weight: 'bold' });
    });
    document.moveDown(0.3);
  }
  document.moveDown(1.2);

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
  for (const item of note.items) row(item.description, formatCents(item.amount_cents), 'regular');
  rule();
  document.moveDown(0.5);

  const totals: Array<[string, number, PdfWeight]> = [
    ['Subtotal', note.subtotal_cents, 'regular'],
    ['Platform fee', note.fee_cents, 'regular'],
    ['Tax', note.tax_cents, 'regular'],
    ['Total credited', note.total_cents, 'bold'],
  ];
  for (const [label, cents, weight] of totals) {
    const y = document.y;
    document.fontSize(weight === 'bold' ? 12 : 10).fillColor('black');
    pdf.text(label, MARGIN + width - 230, y, { width: 145, align: 'right', weight });
    pdf.text(formatCents(cents), MARGIN + width - 80, y, { width: 80, align: 'right', weight });
    document.moveDown(0.3);
  }
}
