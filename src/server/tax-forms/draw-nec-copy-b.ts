import { formatMoney } from '~/shared/money-format';
import type { UsTinType } from '~/shared/tax-forms';
import { createPdf, type PdfWriter } from '../platform/pdf-document';

// The recipient's copy of a Form 1099-NEC (Copy B), drawn by Tandem as a substitute statement (IRS Publication
// 1179 allows one to recipients): the official form's boxes, numbers and captions in its layout, the OMB number
// and the legend, on US Letter. Drawn rather than filled from the IRS's PDF because that PDF's Helvetica cannot
// print a name in Cyrillic, Greek or CJK script, which a W-9's name may hold; Tandem's faces print every
// script. The recipient's number is truncated to its last four, as the IRS allows on the recipient's copy.

export interface NecCopyB {
  year: number;
  corrected: boolean;
  payer: { name: string; address: string; phone: string; ein: string };
  recipient: {
    name: string;
    businessName: string | null;
    street: string;
    cityLine: string;
    tinType: UsTinType;
    tinLast4: string;
  };
  accountNumber: string;
  box1Cents: number;
}

const LEFT = 36;
const WIDTH = 540;
const LEFT_WIDTH = 258;
const MIDDLE_WIDTH = 180;
const RIGHT_WIDTH = WIDTH - LEFT_WIDTH - MIDDLE_WIDTH;
const MIDDLE = LEFT + LEFT_WIDTH;
const RIGHT = MIDDLE + MIDDLE_WIDTH;
const TOP = 66;
const HEADER = 84;
// The left column's rows under the payer, and the boxes beside them.
const ROWS = [30, 36, 28, 30, 40];
const PAD = 3;
const LABEL_SIZE = 6.5;
const VALUE_SIZE = 9;
const SHADE = '#e5e7eb';

export const truncatedTin = (type: UsTinType, last4: string) => (type === 'ein' ? `**-***${last4}` : `***-**-${last4}`);

const LEGEND =
  'This is important tax information and is being furnished to the IRS. If you are required to file a return, a negligence penalty or other sanction may be imposed on you if this income is taxable and the IRS determines that it has not been reported.';

// The Instructions for Recipient of the form's back, as the IRS words them for the boxes Tandem fills.
const INSTRUCTIONS = [
  'You received this form instead of Form W-2 because the payer did not consider you an employee and did not withhold income tax or social security and Medicare tax.',
  'If you believe you are an employee and cannot get the payer to correct this form, report the amount shown in box 1 on the line for “Wages, salaries, tips” of Form 1040, 1040-SR or 1040-NR. You must also complete Form 8919 and attach it to your return. For more information, see Pub. 1779, Independent Contractor or Employee.',
  'If you are not an employee but the amount in box 1 is not self-employment (SE) income (for example, it is income from a sporadic activity or a hobby), report the amount shown in box 1 on the “Other income” line (on Schedule 1 (Form 1040)).',
  'Recipient’s taxpayer identification number (TIN). For your protection, this form shows only the last four digits of your TIN. However, the issuer has reported your complete TIN to the IRS.',
  'Account number. May show an account or other unique number the payer assigned to distinguish your account.',
  'Box 1. Shows nonemployee compensation. If the amount in this box is SE income, report it on Schedule C or F (Form 1040) if a sole proprietor, or on Form 1065 and Schedule K-1 (Form 1065) if a partnership, and the recipient/partner completes Schedule SE (Form 1040).',
  'Box 4. Shows backup withholding. A payer must backup withhold on certain payments if you did not give your TIN to the payer. See Form W-9 for information on backup withholding. Include this amount on your income tax return as tax withheld.',
  'Future developments. For the latest information about developments related to Form 1099-NEC and its instructions, such as legislation enacted after they were published, go to www.irs.gov/Form1099NEC.',
];

function box(pdf: PdfWriter, x: number, y: number, width: number, height: number, shade = false) {
  const { document } = pdf;
  if (shade) document.rect(x, y, width, height).fill(SHADE);
  document.lineWidth(0.6).strokeColor('black').rect(x, y, width, height).stroke();
}

function label(
  pdf: PdfWriter,
  text: string,
  x: number,
  y: number,
  width: number,
  weight: 'regular' | 'bold' = 'regular',
) {
  pdf.document.fillColor('black').fontSize(LABEL_SIZE);
  pdf.text(text, x + PAD, y + PAD, { width: width - 2 * PAD, weight, lineGap: 0 });
}

function value(pdf: PdfWriter, text: string, x: number, y: number, width: number, height: number) {
  pdf.document.fillColor('black').fontSize(VALUE_SIZE);
  pdf.text(text, x + PAD, y, { width: width - 2 * PAD, height, ellipsis: true, lineGap: 0, weight: 'bold' });
}

