import { and, eq } from 'drizzle-orm';
import {
  type SubmitTaxForm,
  type TaxFormView,
  taxCountryName,
  taxFormTexts,
  usTinDigits,
  w8benExpiresAt,
} from '~/shared/tax-forms';
import type { Database } from '../db/client';
import { taxForms, users } from '../db/schema';
import { AppError } from '../platform/errors';
import type { FileStore } from '../platform/file-store';
import { linkStoredFile } from '../platform/link-stored-file';
import { recordAuditEvent } from '../platform/record-audit-event';
import type { TaxIdCipher } from '../platform/tax-id-cipher';
import { fillIrsForm, type IrsFormFilling } from './fill-irs-form';
import { sealedFor, taxFormViewOf } from './tax-form-records';

const PDF_MAX_BYTES = 5 * 1024 * 1024;

const last4 = (value: string) => value.replace(/[\s./-]/g, '').slice(-4);
const orNull = (value: string) => (value === '' ? null : value);

// The filling of the IRS's PDF, with the whole numbers: the document is what a payer keeps.
function fillingOf(form: SubmitTaxForm, requester: string, signedAt: Date): IrsFormFilling {
  const signature = { signatureName: form.signature_name, signedAt };
  if (form.kind === 'w9') {
    return {
      kind: 'w9',
      legalName: form.legal_name,
      businessName: orNull(form.business_name),
      classification: form.tax_classification,
      llcClassification: orNull(form.llc_classification),
      otherClassification: orNull(form.other_classification),
      hasForeignPartners: form.has_foreign_partners,
      exemptPayeeCode: orNull(form.exempt_payee_code),
      fatcaCode: orNull(form.fatca_code),
      street: form.address_street,
      cityLine: form.address_city,
      tinType: form.tin_type,
      tin: usTinDigits(form.tin),
      requester,
      ...signature,
    };
  }
  const usDigits = usTinDigits(form.us_tin);
  return {
    kind: 'w8ben',
    legalName: form.legal_name,
    citizenshipCountry: form.citizenship_country,
    residence: { street: form.residence_street, city: form.residence_city, country: form.residence_country },
    mailing: form.mailing_street
      ? { street: form.mailing_street, city: form.mailing_city, country: form.mailing_country }
      : null,
    usTin: usDigits ? { type: usDigits.startsWith('9') ? 'itin' : 'ssn', digits: usDigits } : null,
    foreignTin: orNull(form.foreign_tin),
    foreignTinNotRequired: form.foreign_tin === '' && form.foreign_tin_not_required,
    dateOfBirth: form.date_of_birth,
    treaty: form.treaty_claim
      ? {
          country: form.treaty_country,
          article: form.treaty_article,
          rate: form.treaty_rate,
          incomeType: form.treaty_income_type,
          conditions: form.treaty_conditions,
        }
      : null,
    ...signature,
  };
}

