import { countryName } from '~/shared/billing-details';
import { isEuMemberState, type TaxCategory, taxNotes } from '~/shared/tax';

// Which tax an invoice charges (decision 053), from who sells to whom: the seller's country and rate, the
// buyer's country and whether its VAT number holds. One rule for every document that charges tax: the
// invoice run, a funding, a release, the estimates that foretell them.

export interface TaxTreatment {
  category: TaxCategory;
  // What the invoice calls it: VAT, GST, or Tax for a sales tax.
  name: string;
  rateBasisPoints: number;
  // The legal wording the invoice prints; empty when the rate says it all.
  note: string;
}

export interface TaxRate {
  name: string;
  rateBasisPoints: number;
}

export function taxTreatmentOf({
  sellerCountry,
  sellerRate,
  buyerCountry,
  buyerHasValidVatId,
  salesTaxBasisPoints,
}: {
  sellerCountry: string;
  // The seller's country's rate in effect on the issue day; null where it has no VAT or GST in the table.
  sellerRate: TaxRate | null;
  buyerCountry: string;
  // A VAT number of the buyer's own country that passes its format and check digits (and VIES, where asked).
  buyerHasValidVatId: boolean;
  // The company's own rate an administrator set: the tax of a seller outside every VAT and GST regime.
  salesTaxBasisPoints: number;
}): TaxTreatment {
  if (sellerCountry === '' || sellerRate === null) {
    return { category: 'sales_tax', name: 'Tax', rateBasisPoints: salesTaxBasisPoints, note: '' };
  }
  const standard: TaxTreatment = {
    category: 'standard',
    name: sellerRate.name,
    rateBasisPoints: sellerRate.rateBasisPoints,
    note: '',
  };
  // A buyer that gave no country is taxed where the seller is: nothing shows it is abroad.
  if (buyerCountry === '' || buyerCountry === sellerCountry) return standard;
  const outside = (note: string): TaxTreatment => ({
    category: 'outside_scope',
    name: sellerRate.name,
    rateBasisPoints: 0,
    note,
  });
  if (isEuMemberState(sellerCountry)) {
    if (isEuMemberState(buyerCountry)) {
      // Business to business across member states: the buyer accounts for the VAT. A buyer with no valid
      // VAT number is treated as a consumer, taxed where the seller is.
      return buyerHasValidVatId
        ? { category: 'reverse_charge', name: sellerRate.name, rateBasisPoints: 0, note: taxNotes.euReverseCharge }
        : standard;
    }
    return outside(buyerCountry === 'GB' ? taxNotes.euOutsideScopeUk : taxNotes.euOutsideScope);
  }
  if (sellerCountry === 'GB') return outside(taxNotes.ukOutsideScope);
  return outside(taxNotes.outsideScope(`${countryName(sellerCountry)} ${sellerRate.name}`));
}