function checkbox(pdf: PdfWriter, x: number, y: number, checked: boolean) {
  const { document } = pdf;
  document.lineWidth(0.6).strokeColor('black').rect(x, y, 8, 8).stroke();
  if (checked)
    document
      .moveTo(x + 1.5, y + 1.5)
      .lineTo(x + 6.5, y + 6.5)
      .moveTo(x + 6.5, y + 1.5)
      .lineTo(x + 1.5, y + 6.5)
      .stroke();
}

function drawLeftColumn(pdf: PdfWriter, form: NecCopyB) {
  const { payer, recipient } = form;
  box(pdf, LEFT, TOP, LEFT_WIDTH, HEADER);
  label(
    pdf,
    'PAYER’S name, street address, city or town, state or province, country, ZIP or foreign postal code, and telephone no.',
    LEFT,
    TOP,
    LEFT_WIDTH,
  );
  value(pdf, [payer.name, payer.address.trim(), payer.phone].join('\n'), LEFT, TOP + 20, LEFT_WIDTH, HEADER - 22);
  let y = TOP + HEADER;
  const half = LEFT_WIDTH / 2;
  const [tinRow = 0, nameRow = 0, streetRow = 0, cityRow = 0, accountRow = 0] = ROWS;
  box(pdf, LEFT, y, half, tinRow);
  box(pdf, LEFT + half, y, half, tinRow);
  label(pdf, 'PAYER’S TIN', LEFT, y, half);
  label(pdf, 'RECIPIENT’S TIN', LEFT + half, y, half);
  value(pdf, payer.ein, LEFT, y + 14, half, 12);
  value(pdf, truncatedTin(recipient.tinType, recipient.tinLast4), LEFT + half, y + 14, half, 12);
  y += tinRow;
  box(pdf, LEFT, y, LEFT_WIDTH, nameRow);
  label(pdf, 'RECIPIENT’S name', LEFT, y, LEFT_WIDTH);
  // Line by line: a name in two scripts is drawn run by run, which keeps to one line.
  value(pdf, recipient.name, LEFT, y + 11, LEFT_WIDTH, 12);
  if (recipient.businessName) value(pdf, recipient.businessName, LEFT, y + 23, LEFT_WIDTH, 12);
  y += nameRow;
  box(pdf, LEFT, y, LEFT_WIDTH, streetRow);
  label(pdf, 'Street address (including apt. no.)', LEFT, y, LEFT_WIDTH);
  value(pdf, recipient.street, LEFT, y + 13, LEFT_WIDTH, 12);
  y += streetRow;
  box(pdf, LEFT, y, LEFT_WIDTH, cityRow);
  label(pdf, 'City or town, state or province, country, and ZIP or foreign postal code', LEFT, y, LEFT_WIDTH);
  value(pdf, recipient.cityLine, LEFT, y + 14, LEFT_WIDTH, 12);
  y += cityRow;
  box(pdf, LEFT, y, LEFT_WIDTH, accountRow);
  label(pdf, 'Account number (see instructions)', LEFT, y, LEFT_WIDTH);
  value(pdf, form.accountNumber, LEFT, y + 14, LEFT_WIDTH, 12);
}