// A talent's W-9 or W-8BEN, signed now by the server's clock: the IRS's PDF filled and stored, the numbers
// sealed, the form before it superseded, all in one transaction. Audited with the numbers masked.
export async function submitTaxForm({
  db,
  files,
  cipher,
  applicantId,
  form,
  requester,
  ipAddress,
  now = new Date(),
}: {
  db: Database;
  files: FileStore;
  cipher: TaxIdCipher;
  applicantId: string;
  form: SubmitTaxForm;
  // Who asks for the form, printed as the W-9's requester: Tandem's legal name.
  requester: string;
  ipAddress?: string;
  now?: Date;
}): Promise<{ form: TaxFormView; replaced: boolean }> {
  const filling = fillingOf(form, requester, now);
  const pdf = await fillIrsForm(filling, taxCountryName);
  const day = now.toISOString().slice(0, 10);
  const file = await files.write({
    ownerId: applicantId,
    kind: 'tax_form',
    name: `${form.kind === 'w9' ? 'W-9' : 'W-8BEN'} signed ${day}.pdf`,
    contentType: 'application/pdf',
    content: (async function* () {
      yield pdf;
    })(),
    maxBytes: PDF_MAX_BYTES,
    tooLarge: () => new AppError('internal', taxFormTexts.submitFailed),
    empty: () => new AppError('internal', taxFormTexts.submitFailed),
  });
  const usTin = filling.kind === 'w9' ? { type: filling.tinType, digits: filling.tin } : filling.usTin;
  const foreignTin = filling.kind === 'w8ben' ? filling.foreignTin : null;
  try {
    return await db.transaction(async (tx) => {
      // One submission at a time per talent: the form superseded is the one in force now.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, applicantId)).for('update');
      const superseded = await tx
        .update(taxForms)
        .set({ status: 'superseded', supersededAt: now })
        .where(and(eq(taxForms.applicantId, applicantId), eq(taxForms.status, 'active')))
        .returning({ id: taxForms.id });
      const w9 = form.kind === 'w9' ? form : null;
      const w8 = form.kind === 'w8ben' ? form : null;
      const [row] = await tx
        .insert(taxForms)
        .values({
          applicantId,
          kind: form.kind,
          legalName: form.legal_name,
          businessName: w9 ? orNull(w9.business_name) : null,
          taxClassification: w9?.tax_classification ?? null,
          llcClassification: w9?.tax_classification === 'llc' ? w9.llc_classification : null,
          otherClassification: w9?.tax_classification === 'other' ? w9.other_classification : null,
          hasForeignPartners: w9?.has_foreign_partners ?? false,
          exemptPayeeCode: w9 ? orNull(w9.exempt_payee_code) : null,
          fatcaCode: w9 ? orNull(w9.fatca_code) : null,
          citizenshipCountry: w8?.citizenship_country ?? null,
          addressStreet: w9?.address_street ?? w8?.residence_street ?? '',
          addressCity: w9?.address_city ?? w8?.residence_city ?? '',
          addressCountry: w8?.residence_country ?? null,
          mailingStreet: w8 ? orNull(w8.mailing_street) : null,
          mailingCity: w8 ? orNull(w8.mailing_city) : null,
          mailingCountry: w8 ? orNull(w8.mailing_country) : null,
          usTinType: usTin?.type ?? null,
          usTinSealed: usTin ? cipher.seal(usTin.digits, sealedFor(applicantId, 'us_tin')) : null,
          usTinLast4: usTin ? last4(usTin.digits) : null,
          foreignTinSealed: foreignTin ? cipher.seal(foreignTin, sealedFor(applicantId, 'foreign_tin')) : null,
          foreignTinLast4: foreignTin ? last4(foreignTin) : null,
          foreignTinNotRequiredReason:
            w8 && w8.foreign_tin === '' && w8.foreign_tin_not_required ? w8.foreign_tin_not_required_reason : null,
          dateOfBirth: w8?.date_of_birth ?? null,
          treatyCountry: w8?.treaty_claim ? w8.treaty_country : null,
          treatyArticle: w8?.treaty_claim ? w8.treaty_article : null,
          treatyRate: w8?.treaty_claim ? w8.treaty_rate : null,
          treatyIncomeType: w8?.treaty_claim ? w8.treaty_income_type : null,
          treatyConditions: w8?.treaty_claim ? w8.treaty_conditions : null,
          signatureName: form.signature_name,
          signedAt: now,
          electronicConsentAt: now,
          signedFromIp: ipAddress ?? null,
          expiresAt: form.kind === 'w8ben' ? w8benExpiresAt(now) : null,
          pdfFileId: file.id,
          createdAt: now,
        })
        .returning();
      if (!row) throw new Error('The tax form was not stored.');
      if (!(await linkStoredFile({ tx, fileId: file.id, ownerId: applicantId, kind: 'tax_form', now }))) {
        throw new Error('The tax form’s PDF could not be linked.');
      }
      const view = taxFormViewOf(row, now);
      await recordAuditEvent({
        db: tx,
        event: {
          actorId: applicantId,
          action: 'tax_form.submitted',
          targetType: 'tax_form',
          targetId: row.id,
          details: {
            kind: row.kind,
            us_tin: view.us_tin_masked,
            foreign_tin: view.foreign_tin_masked,
            valid_until: view.valid_until,
            superseded: superseded.map((old) => old.id),
          },
          ipAddress,
        },
      });
      return { form: view, replaced: superseded.length > 0 };
    });
  } catch (error) {
    await files.discard(file.id);
    throw error;
  }
}
