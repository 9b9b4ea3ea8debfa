import { and, asc, eq } from 'drizzle-orm';
import { minorToDecimal } from '~/shared/money-format';
import { formatUsTin } from '~/shared/tax-forms';
import { necFormTexts } from '~/shared/year-end-forms';
import type { Database } from '../db/client';
import { necForms, taxForms, users } from '../db/schema';
import { buildCsv } from '../platform/build-csv';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import type { TaxIdCipher } from '../platform/tax-id-cipher';
import { necAccountNumber } from './issue-nec-forms';
import { holdsTaxDataReaderGrant, sealedFor } from './tax-form-records';

// The year's issued forms as the data file an administrator hands to a filing service (IRS FIRE or IRIS through
// Track1099, Tax1099 and the like, which import a CSV of the form's boxes): a row per form in force, with the whole
// TIN from the W-9 it was issued from — so only for the tax data reader grant, and each download audited.

// "Austin, TX 78701" → city, state, ZIP; a line that is not so shaped goes whole in City for the filer to split.
export function splitCityLine(line: string): { city: string; state: string; zip: string } {
  const match = /^(.+?),?\s+([A-Z]{2})\s+(\d{5}(?:-\d{4})?)$/.exec(line.trim());
  return match
    ? { city: match[1] ?? '', state: match[2] ?? '', zip: match[3] ?? '' }
    : { city: line.trim(), state: '', zip: '' };
}

export const NEC_FILE_HEADER = [
  'Tax year',
  'Form',
  'Corrected',
  'Payer name',
  'Payer TIN',
  'Payer address',
  'Payer phone',
  'Account number',
  'Recipient TIN type',
  'Recipient TIN',
  'Recipient name',
  'Recipient second name line',
  'Street address',
  'City',
  'State',
  'ZIP code',
  'City line as signed',
  'Recipient email',
  'Box 1 Nonemployee compensation',
  'Box 2 Direct sales of $5,000 or more',
  'Box 3 Excess golden parachute payments',
  'Box 4 Federal income tax withheld',
  'Issued on',
];

export async function renderNecFilingFile({
  db,
  cipher,
  year,
  actorId,
  ipAddress,
}: {
  db: Database;
  cipher: TaxIdCipher;
  year: number;
  actorId: string;
  ipAddress?: string;
}): Promise<{ fileName: string; csv: string }> {
  if (!(await holdsTaxDataReaderGrant(db, actorId))) throw new AppError('forbidden', necFormTexts.fileNeedsGrant);
  const rows = await db
    .select({ form: necForms, sealed: taxForms.usTinSealed, email: users.email })
    .from(necForms)
    .innerJoin(taxForms, eq(taxForms.id, necForms.taxFormId))
    .innerJoin(users, eq(users.id, necForms.applicantId))
    .where(and(eq(necForms.taxYear, year), eq(necForms.status, 'issued')))
    .orderBy(asc(necForms.recipientName), asc(necForms.applicantId));
  if (rows.length === 0) throw new AppError('not_found', necFormTexts.nothingToFile(year));
  const csv = buildCsv([
    NEC_FILE_HEADER,
    ...rows.map(({ form, sealed, email }) => {
      if (!sealed) throw new Error(`The W-9 of Form 1099-NEC ${form.id} holds no number.`);
      const tin = cipher.open(sealed, sealedFor(form.applicantId, 'us_tin'));
      const { city, state, zip } = splitCityLine(form.recipientCityLine);
      return [
        year,
        '1099-NEC',
        form.corrected ? 'Yes' : 'No',
        form.payerName,
        form.payerEin,
        form.payerAddress.trim().split('\n').join(', '),
        form.payerPhone,
        necAccountNumber(form.applicantId),
        form.recipientTinType.toUpperCase(),
        formatUsTin(form.recipientTinType, tin),
        form.recipientName,
        form.recipientBusinessName,
        form.recipientStreet,
        city,
        state,
        zip,
        form.recipientCityLine,
        email,
        minorToDecimal(form.box1Cents, 2),
        'No',
        '0.00',
        '0.00',
        form.issuedAt.toISOString().slice(0, 10),
      ];
    }),
  ]);
  await recordAuditEvent({
    db,
    event: {
      actorId,
      action: 'nec_forms.filing_file_downloaded',
      targetType: 'nec_forms',
      details: { year, forms: rows.length },
      ipAddress,
    },
  });
  return { fileName: `tandem-1099-nec-${year}.csv`, csv };
}