function drawBoxes(pdf: PdfWriter, form: NecCopyB) {
  const { document } = pdf;
  box(pdf, MIDDLE, TOP, MIDDLE_WIDTH, HEADER);
  label(pdf, 'OMB No. 1545-0116', MIDDLE, TOP, MIDDLE_WIDTH);
  document.fontSize(8);
  pdf.text('Form', MIDDLE + PAD, TOP + 22);
  document.fontSize(13);
  pdf.text('1099-NEC', MIDDLE + PAD + 24, TOP + 18, { weight: 'bold' });
  label(pdf, 'For calendar year', MIDDLE, TOP + 44, MIDDLE_WIDTH);
  document.fontSize(12);
  pdf.text(String(form.year), MIDDLE + PAD, TOP + 56, { weight: 'bold' });
  box(pdf, RIGHT, TOP, RIGHT_WIDTH, HEADER);
  document.fontSize(11);
  pdf.text('Nonemployee\nCompensation', RIGHT + PAD, TOP + 24, {
    width: RIGHT_WIDTH - 2 * PAD,
    align: 'right',
    weight: 'bold',
  });

  let y = TOP + HEADER;
  const [box1 = 0, box2 = 0, box3 = 0, box4 = 0, stateRow = 0] = ROWS;
  box(pdf, MIDDLE, y, MIDDLE_WIDTH, box1);
  label(pdf, '1 Nonemployee compensation', MIDDLE, y, MIDDLE_WIDTH);
  value(pdf, formatMoney(form.box1Cents, 'USD'), MIDDLE, y + 14, MIDDLE_WIDTH, 12);
  y += box1;
  box(pdf, MIDDLE, y, MIDDLE_WIDTH, box2);
  label(
    pdf,
    '2 Payer made direct sales totaling $5,000 or more of consumer products to recipient for resale',
    MIDDLE,
    y,
    MIDDLE_WIDTH - 14,
  );
  checkbox(pdf, MIDDLE + MIDDLE_WIDTH - 12, y + box2 - 12, false);
  y += box2;
  box(pdf, MIDDLE, y, MIDDLE_WIDTH, box3, true);
  label(pdf, '3 Excess golden parachute payments', MIDDLE, y, MIDDLE_WIDTH);
  value(pdf, '$', MIDDLE, y + 14, MIDDLE_WIDTH, 12);
  y += box3;
  box(pdf, MIDDLE, y, MIDDLE_WIDTH, box4);
  label(pdf, '4 Federal income tax withheld', MIDDLE, y, MIDDLE_WIDTH, 'bold');
  value(pdf, formatMoney(0, 'USD'), MIDDLE, y + 14, MIDDLE_WIDTH, 12);

  // Copy B's legend beside boxes 1 to 4.
  const legendTop = TOP + HEADER;
  box(pdf, RIGHT, legendTop, RIGHT_WIDTH, box1 + box2 + box3 + box4);
  document.fontSize(10);
  pdf.text('Copy B', RIGHT + PAD, legendTop + 4, { width: RIGHT_WIDTH - 2 * PAD, align: 'right', weight: 'bold' });
  document.fontSize(8);
  pdf.text('For Recipient', RIGHT + PAD, legendTop + 17, {
    width: RIGHT_WIDTH - 2 * PAD,
    align: 'right',
    weight: 'bold',
  });
  document.fontSize(5.6);
  pdf.text(LEGEND, RIGHT + PAD, legendTop + 30, { width: RIGHT_WIDTH - 2 * PAD, align: 'right', lineGap: 0 });

  // Boxes 5 to 7 across the middle and right columns: nothing withheld for a state, no state income reported.
  y += box4;
  const stateWidths = [84, 110, MIDDLE_WIDTH + RIGHT_WIDTH - 84 - 110];
  const captions = ['5 State tax withheld', '6 State/Payer’s state no.', '7 State income'];
  let x = MIDDLE;
  stateWidths.forEach((width, index) => {
    box(pdf, x, y, width, stateRow);
    label(pdf, captions[index] ?? '', x, y, width);
    if (index !== 1) value(pdf, '$\n$', x, y + 12, width, 26);
    x += width;
  });
}

function drawFooter(pdf: PdfWriter, y: number) {
  const { document } = pdf;
  document.fontSize(7).fillColor('black');
  pdf.text('Form 1099-NEC', LEFT, y, { weight: 'bold' });
  pdf.text('(keep for your records)', LEFT + 80, y);
  pdf.text('www.irs.gov/Form1099NEC', LEFT + 230, y);
  pdf.text('Department of the Treasury - Internal Revenue Service', LEFT + 330, y, {
    width: WIDTH - 330,
    align: 'right',
  });
}

function drawInstructions(pdf: PdfWriter, y: number) {
  const { document } = pdf;
  document.fontSize(10).fillColor('black');
  pdf.text('Instructions for Recipient', LEFT, y, { weight: 'bold' });
  document.moveDown(0.4);
  for (const paragraph of INSTRUCTIONS) {
    document.fontSize(8);
    pdf.text(paragraph, LEFT, undefined, { width: WIDTH });
    document.moveDown(0.4);
  }
}

export async function drawNecCopyB(form: NecCopyB, issuedAt: Date): Promise<Buffer> {
  const pdf = await createPdf({
    title: `Form 1099-NEC ${form.year}${form.corrected ? ' (corrected)' : ''}`,
    now: issuedAt,
    margin: LEFT,
    size: 'LETTER',
  });
  const { document } = pdf;
  // CORRECTED (if checked), centred over the form.
  checkbox(pdf, MIDDLE - 60, TOP - 16, form.corrected);
  document.fontSize(8).fillColor('black');
  pdf.text('CORRECTED (if checked)', MIDDLE - 48, TOP - 16);
  drawLeftColumn(pdf, form);
  drawBoxes(pdf, form);
  const bottom = TOP + HEADER + ROWS.reduce((sum, row) => sum + row, 0);
  drawFooter(pdf, bottom + 4);
  drawInstructions(pdf, bottom + 34);
  return pdf.finish();
}
