import fs from 'node:fs/promises';
import path from 'node:path';
import type { PDFDocument, PDFForm } from 'pdf-lib';
import { formatUsTin, type UsTinType, type W9Classification, w9Classifications } from '~/shared/tax-forms';

// The IRS's own Form W-9 (Rev. March 2024) and W-8BEN (Rev. October 2021), filled through their AcroForm
// fields with pdf-lib (irs-forms/README.md says where the files come from). The signature is the talent's typed
// name, drawn on the signature line with the words that say it was signed electronically, and the server's date.

const FORMS_DIRECTORY = path.join(import.meta.dirname, 'irs-forms');

export interface W9Filling {
  kind: 'w9';
  legalName: string;
  businessName: string | null;
  classification: W9Classification;
  llcClassification: string | null;
  otherClassification: string | null;
  hasForeignPartners: boolean;
  exemptPayeeCode: string | null;
  fatcaCode: string | null;
  street: string;
  cityLine: string;
  tinType: UsTinType;
  // The nine digits.
  tin: string;
  requester: string;
}

export interface W8benFilling {
  kind: 'w8ben';
  legalName: string;
  citizenshipCountry: string;
  residence: { street: string; city: string; country: string };
  mailing: { street: string; city: string; country: string } | null;
  usTin: { type: UsTinType; digits: string } | null;
  foreignTin: string | null;
  foreignTinNotRequired: boolean;
  // YYYY-MM-DD.
  dateOfBirth: string;
  treaty: { country: string; article: string; rate: string; incomeType: string; conditions: string } | null;
}

export type IrsFormFilling = (W9Filling | W8benFilling) & { signatureName: string; signedAt: Date };

const W9 = 'topmostSubform[0].Page1[0].';
const W9_BOXES = `${W9}Boxes3a-b_ReadOrder[0].`;
const W8 = 'topmostSubform[0].Page1[0].';

// MM-DD-YYYY, as both forms ask for dates; the day in UTC, as the server signs.
const usDate = (day: string) => `${day.slice(5, 7)}-${day.slice(8, 10)}-${day.slice(0, 4)}`;

function setText(form: PDFForm, name: string, value: string | null | undefined) {
  if (value) form.getTextField(name).setText(value);
}

async function drawSignature(document: PDFDocument, { x, y }: { x: number; y: number }, name: string) {
  const { StandardFonts } = await import('pdf-lib');
  const font = await document.embedFont(StandardFonts.HelveticaOblique);
  const [page] = document.getPages();
  page?.drawText(`${name} (signed electronically)`, { x, y, size: 9, font });
}

function fillW9(form: PDFForm, filling: W9Filling) {
  setText(form, `${W9}f1_01[0]`, filling.legalName);
  setText(form, `${W9}f1_02[0]`, filling.businessName);
  form.getCheckBox(`${W9_BOXES}c1_1[${w9Classifications.indexOf(filling.classification)}]`).check();
  if (filling.classification === 'llc') setText(form, `${W9_BOXES}f1_03[0]`, filling.llcClassification);
  if (filling.classification === 'other') setText(form, `${W9_BOXES}f1_04[0]`, filling.otherClassification);
  if (filling.hasForeignPartners) form.getCheckBox(`${W9_BOXES}c1_2[0]`).check();
  setText(form, `${W9}f1_05[0]`, filling.exemptPayeeCode);
  setText(form, `${W9}f1_06[0]`, filling.fatcaCode);
  setText(form, `${W9}Address_ReadOrder[0].f1_07[0]`, filling.street);
  setText(form, `${W9}Address_ReadOrder[0].f1_08[0]`, filling.cityLine);
  setText(form, `${W9}f1_09[0]`, filling.requester);
  const digits = filling.tin;
  if (filling.tinType === 'ein') {
    setText(form, `${W9}f1_14[0]`, digits.slice(0, 2));
    setText(form, `${W9}f1_15[0]`, digits.slice(2));
  } else {
    // An ITIN goes in the social security number's boxes (the form's instructions for Part I).
    setText(form, `${W9}f1_11[0]`, digits.slice(0, 3));
    setText(form, `${W9}f1_12[0]`, digits.slice(3, 5));
    setText(form, `${W9}f1_13[0]`, digits.slice(5));
  }
}

function fillW8ben(form: PDFForm, filling: W8benFilling, countryName: (code: string) => string) {
  setText(form, `${W8}f_1[0]`, filling.legalName);
  setText(form, `${W8}f_2[0]`, countryName(filling.citizenshipCountry));
  setText(form, `${W8}f_3[0]`, filling.residence.street);
  setText(form, `${W8}f_4[0]`, filling.residence.city);
  setText(form, `${W8}f_5[0]`, countryName(filling.residence.country));
  if (filling.mailing) {
    setText(form, `${W8}f_6[0]`, filling.mailing.street);
    setText(form, `${W8}f_7[0]`, filling.mailing.city);
    setText(form, `${W8}f_8[0]`, countryName(filling.mailing.country));
  }
  if (filling.usTin) setText(form, `${W8}f_9[0]`, formatUsTin(filling.usTin.type, filling.usTin.digits));
  setText(form, `${W8}f_10[0]`, filling.foreignTin);
  if (filling.foreignTinNotRequired) form.getCheckBox(`${W8}c1_01[0]`).check();
  setText(form, `${W8}f_12[0]`, usDate(filling.dateOfBirth));
  if (filling.treaty) {
    setText(form, `${W8}f_13[0]`, countryName(filling.treaty.country));
    setText(form, `${W8}f_14[0]`, filling.treaty.article);
    setText(form, `${W8}f_15[0]`, filling.treaty.rate);
    setText(form, `${W8}f_16[0]`, filling.treaty.incomeType);
    setText(form, `${W8}f_18[0]`, filling.treaty.conditions);
  }
  form.getCheckBox(`${W8}c1_02[0]`).check();
}

// The filled form's bytes. Fields stay fillable (not flattened): it is the IRS's form, as a payer would get it.
export async function fillIrsForm(filling: IrsFormFilling, countryName: (code: string) => string): Promise<Uint8Array> {
  const { PDFDocument } = await import('pdf-lib');
  const file = filling.kind === 'w9' ? 'fw9.pdf' : 'fw8ben.pdf';
  const document = await PDFDocument.load(await fs.readFile(path.join(FORMS_DIRECTORY, file)), {
    updateMetadata: false,
  });
  const form = document.getForm();
  const signedOn = usDate(filling.signedAt.toISOString().slice(0, 10));
  if (filling.kind === 'w9') {
    fillW9(form, filling);
    // Part II's "Signature of U.S. person" and "Date" have no fields: they are drawn on the line.
    await drawSignature(document, { x: 120, y: 195 }, filling.signatureName);
    const { StandardFonts } = await import('pdf-lib');
    const font = await document.embedFont(StandardFonts.Helvetica);
    document.getPages()[0]?.drawText(signedOn, { x: 406, y: 195, size: 9, font });
  } else {
    fillW8ben(form, filling, countryName);
    await drawSignature(document, { x: 110, y: 74 }, filling.signatureName);
    setText(form, `${W8}Date[0]`, signedOn);
    setText(form, `${W8}f_21[0]`, filling.signatureName);
  }
  return document.save();
}
