import { createHash } from 'node:crypto';
import { P12Signer } from '@signpdf/signer-p12';
import { SignPdf } from '@signpdf/signpdf';
import {
  DEFAULT_BYTE_RANGE_PLACEHOLDER,
  DEFAULT_SIGNATURE_LENGTH,
  SIG_FLAGS,
  SUBFILTER_ETSI_CADES_DETACHED,
} from '@signpdf/utils';
import type { AgreementParty, SignatureKind } from '~/shared/agreements';
import { createPdf, type PdfWriter } from '../platform/pdf-document';
import type { SealCertificate } from './seal-certificate';

export interface SealedSignature {
  party: AgreementParty;
  signerName: string;
  signerEmail: string;
  signerTitle: string;
  kind: SignatureKind;
  typedName: string | null;
  drawing: string | null;
  consentedAt: Date;
  identityCheck: string;
  ipAddress: string;
  userAgent: string;
  signedAt: Date;
}

export interface SealedAgreement {
  id: string;
  title: string;
  body: string;
  companyName: string;
  sentAt: Date;
  signatures: SealedSignature[];
}

const MARGIN = 56;
const utc = (moment: Date) => `${moment.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
const partyLabel: Record<AgreementParty, string> = { talent: 'Talent', company: 'Company' };

// What the parties agreed to, as a hash of its words: the completion page names it, so the text can be checked
// against the one kept, whatever PDF it is printed in.
export const agreementTextSha256 = (agreement: Pick<SealedAgreement, 'title' | 'body'>) =>
  createHash('sha256').update(`${agreement.title}\n\n${agreement.body}`, 'utf8').digest('hex');

function drawBody(pdf: PdfWriter, body: string) {
  const { document } = pdf;
  const width = document.page.width - 2 * MARGIN;
  for (const line of body.split('\n')) {
    if (line.startsWith('# ')) {
      document.moveDown(0.4).fontSize(12);
      pdf.text(line.slice(2), MARGIN, undefined, { width, weight: 'bold' });
    } else if (line.trim() === '') {
      document.moveDown(0.4);
    } else {
      document.fontSize(10);
      pdf.text(line, MARGIN, undefined, { width, lineGap: 2 });
    }
  }
}

function drawSignatures(pdf: PdfWriter, signatures: SealedSignature[]) {
  const { document } = pdf;
  const width = document.page.width - 2 * MARGIN;
  document.moveDown(1.2).fontSize(12);
  pdf.text('Signatures', MARGIN, undefined, { width, weight: 'bold' });
  for (const signature of signatures) {
    if (document.y > document.page.height - 170) document.addPage();
    document.moveDown(0.6).fontSize(9).fillColor('#4b5563');
    pdf.text(`${partyLabel[signature.party]}: ${signature.signerName}`, MARGIN, undefined, { width });
    document.fillColor('black');
    if (signature.kind === 'drawn' && signature.drawing) {
      const png = Buffer.from(signature.drawing.replace(/^data:image\/png;base64,/, ''), 'base64');
      const top = document.y + 4;
      document.image(png, MARGIN, top, { fit: [220, 60] });
      document.y = top + 64;
    } else {
      document.fontSize(18);
      pdf.text(signature.typedName ?? signature.signerName, MARGIN, undefined, { width });
    }
    document
      .lineWidth(0.5)
      .moveTo(MARGIN, document.y + 2)
      .lineTo(MARGIN + 260, document.y + 2)
      .stroke();
    document.moveDown(0.4).fontSize(9);
    pdf.text(`Signed electronically on ${utc(signature.signedAt)}`, MARGIN, undefined, { width });
  }
}

// The certificate of completion: who signed, when, from where, and how each was known to be who they said.
function drawCompletionPage(pdf: PdfWriter, agreement: SealedAgreement) {
  const { document } = pdf;
  const width = document.page.width - 2 * MARGIN;
  document.addPage();
  document.fontSize(16);
  pdf.text('Certificate of completion', MARGIN, MARGIN, { width, weight: 'bold' });
  document.moveDown(0.6).fontSize(10);
  const rows: [string, string][] = [
    ['Agreement', agreement.title],
    ['Reference', agreement.id],
    ['Company', agreement.companyName],
    ['Sent', utc(agreement.sentAt)],
    ['Text SHA-256', agreementTextSha256(agreement)],
  ];
  for (const [label, value] of rows) pdf.text(`${label}: ${value}`, MARGIN, undefined, { width, lineGap: 2 });
  for (const signature of agreement.signatures) {
    document.moveDown(0.8).fontSize(11);
    pdf.text(`${partyLabel[signature.party]} signer`, MARGIN, undefined, { width, weight: 'bold' });
    document.fontSize(9);
    const lines: [string, string][] = [
      ['Name', signature.signerName],
      ['Email', signature.signerEmail],
      ...(signature.signerTitle ? [['Role', signature.signerTitle] as [string, string]] : []),
      ['Signature', signature.kind === 'drawn' ? 'Drawn by hand' : `Typed: ${signature.typedName ?? ''}`],
      ['Consented to sign electronically', utc(signature.consentedAt)],
      ['Signed', utc(signature.signedAt)],
      ['Identity', signature.identityCheck],
      ['IP address', signature.ipAddress || 'unknown'],
      ['Browser', signature.userAgent || 'unknown'],
    ];
    for (const [label, value] of lines) pdf.text(`${label}: ${value}`, MARGIN, undefined, { width, lineGap: 1 });
  }
  document.moveDown(1).fontSize(8).fillColor('#4b5563');
  pdf.text(
    'Sealed by Tandem with a PAdES signature: any change to this file after sealing shows the seal as broken in a PDF reader.',
    MARGIN,
    undefined,
    { width },
  );
  document.fillColor('black');
}

// The document's form, which PDFKit keeps private (initForm makes it): the signature field joins it.
interface AcroFormData {
  Fields: unknown[];
  DR?: unknown;
  Type?: string;
  SigFlags?: number;
}
type WithForm = PDFKit.PDFDocument & { _root: { data: { AcroForm: { data: AcroFormData } } } };
const hasForm = (document: PDFKit.PDFDocument): document is WithForm => {
  const root: unknown = Reflect.get(document, '_root');
  const data: unknown = typeof root === 'object' && root !== null ? Reflect.get(root, 'data') : undefined;
  return typeof data === 'object' && data !== null && 'AcroForm' in data;
};

// The signature's dictionary, its form field and widget, drawn into the PDF before it is finished, with room
// for the signature (the approach of @signpdf/placeholder-pdfkit, whose peer range stops at PDFKit 0.11).
function addSignaturePlaceholder(pdfkit: PDFKit.PDFDocument, signingTime: Date) {
  const signature = pdfkit.ref({
    Type: 'Sig',
    Filter: 'Adobe.PPKLite',
    SubFilter: SUBFILTER_ETSI_CADES_DETACHED,
    ByteRange: [0, DEFAULT_BYTE_RANGE_PLACEHOLDER, DEFAULT_BYTE_RANGE_PLACEHOLDER, DEFAULT_BYTE_RANGE_PLACEHOLDER],
    Contents: Buffer.from(String.fromCharCode(0).repeat(DEFAULT_SIGNATURE_LENGTH)),
    Reason: new String('Signed by every party through Tandem'),
    M: signingTime,
    Name: new String('Tandem'),
    Prop_Build: { Filter: { Name: 'Adobe.PPKLite' }, App: { Name: 'Tandem' } },
  });
  if (!hasForm(pdfkit)) pdfkit.initForm();
  if (!hasForm(pdfkit)) throw new Error('PDFKit made no form for the signature.');
  const form = pdfkit._root.data.AcroForm;
  // As @signpdf's placeholder does: the form says it holds signatures and is appended to only, and asks no
  // reader to redraw its fields (a redraw would change the signed bytes' appearance).
  form.data = {
    Type: 'AcroForm',
    SigFlags: SIG_FLAGS.SIGNATURES_EXIST | SIG_FLAGS.APPEND_ONLY,
    Fields: form.data.Fields,
    DR: form.data.DR,
  };
  const widget = pdfkit.ref({
    Type: 'Annot',
    Subtype: 'Widget',
    FT: 'Sig',
    Rect: [0, 0, 0, 0],
    V: signature,
    T: new String(`Signature${form.data.Fields.length + 1}`),
    F: 132,
    P: pdfkit.page.dictionary,
  });
  pdfkit.page.annotations.push(widget);
  form.data.Fields.push(widget);
  signature.end(undefined);
  widget.end(undefined);
}

// The agreement as signed, its completion page, sealed by the platform's certificate. Returns the file and
// its SHA-256 (kept with the agreement, so a copy can be checked against it).
export async function sealAgreementPdf(
  agreement: SealedAgreement,
  certificate: SealCertificate,
  now: Date,
): Promise<{ pdf: Buffer; sha256: string }> {
  const pdf = await createPdf({ title: agreement.title, now, margin: MARGIN });
  pdf.document.fontSize(18);
  pdf.text(agreement.title, MARGIN, MARGIN, { width: pdf.document.page.width - 2 * MARGIN, weight: 'bold' });
  pdf.document.moveDown(0.8);
  drawBody(pdf, agreement.body);
  drawSignatures(pdf, agreement.signatures);
  drawCompletionPage(pdf, agreement);
  addSignaturePlaceholder(pdf.document, now);
  const unsigned = await pdf.finish();
  const signer = new P12Signer(certificate.p12, { passphrase: certificate.passphrase });
  // The class, not the package's default instance: a CommonJS default reads differently once bundled.
  const sealed = await new SignPdf().sign(unsigned, signer, now);
  return { pdf: sealed, sha256: createHash('sha256').update(sealed).digest('hex') };
}
