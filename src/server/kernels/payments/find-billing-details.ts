import { eq, sql } from 'drizzle-orm';
import { DEFAULT_PAYMENT_TERMS_DAYS, DEFAULT_TAX_RATE_BASIS_POINTS } from '~/shared/billing';
import type { BillingDetails } from '~/shared/billing-details';
import { isBillingCurrency } from '~/shared/currencies';
import type { Database } from '../../db/client';
import { billingProfiles, companies } from '../../db/schema';
import { AppError } from '../../platform/errors';

// A company's billing details as stored, or empty with the default rates before it saves any. A company
// that does not exist (or was deleted) is not found.
export async function findBillingDetails({
  db,
  companyId,
}: {
  db: Database;
  companyId: string;
}): Promise<BillingDetails> {
  const [row] = await db
    .select({
      companyId: companies.id,
      currency: companies.billingCurrency,
      hasJobs: sql<boolean>`exists (select 1 from jobs j where j.company_id = ${companies.id})`,
      profile: billingProfiles,
    })
    .from(companies)
    .leftJoin(billingProfiles, eq(billingProfiles.companyId, companies.id))
    .where(eq(companies.id, companyId));
  if (!row) throw new AppError('not_found', 'This company does not exist.');
  const profile = row.profile;
  return {
    legal_name: profile?.legalName ?? '',
    address_line1: profile?.addressLine1 ?? '',
    address_line2: profile?.addressLine2 ?? '',
    city: profile?.city ?? '',
    region: profile?.region ?? '',
    postal_code: profile?.postalCode ?? '',
    country: profile?.country ?? '',
    tax_id: profile?.taxId ?? '',
    currency: isBillingCurrency(row.currency) ? row.currency : 'USD',
    currency_is_fixed: Boolean(row.hasJobs),
    vat_check: profile?.vatCheck ?? '',
    vat_checked_at: profile?.vatCheckedAt?.toISOString() ?? null,
    email_e_invoice: profile?.emailEInvoice ?? false,
    tax_rate_basis_points: profile?.taxRateBasisPoints ?? DEFAULT_TAX_RATE_BASIS_POINTS,
    payment_terms_days: profile?.paymentTermsDays ?? DEFAULT_PAYMENT_TERMS_DAYS,
  };
}
