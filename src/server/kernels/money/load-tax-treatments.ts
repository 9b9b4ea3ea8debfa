import { and, desc, eq, inArray, lte } from 'drizzle-orm';
import { DEFAULT_TAX_RATE_BASIS_POINTS } from '~/shared/billing';
import type { Database } from '../../db/client';
import { billingProfiles, taxRates } from '../../db/schema';
import { getInvoiceSeller } from '../../platform/get-invoice-seller';
import { checkTaxId } from './tax-ids';
import { type TaxRate, type TaxTreatment, taxTreatmentOf } from './tax-treatment';

// The VAT or GST rate of a country in effect on a day (YYYY-MM-DD): the latest that took effect by then.
export async function taxRateOn(db: Database, country: string, day: string): Promise<TaxRate | null> {
  if (country === '') return null;
  const [rate] = await db
    .select({ name: taxRates.name, rateBasisPoints: taxRates.rateBasisPoints })
    .from(taxRates)
    .where(and(eq(taxRates.country, country), lte(taxRates.effectiveFrom, day)))
    .orderBy(desc(taxRates.effectiveFrom))
    .limit(1);
  return rate ?? null;
}

// Each company's tax rule on a day (decision 053): Tandem's seller country and its rate, the company's
// billing country and VAT number. A company with no billing profile is a buyer of no known country.
export async function loadTaxTreatments(
  db: Database,
  companyIds: readonly string[],
  day: string,
): Promise<Map<string, TaxTreatment>> {
  if (companyIds.length === 0) return new Map();
  const seller = await getInvoiceSeller({ db });
  const [sellerRate, profiles] = await Promise.all([
    taxRateOn(db, seller.country, day),
    db
      .select({
        companyId: billingProfiles.companyId,
        country: billingProfiles.country,
        taxId: billingProfiles.taxId,
        salesTaxBasisPoints: billingProfiles.taxRateBasisPoints,
      })
      .from(billingProfiles)
      .where(inArray(billingProfiles.companyId, [...companyIds])),
  ]);
  const profileOf = new Map(profiles.map((profile) => [profile.companyId, profile]));
  return new Map(
    companyIds.map((companyId) => {
      const profile = profileOf.get(companyId);
      const buyerCountry = profile?.country ?? '';
      const taxId = profile?.taxId ?? '';
      return [
        companyId,
        taxTreatmentOf({
          sellerCountry: seller.country,
          sellerRate,
          buyerCountry,
          buyerHasValidVatId: taxId !== '' && checkTaxId(buyerCountry, taxId).ok,
          salesTaxBasisPoints: profile?.salesTaxBasisPoints ?? DEFAULT_TAX_RATE_BASIS_POINTS,
        }),
      ];
    }),
  );
}
