import { eq, sql } from 'drizzle-orm';
import { type BillingDetails, billingDetailsTexts } from '~/shared/billing-details';
import { taxIdTexts } from '~/shared/tax-id-texts';
import type { Database } from '../../db/client';
import { billingProfiles, companies } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { recordAuditEvent } from '../../platform/record-audit-event';
import { checkTaxId } from '../money/tax-ids';
import { findBillingDetails } from './find-billing-details';
import { checkVatWithVies } from './vies';

type CompanyPart = Omit<
  BillingDetails,
  | 'tax_rate_basis_points'
  | 'payment_terms_days'
  | 'currency'
  | 'currency_is_fixed'
  | 'vat_check'
  | 'vat_checked_at'
  | 'email_e_invoice'
> & {
  currency?: BillingDetails['currency'];
  email_e_invoice?: boolean;
};

// What the billing profile records of a VAT number's check by VIES (decision 053).
type VatCheck = { vatCheck: '' | 'valid' | 'unavailable'; vatCheckedAt: Date | null };

// A tax id checked for the billing country (format and check digits), kept as invoices print it; an EU VAT
// number also asked of VIES where it is configured, unless it is the number already on file. VIES saying
// "not registered" refuses it; VIES not answering keeps the number, marked unchecked.
async function checkedTaxId({
  country,
  taxId,
  before,
  viesUrl,
}: {
  country: string;
  taxId: string;
  before: BillingDetails;
  viesUrl?: string;
}): Promise<{ taxId: string; check: VatCheck | null }> {
  if (taxId === '' || country === '') return { taxId, check: { vatCheck: '', vatCheckedAt: null } };
  const checked = checkTaxId(country, taxId);
  if (!checked.ok) throw new AppError('validation', checked.message, { tax_id: checked.message });
  const unchanged = checked.normalized === before.tax_id && country === before.country;
  if (unchanged) return { taxId: checked.normalized, check: null };
  if (!checked.viesCountry || !viesUrl)
    return { taxId: checked.normalized, check: { vatCheck: '', vatCheckedAt: null } };
  const vies = await checkVatWithVies(
    { countryCode: checked.viesCountry, vatNumber: checked.normalized.slice(2) },
    { url: viesUrl },
  );
  if (vies.status === 'invalid') {
    throw new AppError('validation', taxIdTexts.notRegistered, { tax_id: taxIdTexts.notRegistered });
  }
  return { taxId: checked.normalized, check: { vatCheck: vies.status, vatCheckedAt: new Date() } };
}

// Saves a company's billing details: the company its own part (legal name, address, tax id), an
// administrator the rates too. Invoices already issued keep what they were issued with (decision 044);
// the next invoice reads these. The audit log records what changed, before and after.
export async function saveBillingDetails({
  db,
  companyId,
  details,
  actorId,
  ipAddress,
  viesUrl,
}: {
  db: Database;
  companyId: string;
  details: CompanyPart & Partial<Pick<BillingDetails, 'tax_rate_basis_points' | 'payment_terms_days'>>;
  actorId: string;
  ipAddress?: string | null;
  // The VIES REST interface (config VIES_URL); without it, VAT numbers are checked by their digits alone.
  viesUrl?: string;
}): Promise<BillingDetails> {
  // Asked before the transaction: a slow VIES holds no lock.
  const { taxId, check } = await checkedTaxId({
    country: details.country,
    taxId: details.tax_id,
    before: await findBillingDetails({ db, companyId }),
    viesUrl,
  });
  await db.transaction(async (tx) => {
    // The company row locked: a currency change and the check that it has no job yet are one step.
    await tx.execute(sql`select id from companies where id = ${companyId} for update`);
    const before = await findBillingDetails({ db: tx, companyId });
    if (details.currency && details.currency !== before.currency) {
      if (before.currency_is_fixed) {
        throw new AppError('conflict', billingDetailsTexts.currencyFixed, {
          currency: billingDetailsTexts.currencyFixed,
        });
      }
      await tx.update(companies).set({ billingCurrency: details.currency }).where(eq(companies.id, companyId));
    }
    await tx.insert(billingProfiles).values({ companyId }).onConflictDoNothing();
    await tx
      .update(billingProfiles)
      .set({
        legalName: details.legal_name,
        addressLine1: details.address_line1,
        addressLine2: details.address_line2,
        city: details.city,
        region: details.region,
        postalCode: details.postal_code,
        country: details.country,
        taxId,
        ...(check ?? {}),
        ...(details.email_e_invoice === undefined ? {} : { emailEInvoice: details.email_e_invoice }),
        ...(details.tax_rate_basis_points === undefined ? {} : { taxRateBasisPoints: details.tax_rate_basis_points }),
        ...(details.payment_terms_days === undefined ? {} : { paymentTermsDays: details.payment_terms_days }),
        updatedAt: new Date(),
      })
      .where(eq(billingProfiles.companyId, companyId));
    const after = await findBillingDetails({ db: tx, companyId });
    const changed = (Object.keys(after) as (keyof BillingDetails)[]).filter(
      (key) => key !== 'currency_is_fixed' && key !== 'vat_checked_at' && before[key] !== after[key],
    );
    if (changed.length === 0) return;
    await recordAuditEvent({
      db: tx,
      event: {
        actorId,
        action: 'billing_details.updated',
        targetType: 'company',
        targetId: companyId,
        details: {
          changed,
          before: Object.fromEntries(changed.map((key) => [key, before[key]])),
          after: Object.fromEntries(changed.map((key) => [key, after[key]])),
        },
        ipAddress: ipAddress ?? undefined,
      },
    });
  });
  return findBillingDetails({ db, companyId });
}
